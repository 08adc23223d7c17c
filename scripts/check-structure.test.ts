// npm run structure must see imports that dependency-cruiser cannot: an .astro file's frontmatter and
// its client scripts' import() of a literal. Each case checks a copy of this checkout with one cycle
// injected through an .astro file, and expects the check to fail naming it.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const copies: string[] = [];

/** A copy of what the check reads, with `change` applied to it. */
function copyWith(change: (dir: string) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'structure-'));
  copies.push(dir);
  for (const entry of [
    'src',
    'functions',
    'db',
    'scripts',
    'package.json',
    'tsconfig.json',
    '.dependency-cruiser.cjs',
  ])
    cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  change(dir);
  return dir;
}

async function check(dir: string): Promise<{ code: number; output: string }> {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  try {
    const { stdout } = await promisify(execFile)(tsx, [path.join(dir, 'scripts/check-structure.ts'), dir]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('npm run structure', () => {
  it("fails on a cycle between features made by an .astro file's frontmatter", async () => {
    // groups → panel (the injected line) → groups (the panel shows the owner's groups)
    const dir = copyWith((d) => {
      const file = path.join(d, 'src/features/groups/Injected.astro');
      writeFileSync(
        file,
        "---\nimport UserPanel from '../panel/UserPanel.tsx';\n---\n<UserPanel client:load />\n",
      );
    });
    const { code, output } = await check(dir);
    expect(code).toBe(1);
    expect(output).toMatch(/features import each other: \{[^}]*groups[^}]*panel[^}]*\}/);
    expect(output).toContain('src/features/groups/Injected.astro → src/features/panel/UserPanel.tsx');
  }, 60_000);

  it("fails on a cycle made by an import() in an .astro file's client script", async () => {
    // The same cycle, through a lazy import of the browser's script only (no frontmatter import).
    const dir = copyWith((d) => {
      writeFileSync(
        path.join(d, 'src/features/groups/Injected.astro'),
        "<button>Painel</button>\n<script>\n  void import('../panel/UserPanel.tsx');\n</script>\n",
      );
    });
    const { code, output } = await check(dir);
    expect(code).toBe(1);
    expect(output).toMatch(/features import each other: \{[^}]*groups[^}]*panel[^}]*\}/);
    expect(output).toContain('src/features/groups/Injected.astro → src/features/panel/UserPanel.tsx');
  }, 60_000);
});
