// A function that serves several fixed paths (routeByPath) lists them twice: in its table and, as
// literals Netlify reads at bundle time, in config.path. Every listed path must reach the table: PUT, a
// method none of these routes serves, answers 405 there, and a path missing from the table would answer 404.

import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tabled = globSync('functions/*.ts', { cwd: root }).filter((file) =>
  readFileSync(path.join(root, file), 'utf8').includes('routeByPath('),
);

describe('functions routed by path', () => {
  it('exist', () => {
    expect(tabled.length).toBeGreaterThan(0);
  });

  for (const file of tabled)
    it(`${file}: every path in config.path is in its table`, async () => {
      const fn = (await import(path.join(root, file))) as {
        default: (req: Request, context: Context) => Promise<Response>;
        config: { path: string[] };
      };
      for (const listed of fn.config.path) {
        const res = await fn.default(
          new Request(`http://localhost${listed}`, { method: 'PUT' }),
          {} as Context,
        );
        expect(res.status, listed).toBe(405);
      }
      const unknown = await fn.default(
        new Request('http://localhost/api/nao-existe', { method: 'GET' }),
        {} as Context,
      );
      expect(unknown.status).toBe(404);
      // Importing a function's bundle of modules takes seconds on a busy machine.
    }, 30_000);
});
