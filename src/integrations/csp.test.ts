import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes, writeCspHeader } from './csp.ts';

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
