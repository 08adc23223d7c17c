import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findScheduledFunctions } from './scheduler.ts';

const root = mkdtempSync(path.join(tmpdir(), 'wa-sched-'));
mkdirSync(path.join(root, 'functions'));
writeFileSync(
  path.join(root, 'functions', 'expire.mjs'),
  "export default async () => new Response(null, { status: 204 });\nexport const config = { schedule: '*/5 * * * *' };\n",
);
writeFileSync(
  path.join(root, 'functions', 'api.mjs'),
  "export default async () => new Response('ok');\nexport const config = { path: '/api/x' };\n",
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('findScheduledFunctions', () => {
  // Netlify's function lister loads its parsers on first use: seconds on a busy 2-core machine (it
  // ran past vitest's 5 s default once, beside the site shards). Not a timing assertion.
  it('finds only the functions that declare a schedule, by name', async () => {
    expect(await findScheduledFunctions(root)).toEqual([{ name: 'expire', schedule: '*/5 * * * *' }]);
  }, 30_000);
});
