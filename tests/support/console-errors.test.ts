// The rail itself: a throwaway vitest run with tests/support/console-errors.ts as its setup file fails the
// test that logs an unexpected error, and passes the ones that declared theirs (per test and per file).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'console-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the console.error rail', () => {
  it('fails a test that logs an error it did not expect, and only that one', async () => {
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    const setup = path.join(root, 'tests/support/console-errors.ts');
    writeFileSync(
      path.join(dir, 'vitest.config.mjs'),
      `export default { test: { include: ['*.check.ts'], setupFiles: [${JSON.stringify(setup)}] } };`,
    );
    writeFileSync(
      path.join(dir, 'a.check.ts'),
      [
        `import { expect, it } from 'vitest';`,
        `import { expectConsoleError } from ${JSON.stringify(setup)};`,
        `expectConsoleError(/whole file/);`,
        `it('quiet', () => expect(1).toBe(1));`,
        `it('unexpected', () => { console.error('[boom] something broke'); });`,
        `it('declared', () => { expectConsoleError(/provoked/); console.error('provoked on purpose'); });`,
        `it('declared for the file', () => { console.error('whole file'); });`,
      ].join('\n'),
    );
    const run = await promisify(execFile)(
      path.join(root, 'node_modules/.bin/vitest'),
      ['run', '--root', dir],
      {
        cwd: dir,
      },
    ).then(
      (done) => ({ code: 0, output: done.stdout + done.stderr }),
      (failed: { code: number; stdout: string; stderr: string }) => ({
        code: failed.code,
        output: failed.stdout + failed.stderr,
      }),
    );
    const output = stripVTControlCharacters(run.output);
    expect(run.code).toBe(1);
    expect(output).toContain('console.error during this test, which did not expect it');
    expect(output).toContain('[boom] something broke');
    expect(output).toMatch(/1 failed \| 3 passed/);
  }, 60_000);
});
