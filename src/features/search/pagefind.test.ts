// The suggestions bundle written over the previous one, with Pagefind itself: the folder ends up
// byte for byte what a fresh write gives, and files that did not change are not written again.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeSearchIndex } from './pagefind.ts';
import type { Suggestion } from './search.schema.ts';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

const futebol: Suggestion = {
  id: '3f2a8c1e-0b7d-4e5f-9a6b-1c2d3e4f5a6b',
  url: '/esportes/futebol-de-varzea',
  title: 'Futebol de Várzea',
  category: 'Esportes',
  description: 'Peladas no domingo.',
};
const receitas: Suggestion = {
  id: '9b1c2d3e-4f5a-4b6c-8d7e-0f1a2b3c4d5e',
  url: '/culinaria/receitas-da-vovo',
  title: 'Receitas da Vovó',
  category: 'Culinária',
  description: 'Bolos e doces caseiros.',
};

/** Every file under a folder with its bytes and modification time, by relative path. */
function files(dir: string) {
  const found = new Map<string, { bytes: Buffer; mtimeMs: number }>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found.set(path.relative(dir, file), { bytes: readFileSync(file), mtimeMs: statSync(file).mtimeMs });
  }
  return found;
}

describe('writeSearchIndex', () => {
  it('brings the previous bundle up to date, writing only the files that changed', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'pagefind-sync-'));
    const kept = path.join(root, 'kept');
    await writeSearchIndex([futebol, receitas], kept);
    const stale = path.join(kept, 'fragment', 'pt_stale.pf_fragment');
    mkdirSync(path.dirname(stale), { recursive: true });
    writeFileSync(stale, 'x');
    const before = files(kept);

    const changed = { ...receitas, description: 'Bolos, doces e salgados.' };
    expect(await writeSearchIndex([futebol, changed], kept)).toBe(2);
    const fresh = path.join(root, 'fresh');
    await writeSearchIndex([futebol, changed], fresh);

    const after = files(kept);
    const expected = files(fresh);
    expect([...after.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [file, { bytes }] of expected) expect(after.get(file)?.bytes.equals(bytes), file).toBe(true);
    // The unchanged group's fragment (named by its content's hash) was left as it was.
    const untouched = [...after].filter(
      ([file, { mtimeMs }]) => file.startsWith('fragment') && before.get(file)?.mtimeMs === mtimeMs,
    );
    expect(untouched).toHaveLength(1);
  }, 60_000);
});
