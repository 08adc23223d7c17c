// The Pagefind index behind the search box's instant suggestions, indexed while `astro build` renders
// the pages and written at its end to <dist>/pagefind, from the database: one record per group (title,
// category, start of the description), the same data the group pages render. Building records instead
// of parsing the built HTML makes indexing ~4x faster (11 s -> 3 s at 10k groups). Pagefind's page list
// (pf_meta) grows about 5 bytes per record and is part of every first search, so only the
// SUGGESTION_PAGES most clicked groups are indexed (about 200 KiB for a first search at any catalogue
// size, measured with `npm run bench:pagefind`); the full catalogue is searched by /buscar.
//
// A rebuild finds the previous bundle in place (src/integrations/previous-build.ts keeps it), and most
// of its ~10k files (one fragment per group, named by its content's hash) are unchanged: the bundle is
// taken from Pagefind in memory and only the files that differ are written (at 10k groups on a slow
// disk, Pagefind writing all of them took 2.5-5 s; taking them in memory ~1.1 s, and syncing ~0.1 s).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Suggestion } from './search.schema.ts';

/** The bundle's folder in the built site (Pagefind's default, where the search box loads it from). */
export const SEARCH_INDEX_DIR = 'pagefind';

/** How many group pages the suggestions index (the most clicked ones). */
export const SUGGESTION_PAGES = 10_000;
// Records sent ahead of Pagefind's answers. Each answer needs a turn of this thread, which the build
// keeps busy: with 16 ahead, a 100k build fed Pagefind so slowly that indexing took 6-7 s instead of
// ~2.5 s and a rebuild waited for it; 1,000 ahead (about 0.5 MB) keeps Pagefind's process fed.
const IN_FLIGHT = 1000;

/** A Pagefind bundle in memory: its files and how many suggestions it indexes. */
interface SearchBundle {
  count: number;
  files: { path: string; content: Uint8Array }[];
}

/** Index the suggestions with Pagefind and take the bundle's files in memory. */
async function indexSuggestions(
  suggestions: Iterable<Suggestion> | AsyncIterable<Suggestion>,
): Promise<SearchBundle> {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'pt' });
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  let count = 0;
  const pending = new Set<Promise<void>>();
  try {
    for await (const { id, url, title, category, description, tags = [] } of suggestions) {
      const job = index
        .addCustomRecord({
          url,
          content: `${title}. ${category}. ${description}`,
          language: 'pt',
          meta: { title, category, id },
          // Filterable by category and by tag (#43), as /buscar's filters are.
          filters: { category: [category], tag: tags },
        })
        .then((result) => {
          if (result.errors.length) throw new Error(`Pagefind ${url}: ${result.errors.join('; ')}`);
          count++;
        });
      const tracked = job.finally(() => pending.delete(tracked));
      pending.add(tracked);
      if (pending.size >= IN_FLIGHT) await Promise.race(pending);
    }
    await Promise.all(pending);
    const bundle = await index.getFiles();
    if (bundle.errors.length) throw new Error(`Pagefind: ${bundle.errors.join('; ')}`);
    return { count, files: bundle.files };
  } finally {
    await pagefind.close();
  }
}

/** Index the suggestions and write the Pagefind bundle to `outputPath`; returns how many were indexed. */
export async function writeSearchIndex(
  suggestions: Iterable<Suggestion> | AsyncIterable<Suggestion>,
  outputPath: string,
): Promise<number> {
  const { count, files } = await indexSuggestions(suggestions);
  syncFolder(outputPath, files);
  return count;
}

/** Make `dir` hold exactly `files`: write the ones missing or different, delete the others. */
function syncFolder(dir: string, files: { path: string; content: Uint8Array }[]) {
  const wanted = new Set(files.map((file) => path.normalize(file.path)));
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name));
    if (!entry.isDirectory() && !wanted.has(relative)) rmSync(path.join(dir, relative), { force: true });
  }
  for (const file of files) {
    const target = path.join(dir, file.path);
    const content = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
    let current: Buffer | undefined;
    try {
      current = readFileSync(target);
    } catch {}
    if (current?.equals(content)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}

/** The most clicked public groups, read with a short-lived connection (a pool would keep the build alive). */
async function popularGroups(): Promise<Suggestion[]> {
  const { openDb } = await import('../../../db/client.ts');
  const { suggestions } = await import('./search.server.ts');
  const handle = await openDb();
  try {
    return await suggestions(handle.db, SUGGESTION_PAGES);
  } finally {
    await handle.close();
  }
}

/**
 * Astro integration: index the most clicked groups while the site builds, and write the bundle once
 * the pages are done. Pagefind indexes in its own process, beside the pages on the other core: in a
 * 100k rebuild, where Astro mostly checks that unchanged pages are in place, indexing after the pages
 * added ~2.5 s.
 */
export function pagefindIndex(): AstroIntegration {
  let bundle: Promise<SearchBundle & { readMs: number; indexMs: number }> | undefined;
  return {
    name: 'group-search-index',
    hooks: {
      'astro:build:start': () => {
        const started = Date.now();
        bundle = popularGroups().then(async (groups) => {
          const read = Date.now();
          const indexed = await indexSuggestions(groups);
          return { ...indexed, readMs: read - started, indexMs: Date.now() - read };
        });
        // Awaited at build:done; a build that fails before then must not also report this.
        bundle.catch(() => {});
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!bundle) throw new Error('Pagefind: the index was not started with the build');
        const { count, files, readMs, indexMs } = await bundle;
        const started = Date.now();
        syncFolder(path.join(fileURLToPath(dir), SEARCH_INDEX_DIR), files);
        logger.info(
          `Pagefind: ${count} groups read in ${readMs} ms, indexed in ${indexMs} ms (while the pages were built), written in ${Date.now() - started} ms`,
        );
      },
    },
  };
}
