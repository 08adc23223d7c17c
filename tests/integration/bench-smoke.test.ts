// npm run bench:smoke inside npm test: the bench script at a tiny size must run end to end and write
// results of the expected shape with sane values. Timings are never asserted.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const out = path.join(root, 'bench', 'out', `smoke-${process.pid}.json`);

describe('npm run bench:smoke', () => {
  it('seeds a scratch catalogue, measures the API, click ingest and rollup, and writes results', async () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    delete env.BENCH_DATABASE_URL;
    delete env.VITEST;
    await promisify(execFile)(
      process.execPath,
      [
        path.join(root, 'node_modules/.bin/tsx'),
        'bench/run.ts',
        '--sizes',
        '60',
        '--only',
        'api,clicks,rollup',
        '--events',
        '300',
        '--iterations',
        '3',
        '--seconds',
        '1',
        '--out',
        out,
      ],
      { cwd: root, env, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const results = JSON.parse(readFileSync(out, 'utf8'));
    rmSync(out, { force: true });
    const size = results.sizes['60'];
    expect(size.groups).toBe(60);
    expect(Object.keys(size.handlers)).toEqual(
      expect.arrayContaining([
        'home: featured',
        'category page 1',
        'category page 500',
        'search: rare word',
        'group by slug',
      ]),
    );
    for (const l of Object.values(size.handlers) as { n: number; p50: number; p95: number }[]) {
      expect(l.n).toBe(3);
      expect(l.p95).toBeGreaterThanOrEqual(l.p50);
    }
    const [handlers, statement] = size.clickIngest;
    expect(handlers.via).toBe('handlers');
    expect(handlers.accepted).toBeGreaterThan(0);
    expect(handlers.non2xx).toBe(0);
    expect(statement.via).toBe('statement');
    expect(statement.accepted).toBeGreaterThan(0);
    // Every click both loops counted is waiting for the rollup, and nothing else is.
    expect(size.rollup.pendingBefore).toBe(handlers.accepted + statement.accepted);
    expect(size.rollup.exact).toBe(true);
    expect(size.rollup.countersDelta).toBe(size.rollup.distinctVisitorDays);
    expect(results.targets.some((t: { name: string }) => t.name.startsWith('counters = distinct'))).toBe(
      true,
    );
  }, 300_000);
});
