// Content-Security-Policy computed from the build output: after the build, every inline <script> that
// Astro wrote (island hydration, small page scripts) is hashed and the policy goes into dist/_headers,
// so it always matches what the pages run and never needs 'unsafe-inline' for scripts.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Inline script bodies that execute (JSON data blocks are not scripts for CSP). */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_TYPE.test(attributes ?? '') || !body) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
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

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const START = '# content-security-policy (generated at build)';
const END = '# end content-security-policy';

/** Write (or replace) the policy block for every path in dist/_headers. */
export function writeCspHeader(distDir: string): string {
  const hashes = new Set<string>();
  for (const file of htmlFiles(distDir))
    for (const hash of inlineScriptHashes(readFileSync(file, 'utf8'))) hashes.add(hash);
  const policy = contentSecurityPolicy(hashes);
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
  return {
    name: 'csp-headers',
    hooks: {
      // Before any island hydrates (so only on pages that have islands): Zod without its eval probe.
      'astro:config:setup': ({ injectScript }) => {
        injectScript('before-hydration', "import '/src/lib/zod-jitless.ts';");
      },
      'astro:build:done': ({ dir, logger }) => {
        const policy = writeCspHeader(fileURLToPath(dir));
        logger.info(`Content-Security-Policy em _headers (${policy.match(/'sha256-/g)?.length ?? 0} hashes)`);
      },
    },
  };
}
