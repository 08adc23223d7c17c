// npm run structure (part of npm test): the import rules of docs/decisions/0013-feature-boundaries.md.
// dependency-cruiser reads the graph of .ts/.tsx files (.dependency-cruiser.cjs holds the file-level
// rules: no cycle, no server code imported by an island); this script adds what it cannot see or say:
// - the imports of .astro files (dependency-cruiser does not read them): their frontmatter, which renders
//   on the server, and their client <script> blocks, with static imports and import() of a literal;
// - no cycle between files through an .astro file;
// - no cycle between features (the graph collapsed to src/features/<name>), each printed with the
//   imports that make it;
// - no island (.tsx, or a client script of an .astro file) reaching a *.server.ts through any chain of
//   runtime imports (type-only imports are erased, so they may).
// Exits 1 on any finding. `npm run structure -- <folder>` checks another checkout (the test's copy).
import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cruise, type IModule } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
process.chdir(root);

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const result = await cruise(['src', 'functions', 'db', 'scripts'], options, undefined, {
  tsConfig: extractTSConfig('tsconfig.json'),
});
if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text, not a graph');
const { summary } = result.output;
const problems: string[] = [];

/** An import as this script follows it: the file it reaches, and whether only types cross it. */
interface Edge {
  resolved: string;
  typeOnly: boolean;
}
/** A module of the graph: dependency-cruiser's .ts/.tsx modules plus the .astro files read here. */
interface Module {
  source: string;
  dependencies: Edge[];
  /** for an .astro file, the files its client scripts import (bundled for the browser) */
  clientImports?: string[];
}
const modules: Module[] = result.output.modules.map((m: IModule) => ({
  source: m.source,
  dependencies: m.dependencies.map((d) => ({
    resolved: d.resolved,
    typeOnly: d.dependencyTypes.includes('type-only'),
  })),
}));
for (const astro of globSync('src/**/*.astro')) modules.push(readAstro(astro));

for (const v of summary.violations) {
  const path = v.cycle?.length ? [v.from, ...v.cycle.map((c) => c.name)] : [v.from, v.to];
  problems.push(`${v.rule.name}: ${path.join(' → ')}`);
}

const byName = new Map(modules.map((m) => [m.source, m]));

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
    why.push(`${m.source} → ${d.resolved}${d.typeOnly ? ' (type)' : ''}`);
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

// Cycles between files through an .astro file (dependency-cruiser reports the others)
const fileDeps = (f: string) => byName.get(f)?.dependencies.map((d) => d.resolved) ?? [];
for (const scc of stronglyConnected(
  modules.map((m) => m.source),
  (f) => fileDeps(f).filter((d) => byName.has(d)),
)) {
  if (scc.length < 2 || !scc.some((f) => f.endsWith('.astro'))) continue;
  problems.push(`files import each other through an .astro file: {${scc.sort().join(', ')}}`);
}

// Islands reaching server code through runtime imports
const runtimeDeps = (m: Module) => m.dependencies.filter((d) => !d.typeOnly).map((d) => d.resolved);
const isTest = (f: string) => /\.test\.tsx?$/.test(f);
const islands = modules.map((m) => m.source).filter((f) => /^src\/.+\.tsx$/.test(f) && !isTest(f));
for (const m of modules) islands.push(...(m.clientImports ?? []).filter((f) => byName.has(f)));
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

/**
 * An .astro file's imports: its frontmatter's (server-side, `import type` erased) and its client
 * scripts' (bundled for the browser; not `is:inline`), static or `import()` of a literal.
 */
function readAstro(file: string): Module {
  const text = readFileSync(file, 'utf8');
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const dependencies = importsOf(frontmatter, file);
  const clientImports: string[] = [];
  for (const [, body] of text.matchAll(/<script(?![^>]*is:inline)[^>]*>([\s\S]*?)<\/script>/g))
    for (const edge of importsOf(body ?? '', file)) {
      dependencies.push(edge);
      clientImports.push(edge.resolved);
    }
  return { source: file, dependencies, clientImports };
}

/** The project files a piece of code imports (`import … from`, `import '…'`, `import('…')`). */
function importsOf(code: string, from: string): Edge[] {
  const edges: Edge[] = [];
  const pattern =
    /\bimport\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const [, type, staticSpec, dynamicSpec] of code.matchAll(pattern)) {
    const resolved = resolveSpecifier((staticSpec ?? dynamicSpec) as string, from);
    if (resolved) edges.push({ resolved, typeOnly: Boolean(type) });
  }
  return edges;
}

/** A specifier to a file of this checkout (package.json "imports" aliases included), or null for a package. */
function resolveSpecifier(spec: string, from: string): string | null {
  let file: string;
  if (spec.startsWith('#src/')) file = `src/${spec.slice(5)}`;
  else if (spec.startsWith('#db/')) file = `db/${spec.slice(4)}`;
  else if (spec.startsWith('.')) file = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  for (const candidate of [file, `${file}.ts`, `${file}.tsx`, `${file}/index.ts`])
    if (existsSync(candidate)) return candidate;
  return null;
}

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
