// npm run bench:pagefind [-- --pages N]: build a Pagefind index of N synthetic groups (default
// SUGGESTION_PAGES, what the build indexes at any catalogue size; try 100000 to see why), recorded
// the way the build records them: title, category, short description, and measure in real Chromium how many
// bytes the search box downloads for its first search (5 suggestions) and for a second one.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CATEGORIES, CITIES, TITLES } from '../db/seed-data.ts';
import { SUGGESTION_PAGES, writeSearchIndex } from '../src/features/search/pagefind.ts';
import type { Suggestion } from '../src/features/search/search.schema.ts';
import { launchBrowser } from '../tests/support/browser.ts';

const { values } = parseArgs({ options: { pages: { type: 'string', default: String(SUGGESTION_PAGES) } } });
const total = Number(values.pages);

function* syntheticGroups(): Generator<Suggestion> {
  for (let i = 0; i < total; i++) {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const stems = TITLES[category.slug] ?? ['Grupo de Amigos'];
    const stem = stems[Math.floor(i / CATEGORIES.length) % stems.length]!;
    const title = `${stem} ${CITIES[Math.floor(i / 97) % CITIES.length]} ${(i % 40) + 1}`;
    const description = `Grupo para quem gosta de ${stem.toLowerCase()}. Regras: respeito acima de tudo.`;
    // A UUID's length, as the build's records carry (their id is part of each fragment's meta).
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    yield { id, url: `/${category.slug}/grupo-${i}`, title, category: category.name, description };
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'pagefind-size-'));
try {
  let started = Date.now();
  const count = await writeSearchIndex(syntheticGroups(), path.join(dir, 'pagefind'));
  console.log(`indexed ${count} groups in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const page = `<!doctype html><html><body><script type="module">
    window.search = async (term) => {
      const pagefind = await import('/pagefind/pagefind.js');
      await pagefind.options({ excerptLength: 12 });
      const search = await pagefind.search(term);
      const data = await Promise.all(search.results.slice(0, 5).map((r) => r.data()));
      return { count: search.results.length, titles: data.map((d) => d.meta.title) };
    };</script></body></html>`;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/') return res.end(page);
    try {
      const body = await readFile(path.join(dir, decodeURIComponent(url.pathname)));
      const type = url.pathname.endsWith('.js')
        ? 'text/javascript'
        : url.pathname.endsWith('.wasm')
          ? 'application/wasm'
          : 'application/octet-stream';
      res.writeHead(200, { 'content-type': type }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const browser = await launchBrowser();
  try {
    const tab = await browser.newPage();
    let bytes = 0;
    let gzipped = 0;
    let requests = 0;
    tab.on('response', async (response) => {
      if (!response.url().includes('/pagefind/')) return;
      requests++;
      const body = await response.body().catch(() => Buffer.alloc(0));
      bytes += body.length;
      if (body.length > 20_000)
        console.log(
          `  ${response.url().replace(/^.*\/pagefind\//, '')}: ${(body.length / 1024).toFixed(1)} KiB`,
        );
      gzipped += gzipSync(body).length;
    });
    await tab.goto(`http://127.0.0.1:${port}/`);
    for (const term of ['futebol', 'concurso sao paulo', 'xadrez']) {
      bytes = 0;
      gzipped = 0;
      requests = 0;
      started = Date.now();
      const result = await tab.evaluate(
        (t) => (window as unknown as { search: (t: string) => Promise<unknown> }).search(t),
        term,
      );
      await tab.waitForTimeout(300);
      console.log(
        `search "${term}": ${requests} requests, ${(bytes / 1024).toFixed(1)} KiB (${(gzipped / 1024).toFixed(1)} KiB gzipped), ${Date.now() - started} ms`,
        JSON.stringify(result),
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
