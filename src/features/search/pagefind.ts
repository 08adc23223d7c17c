// The Pagefind index behind the search box's instant suggestions. After `astro build`, built pages
// that mark their content with `data-pagefind-body` (the group pages: title, category and short
// description, nothing else) are indexed; other pages are skipped. Pagefind's page list (pf_meta)
// grows about 5 bytes per page and is part of every first search, so only the SUGGESTION_PAGES most
// clicked groups are indexed (about 200 KiB for a first search at any catalogue size, measured with
// `npm run bench:pagefind`); the full catalogue is searched by /buscar. Written to <dist>/pagefind.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export interface IndexedPage {
  /** the page's URL path, e.g. /esportes/futebol-de-varzea */
  url: string;
  html: string;
}

const MARKER = 'data-pagefind-body';
/** How many group pages the suggestions index (the most clicked ones). */
export const SUGGESTION_PAGES = 10_000;
const CONCURRENCY = 16;

/** Built HTML files under `dir` that carry the Pagefind marker, as URL + HTML. */
export async function* markedPages(dir: string, only?: Set<string>): AsyncGenerator<IndexedPage> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (file.startsWith(path.join(dir, 'pagefind'))) continue;
    const relative = path.relative(dir, file).split(path.sep).join('/');
    // build.format 'directory': a/b/index.html is served as /a/b (our URLs have no trailing slash).
    const url =
      `/${relative.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/\/$/, '') || '/';
    if (only && !only.has(url)) continue;
    const html = await readFile(file, 'utf8');
    if (!html.includes(MARKER)) continue;
    yield { url, html };
  }
}

/** Index the pages and write the Pagefind bundle to `outputPath`; returns how many were indexed. */
export async function writeSearchIndex(
  pages: AsyncIterable<IndexedPage>,
  outputPath: string,
): Promise<number> {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'pt' });
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  let count = 0;
  const pending = new Set<Promise<void>>();
  try {
    for await (const page of pages) {
      const job = index.addHTMLFile({ url: page.url, content: page.html }).then((result) => {
        if (result.errors.length) throw new Error(`Pagefind ${page.url}: ${result.errors.join('; ')}`);
        count++;
      });
      const tracked = job.finally(() => pending.delete(tracked));
      pending.add(tracked);
      if (pending.size >= CONCURRENCY) await Promise.race(pending);
    }
    await Promise.all(pending);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    return count;
  } finally {
    await pagefind.close();
  }
}

/** The paths of the most clicked groups, or undefined (index every marked page) without a database. */
async function popularPaths(logger: { warn(message: string): void }): Promise<Set<string> | undefined> {
  try {
    const { openDb } = await import('../../../db/client.ts');
    const { suggestionPaths } = await import('./search.server.ts');
    // Its own short-lived connection: a pool left open would keep the build process alive.
    const handle = await openDb();
    try {
      return await suggestionPaths(handle.db, SUGGESTION_PAGES);
    } finally {
      await handle.close();
    }
  } catch (error) {
    logger.warn(`Pagefind: no database (${(error as Error).message}); indexing every group page`);
    return undefined;
  }
}

/** Astro integration: index the built group pages once the build is done. */
export function pagefindIndex(): AstroIntegration {
  return {
    name: 'group-search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const started = Date.now();
        const count = await writeSearchIndex(
          markedPages(site, await popularPaths(logger)),
          path.join(site, 'pagefind'),
        );
        logger.info(`Pagefind: ${count} group pages indexed in ${Date.now() - started} ms`);
      },
    },
  };
}
