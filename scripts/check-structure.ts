// npm run structure (part of npm test): the import rules of docs/decisions/0013-feature-boundaries.md.
// dependency-cruiser reads the graph (.dependency-cruiser.cjs holds the file-level rules: no cycle, no
// server code imported by an island); this script adds what it cannot say directly:
// - no cycle between features (the graph collapsed to src/features/<name>), each printed with the
//   imports that make it;
// - no island (.tsx, or a client script of an .astro file) reaching a *.server.ts through any chain of
//   runtime imports (type-only imports are erased, so they may).
// Exits 1 on any finding.
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cruise, type IModule } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const result = await cruise(['src', 'functions', 'db', 'scripts'], options, undefined, {
  tsConfig: extractTSConfig('tsconfig.json'),
});
if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text, not a graph');
const { modules, summary } = result.output;
const problems: string[] = [];

for (const v of summary.violations) {
  const path = v.cycle?.length ? [v.from, ...v.cycle.map((c) => c.name)] : [v.from, v.to];
  problems.push(`${v.rule.name}: ${path.join(' → ')}`);
}

// Features and the imports between them
const featureOf = (file: string) => /^src\/features\/([^/]+)\//.exec(file)?.[1];
const featureEdges = new Map<string, Map<string, string[]>>();
for (const m of modules) {
  const a = featureOf(m.source);
  if (!a) continue;
  for (const d of m.dependencies) {
    const b = featureOf(d.resolved);
    if (!b || a === b) continue;
    const out = featureEdges.get(a) ?? new Map<string, string[]>();
    featureEdges.set(a, out);
    const why = out.get(b) ?? [];
    out.set(b, why);
    why.push(`${m.source} → ${d.resolved}${d.dependencyTypes.includes('type-only') ? ' (type)' : ''}`);
  }
}
for (const scc of stronglyConnected([...featureEdges.keys()], (f) => [
  ...(featureEdges.get(f)?.keys() ?? []),
])) {
  if (scc.length < 2) continue;
  const members = new Set(scc);
  const lines = [`features import each other: {${scc.sort().join(', ')}}`];
  for (const a of scc)
    for (const [b, why] of featureEdges.get(a) ?? [])
      if (members.has(b)) lines.push(`  ${a} → ${b}: ${why.join('; ')}`);
  problems.push(lines.join('\n'));
}

// Islands reaching server code through runtime imports
const byName = new Map(modules.map((m) => [m.source, m]));
const runtimeDeps = (m: IModule) =>
  m.dependencies.filter((d) => !d.dependencyTypes.includes('type-only')).map((d) => d.resolved);
const isTest = (f: string) => /\.test\.tsx?$/.test(f);
const islands = modules.map((m) => m.source).filter((f) => /^src\/.+\.tsx$/.test(f) && !isTest(f));
for (const astro of globSync('src/**/*.astro')) {
  // dependency-cruiser does not read .astro files: their <script> blocks are bundled for the browser
  const text = readFileSync(astro, 'utf8');
  for (const [, body] of text.matchAll(/<script(?![^>]*is:inline)[^>]*>([\s\S]*?)<\/script>/g))
    for (const [, spec] of (body ?? '').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      if (!spec) continue;
      const file = spec.startsWith('#src/')
        ? `src/${spec.slice(5)}`
        : path.posix.normalize(path.posix.join(path.posix.dirname(astro), spec));
      if (byName.has(file)) islands.push(file);
    }
}
const seen = new Map<string, string | null>(); // file → the file that reached it first
const queue: string[] = [];
const reach = (file: string, from: string | null) => {
  if (seen.has(file)) return;
  seen.set(file, from);
  queue.push(file);
};
for (const f of islands) reach(f, null);
while (queue.length) {
  const f = queue.shift() as string;
  const m = byName.get(f);
  if (!m || f.endsWith('.server.ts')) continue;
  for (const d of runtimeDeps(m)) reach(d, f);
}
for (const [f] of seen) {
  if (!f.endsWith('.server.ts')) continue;
  const chain = [f];
  for (let p = seen.get(f); p; p = seen.get(p)) chain.unshift(p);
  problems.push(`island reaches server code: ${chain.join(' → ')}`);
}

if (problems.length) {
  console.error(`✖ ${problems.length} structure problem(s) (docs/decisions/0013-feature-boundaries.md):\n`);
  for (const p of problems) console.error(`${p}\n`);
  process.exit(1);
}
console.log(
  `✔ structure: ${modules.length} modules, ${featureEdges.size} features, no cycle, no server code in islands`,
);

/** Tarjan's strongly connected components. */
function stronglyConnected(nodes: string[], next: (n: string) => string[]): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      out.push(scc);
    }
  };
  for (const n of nodes) if (!idx.has(n)) visit(n);
  return out;
}
