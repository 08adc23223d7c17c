// The output folder kept between builds, on a real file system: trusted only when it is the build that
// Astro's cache manifest describes, pruned of what the new build no longer writes.
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareOutDir, recordBuild, STAMP } from './previous-build.ts';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A folder as a finished build leaves it, and the cacheDir with Astro's manifest of that build. */
function builtSite() {
  root = mkdtempSync(path.join(tmpdir(), 'previous-build-'));
  const outDir = path.join(root, 'dist');
  const cacheDir = path.join(root, 'cache');
  const files = {
    'index.html': '<h1>Início</h1>',
    'esportes/futebol/index.html': '<h1>Futebol</h1>',
    'esportes/volei/index.html': '<h1>Vôlei</h1>',
    'sitemap-0.xml': '<urlset/>',
    '_astro/app.abc123.js': 'console.log(1)',
    'favicon.svg': '<svg/>',
    _headers: '/*\n  X-Frame-Options: DENY',
    'pagefind/fragment/pt_1.pf_fragment': 'x',
    '.git/HEAD': 'ref: main',
  };
  for (const [file, text] of Object.entries(files)) write(path.join(outDir, file), text);
  write(path.join(cacheDir, 'incremental-build.json'), '{"version":1,"routes":{}}');
  const pages = ['index.html', 'esportes/futebol/index.html', 'esportes/volei/index.html', 'sitemap-0.xml'];
  recordBuild(outDir, cacheDir, pages);
  return { outDir, cacheDir, pages };
}

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function listed(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

describe('prepareOutDir', () => {
  it("keeps the recorded build's pages and synced folders, and removes everything else", () => {
    const { outDir, cacheDir, pages } = builtSite();
    expect(existsSync(path.join(outDir, STAMP))).toBe(true);

    const kept = prepareOutDir(outDir, cacheDir, ['pagefind']);

    expect([...(kept ?? [])].sort()).toEqual([...pages].sort());
    expect(listed(outDir)).toEqual([
      '.git/HEAD',
      'esportes/futebol/index.html',
      'esportes/volei/index.html',
      'index.html',
      'pagefind/fragment/pt_1.pf_fragment',
      'sitemap-0.xml',
    ]);
    // No stamp while the build runs: if it stops halfway, the next one does not trust the folder.
    expect(existsSync(path.join(outDir, STAMP))).toBe(false);
  });

  it.each([
    ['the folder has no stamp', ({ outDir }: Site) => rmSync(path.join(outDir, STAMP))],
    [
      "Astro's manifest changed since (a build into another folder)",
      ({ cacheDir }: Site) =>
        write(path.join(cacheDir, 'incremental-build.json'), '{"version":1,"routes":{"x":{}}}'),
    ],
    ['the record is missing', ({ cacheDir }: Site) => rmSync(path.join(cacheDir, 'previous-build.json'))],
    [
      'the record is not JSON',
      ({ cacheDir }: Site) => write(path.join(cacheDir, 'previous-build.json'), '{'),
    ],
    [
      "Astro's manifest is gone",
      ({ cacheDir }: Site) => rmSync(path.join(cacheDir, 'incremental-build.json')),
    ],
  ])('empties the folder, as Astro would, when %s', (_, mismatch) => {
    const site = builtSite();
    mismatch(site);
    expect(prepareOutDir(site.outDir, site.cacheDir, ['pagefind'])).toBeUndefined();
    expect(listed(site.outDir)).toEqual(['.git/HEAD']);
  });

  it('does nothing to a folder that does not exist', () => {
    root = mkdtempSync(path.join(tmpdir(), 'previous-build-'));
    expect(prepareOutDir(path.join(root, 'dist'), path.join(root, 'cache'))).toBeUndefined();
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });
});

type Site = ReturnType<typeof builtSite>;

describe('recordBuild', () => {
  it('deletes the kept pages the new build did not write, with the folders they leave empty', () => {
    const { outDir, cacheDir } = builtSite();
    const kept = prepareOutDir(outDir, cacheDir);
    write(path.join(outDir, 'esportes/basquete/index.html'), '<h1>Basquete</h1>');

    recordBuild(outDir, cacheDir, ['index.html', 'esportes/basquete/index.html'], kept);

    expect(listed(outDir)).toEqual([
      '.git/HEAD',
      '.previous-build',
      'esportes/basquete/index.html',
      'index.html',
    ]);
    const record = JSON.parse(readFileSync(path.join(cacheDir, 'previous-build.json'), 'utf8'));
    expect(record.files).toEqual(['index.html', 'esportes/basquete/index.html']);
    expect(readFileSync(path.join(outDir, STAMP), 'utf8')).toBe(record.manifest);
    // …and the next build trusts exactly that.
    expect([...(prepareOutDir(outDir, cacheDir) ?? [])]).toEqual(record.files);
  });

  it('removes a whole category folder when none of its pages is written again', () => {
    const { outDir, cacheDir } = builtSite();
    const kept = prepareOutDir(outDir, cacheDir);
    recordBuild(outDir, cacheDir, ['index.html'], kept);
    expect(existsSync(path.join(outDir, 'esportes'))).toBe(false);
  });

  it('records nothing to trust without an incremental cache', () => {
    const { outDir, cacheDir } = builtSite();
    rmSync(path.join(cacheDir, 'incremental-build.json'));
    rmSync(path.join(outDir, STAMP));
    recordBuild(outDir, cacheDir, ['index.html']);
    expect(existsSync(path.join(outDir, STAMP))).toBe(false);
    expect(prepareOutDir(outDir, cacheDir)).toBeUndefined();
  });
});

describe('with real Astro builds', () => {
  const repo = path.resolve(import.meta.dirname, '../..');
  // Inside the checkout, so the fixture resolves astro from node_modules.
  const fixture = path.join(repo, '.data', 'test-fixtures', `previous-build-${process.pid}`);
  const groupsFile = path.join(fixture, 'groups.json');
  afterEach(() => rmSync(fixture, { recursive: true, force: true }));

  function setUp() {
    const relative = (file: string) =>
      path.relative(fixture, path.join(repo, file)).split(path.sep).join('/');
    write(
      path.join(fixture, 'astro.config.mjs'),
      `import { defineConfig } from 'astro/config';
import { previousBuild } from '${relative('src/integrations/previous-build.ts')}';
export default defineConfig({
  cacheDir: './cache',
  logger: { entrypoint: new URL('${relative('src/integrations/build-log.mjs')}', import.meta.url) },
  integrations: [previousBuild()],
  experimental: { incrementalBuild: true },
  vite: { build: { emptyOutDir: false } },
});`,
    );
    write(
      path.join(fixture, 'src/pages/[slug].astro'),
      `---
import { readFileSync } from 'node:fs';
export function getStaticPaths() {
  const groups = JSON.parse(readFileSync(process.env.FIXTURE_GROUPS, 'utf8'));
  return groups.map((g) => ({ params: { slug: g.slug }, props: g, cacheKey: g.text }));
}
---
<h1>{Astro.props.text}</h1>`,
    );
  }

  async function build(outDir: string, groups: Record<string, string>) {
    writeFileSync(groupsFile, JSON.stringify(Object.entries(groups).map(([slug, text]) => ({ slug, text }))));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(repo, 'node_modules/.bin/astro'), 'build', '--root', fixture, '--outDir', outDir],
      { cwd: fixture, env: { ...process.env, FIXTURE_GROUPS: groupsFile } },
    );
    return stdout;
  }

  const page = (outDir: string, slug: string) => path.join(fixture, outDir, slug, 'index.html');
  const text = (outDir: string, slug: string) => readFileSync(page(outDir, slug), 'utf8');

  it('rebuilds over the previous output: unchanged pages stay untouched, removed ones go', async () => {
    setUp();
    await build('dist', { futebol: 'Futebol', volei: 'Vôlei', xadrez: 'Xadrez' });
    const untouched = statSync(page('dist', 'futebol')).mtimeMs;

    const log = await build('dist', { futebol: 'Futebol', volei: 'Vôlei de praia', basquete: 'Basquete' });

    expect(log).toContain('3 arquivos do build anterior mantidos no lugar');
    // The build log sums the pages up (build-log.mjs) instead of a line for each.
    expect(log).toContain('3 páginas: 2 renderizadas, 1 mantida do build anterior');
    expect(log).not.toContain('├─');
    expect(statSync(page('dist', 'futebol')).mtimeMs).toBe(untouched);
    expect(text('dist', 'volei')).toContain('Vôlei de praia');
    expect(text('dist', 'basquete')).toContain('Basquete');
    expect(existsSync(path.join(fixture, 'dist', 'xadrez'))).toBe(false);
    // The output folder is the only copy of the pages: Astro keeps none in its cacheDir.
    expect(existsSync(path.join(fixture, 'cache', 'incremental-build.json'))).toBe(true);
    expect(existsSync(path.join(fixture, 'cache', 'dist'))).toBe(false);
  }, 120_000);

  it('renders again a page missing from the kept folder (there is no other copy to restore)', async () => {
    setUp();
    await build('dist', { futebol: 'Futebol', volei: 'Vôlei' });
    rmSync(page('dist', 'volei'));
    const log = await build('dist', { futebol: 'Futebol', volei: 'Vôlei' });
    expect(log).toContain('2 páginas: 1 renderizada, 1 mantida do build anterior');
    expect(text('dist', 'volei')).toContain('Vôlei');
  }, 120_000);

  it('never trusts a folder from an older build after a build into another folder', async () => {
    setUp();
    await build('dist', { futebol: 'Futebol' });
    // Another build, into another folder, moves the cache on…
    await build('other', { futebol: 'Futebol society' });
    // …so dist/ no longer matches it: left in place, it would keep the old text.
    const log = await build('dist', { futebol: 'Futebol society' });
    expect(log).not.toContain('mantidos no lugar');
    expect(text('dist', 'futebol')).toContain('Futebol society');
  }, 120_000);
});
