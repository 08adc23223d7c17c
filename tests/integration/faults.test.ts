// Faults: the build hook failing keeps the rebuild request and a later dispatch retries it.
// (Database loss mid-request, webhooks before the order row and provider timeouts at checkout are
// not covered on this branch: see the bench report.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildRequests } from '../../db/schema.ts';
import { dispatchRebuilds, requestRebuild } from '../../src/features/rebuilds/rebuilds.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { setupTestDb } from '../support/db.ts';

let handle: Awaited<ReturnType<typeof setupTestDb>>;
let server: Server;
let hookStatus = 500;
let hookCalls = 0;

beforeAll(async () => {
  handle = await setupTestDb();
  server = createServer((_req, res) => {
    hookCalls++;
    res.writeHead(hookStatus).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.BUILD_HOOK_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.BUILD_HOOK_URL;
  resetEnvForTests();
  await new Promise((resolve) => server.close(resolve));
});

describe('build hook failing', () => {
  it('keeps the rebuild request as failed, and the next dispatch retries and sends it', async () => {
    await requestRebuild(handle.db, 'grupo aprovado');
    expect(hookCalls).toBe(1);
    const [failed] = await handle.db.select().from(rebuildRequests);
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toContain('500');
    expect(failed?.attempts).toBe(1);

    hookStatus = 200;
    expect(await dispatchRebuilds(handle.db)).toBe(1);
    expect(hookCalls).toBe(2);
    const [sent] = await handle.db.select().from(rebuildRequests);
    expect(sent?.status).toBe('running');
    expect(sent?.attempts).toBe(2);
  });
});
