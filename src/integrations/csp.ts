// Content-Security-Policy computed from the build output: after the build, every inline <script> that
// Astro wrote (island hydration, small page scripts) is hashed and the policy goes into dist/_headers,
// so it always matches what the pages run and never needs 'unsafe-inline' for scripts.
//
// A rebuild leaves most pages untouched (previous-build.ts), so each page's hashes are remembered in
// the cacheDir with its size and modification time, and a page whose size and time have not changed is
// not read again: reading 92k pages took 12-19 s of a 100k rebuild on a disk whose cache had dropped
// them; checking their size and time takes under a second.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Inline script bodies that execute (JSON data blocks are not scripts for CSP). */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/**
 * The hashes of the inline scripts in a page's bytes. The page is read as latin1 (one character per
 * byte, no UTF-8 decoding: 3x faster over 100k pages), so each body is hashed exactly as served.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.toString('latin1').matchAll(INLINE_SCRIPT)) {
    if (DATA_TYPE.test(attributes ?? '') || !body) continue;
    const bytes = Buffer.from(body, 'latin1');
    hashes.push(`'sha256-${createHash('sha256').update(bytes).digest('base64')}'`);
  }
  return hashes;
}

/** The policy: only our origin, plus what the pages need (data:/blob: images, Pagefind's WebAssembly). */
export function contentSecurityPolicy(scriptHashes: Iterable<string>): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${[...new Set(scriptHashes)].sort().join(' ')}`.trim(),
    // Style attributes (React style={…}, Astro scoped styles) are harmless without script injection.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every .html file under a folder (the fallback when the build does not say what it wrote). */
function htmlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Each page's inline script hashes as of the last build, in the cacheDir. */
const PAGE_HASHES = 'csp-pages.json';

interface PageHashes {
  /** every hash seen, once */
  hashes: string[];
  /** page path -> [mtimeMs, size, ...indexes into `hashes`] */
  pages: Record<string, number[]>;
}

function readPageHashes(file: string): PageHashes {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as PageHashes;
    if (Array.isArray(record.hashes) && record.pages && typeof record.pages === 'object') return record;
  } catch {}
  return { hashes: [], pages: {} };
}

/**
 * Every inline script hash of the given pages. With a `cacheDir`, a page whose size and modification
 * time are those recorded by the last build keeps its recorded hashes; the others are read.
 */
export function pageScriptHashes(pages: Iterable<string>, cacheDir?: string): Set<string> {
  const recordFile = cacheDir && path.join(cacheDir, PAGE_HASHES);
  const previous = recordFile ? readPageHashes(recordFile) : { hashes: [], pages: {} };
  const next: PageHashes = { hashes: [], pages: {} };
  const index = new Map<string, number>();
  for (const file of pages) {
    const { mtimeMs, size } = statSync(file);
    const known = previous.pages[file];
    const hashes =
      known && known[0] === mtimeMs && known[1] === size
        ? known.slice(2).map((i) => previous.hashes[i] as string)
        : inlineScriptHashes(readFileSync(file));
    const ids = hashes.map((hash) => {
      let id = index.get(hash);
      if (id === undefined) {
        id = next.hashes.push(hash) - 1;
        index.set(hash, id);
      }
      return id;
    });
    next.pages[file] = [mtimeMs, size, ...ids];
  }
  if (recordFile) writeFileSync(recordFile, JSON.stringify(next));
  return new Set(next.hashes);
}

const START = '# content-security-policy (generated at build)';
const END = '# end content-security-policy';

/** Write (or replace) the policy block for every path in dist/_headers, from the given pages. */
export function writeCspHeader(
  distDir: string,
  pages: Iterable<string> = htmlFilesUnder(distDir),
  cacheDir?: string,
): string {
  const policy = contentSecurityPolicy(pageScriptHashes(pages, cacheDir));
  const headersFile = path.join(distDir, '_headers');
  const previous = existsSync(headersFile) ? readFileSync(headersFile, 'utf8') : '';
  const start = previous.indexOf(START);
  const end = previous.indexOf(END);
  const kept =
    start >= 0 && end > start
      ? previous.slice(0, start) + previous.slice(end + END.length).replace(/^\n/, '')
      : previous;
  writeFileSync(headersFile, `${kept}${START}\n/*\n  Content-Security-Policy: ${policy}\n${END}\n`);
  return policy;
}

export function cspHeaders(): AstroIntegration {
  let publicDir = '';
  let cacheDir = '';
  return {
    name: 'csp-headers',
    hooks: {
      // Before any island hydrates (so only on pages that have islands): Zod without its eval probe.
      'astro:config:setup': ({ injectScript }) => {
        injectScript('before-hydration', "import '/src/lib/zod-jitless.ts';");
      },
      'astro:config:done': ({ config }) => {
        publicDir = fileURLToPath(config.publicDir);
        cacheDir = fileURLToPath(config.cacheDir);
      },
      // The build says which files it wrote (listing 100k folders again would take seconds); pages
      // copied verbatim from public/ are added.
      'astro:build:done': ({ dir, assets, logger }) => {
        const written = [...assets.values()].flat().map((url) => fileURLToPath(url));
        const copied = existsSync(publicDir)
          ? htmlFilesUnder(publicDir).map((file) =>
              path.join(fileURLToPath(dir), path.relative(publicDir, file)),
            )
          : [];
        const pages = [...written, ...copied].filter((file) => file.endsWith('.html'));
        const policy = writeCspHeader(fileURLToPath(dir), pages, cacheDir);
        logger.info(
          `Content-Security-Policy em _headers (${pages.length} páginas, ${policy.match(/'sha256-/g)?.length ?? 0} hashes)`,
        );
      },
    },
  };
}
