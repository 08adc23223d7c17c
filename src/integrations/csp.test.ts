import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes, pageScriptHashes, writeCspHeader } from './csp.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('CSP from the build output', () => {
  it('hashes inline scripts only: not external ones nor JSON data blocks', () => {
    const html = `<script>a()</script><script type="module" src="/_astro/x.js"></script>
      <script type="application/ld+json">{"@type":"Thing"}</script><script type="module">b()</script>`;
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([sha('a()'), sha('b()')]);
  });

  it('hashes a body with accents and emoji byte for byte, as the browser does', () => {
    const html = '<p>Olá</p><script>toast("Ação concluída 🎉")</script>';
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([sha('toast("Ação concluída 🎉")')]);
  });

  it('reads only the pages it is given when the build lists them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'csp-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'listed.html'), '<script>listed()</script>');
    writeFileSync(path.join(dir, 'other.html'), '<script>other()</script>');
    const policy = writeCspHeader(dir, [path.join(dir, 'listed.html')]);
    expect(policy).toContain(sha('listed()'));
    expect(policy).not.toContain(sha('other()'));
  });

  it("keeps an unchanged page's recorded hashes (same size and time) and reads the pages that changed", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'csp-'));
    dirs.push(dir);
    const [kept, changed] = [path.join(dir, 'kept.html'), path.join(dir, 'changed.html')];
    const page = (file: string, script: string, seconds: number) => {
      writeFileSync(file, `<script>${script}</script>`);
      utimesSync(file, seconds, seconds);
    };
    page(kept, 'one()', 1_000);
    page(changed, 'two()', 1_000);
    expect(pageScriptHashes([kept, changed], dir)).toEqual(new Set([sha('one()'), sha('two()')]));

    // Same size and time: not read again (so this edit, which no build would make, goes unseen).
    page(kept, 'won()', 1_000);
    page(changed, 'three()', 2_000);
    expect(pageScriptHashes([kept, changed], dir)).toEqual(new Set([sha('one()'), sha('three()')]));
    // A different size is read even at the same time, and without a cacheDir every page is read.
    page(kept, 'four()', 1_000);
    expect(pageScriptHashes([kept], dir)).toEqual(new Set([sha('four()')]));
    page(kept, 'fiv()', 1_000);
    expect(pageScriptHashes([kept])).toEqual(new Set([sha('fiv()')]));
  });

  it('writes one policy block into _headers and replaces it on the next build', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'csp-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, '_headers'), '/x\n  X-Test: 1\n');
    writeFileSync(path.join(dir, 'index.html'), '<script>one()</script>');
    writeCspHeader(dir);
    writeFileSync(path.join(dir, 'index.html'), '<script>two()</script>');
    writeCspHeader(dir);
    const headers = readFileSync(path.join(dir, '_headers'), 'utf8');
    expect(headers.startsWith('/x\n  X-Test: 1\n')).toBe(true);
    expect(headers.match(/Content-Security-Policy/g)).toHaveLength(1);
    expect(headers).toContain(sha('two()'));
    expect(headers).not.toContain(sha('one()'));
    expect(headers).not.toMatch(/script-src[^;\n]*'unsafe-inline'/);
  });
});
