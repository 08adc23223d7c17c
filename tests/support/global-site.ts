// Once per run of the site tests: the real local platform (npm start's script) on free ports with a
// throwaway embedded database, so build and browser tests see exactly what a developer sees.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/platform/database.ts';
import { SITE_INVITES, startFakeWhatsApp } from './fake-whatsapp.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    siteDatabaseUrl: string;
    adminEmail: string;
    adminPassword: string;
    whatsappUrl: string;
    platformStatusUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wa-site-'));
  const [port, dbPort] = [await freePort(), await freePort()];
  const admin = { email: 'admin@teste.local', password: 'senha-admin-de-teste' };
  // Invite checks go to a fake WhatsApp: the known site invites answer live, dead or as a channel;
  // every other code a server error (inconclusive), so other journeys' submissions go through.
  const whatsapp = await startFakeWhatsApp({ unknownCodes: 'server-error' });
  whatsapp.setInvite(SITE_INVITES.live.code, 'live', SITE_INVITES.live.title);
  whatsapp.setInvite(SITE_INVITES.dead.code, 'dead');
  whatsapp.setInvite(SITE_INVITES.deadGroup.code, 'dead');
  whatsapp.setInvite(SITE_INVITES.channel.code, 'channel', SITE_INVITES.channel.title);
  whatsapp.setInvite(SITE_INVITES.claim.code, 'live', SITE_INVITES.claim.title);
  // The app's build hook (BUILD_HOOK_URL) goes to a recorder that only counts the calls: a test that
  // asserts on a rebuilt page asks the platform for the rebuild itself and waits for it
  // (tests/support/site-build.ts), so no build runs that nothing waits for.
  const status = { hookCalls: 0, buildsStarted: 0, buildsFinished: 0, buildsFailed: 0 };
  const recorder = await startStatusServer(status);
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, 'node_modules/.bin/tsx'), 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      PGLITE_PORT: String(dbPort),
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      WHATSAPP_INVITE_BASE: whatsapp.url,
      BUILD_HOOK_URL: `${recorder.url}/build-hook`,
      // No site test is about the schedule (scripts/platform/scheduler.test.ts is): link checks, rollups
      // and the outbox's retries would only run through the tests' data in the background.
      PLATFORM_SCHEDULER: 'off',
      // Passwords hash at scrypt N=2^14 here as in the other tests (vitest.config.ts).
      PASSWORD_HASH_LOG_N: '14',
      // A handful of group pages pre-rendered, the others rendered on demand (tests/site/group-pages.test.ts).
      PRERENDER_GROUPS: '5',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stopping = false;
  // The platform's builder logs '[build] <reason>: building…', then '[build] done in …' or '[build] failed …'.
  let partial = '';
  const countBuilds = (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('[build] ')) continue;
      if (line.endsWith(': building…')) status.buildsStarted++;
      else if (line.startsWith('[build] done in ')) status.buildsFinished++;
      else if (line.startsWith('[build] failed ')) {
        status.buildsFinished++;
        status.buildsFailed++;
      }
    }
  };
  const ready = new Promise<void>((resolve, reject) => {
    // Only the tail is kept (and searched): the platform logs every rebuild for the whole run.
    const onData = (chunk: Buffer) => {
      const next = output + chunk.toString();
      if (next.includes('Pronto:')) resolve();
      output = next.slice(-16_000);
    };
    child.stdout.on('data', (chunk: Buffer) => countBuilds(chunk.toString()));
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) =>
      reject(new Error(`the platform exited (${code}) before it was ready:\n${output}`)),
    );
  });
  await ready;
  // A platform that dies mid-run fails every later test with ECONNREFUSED: say why, once.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[site] the platform exited (${code ?? signal}):\n${output.slice(-8000)}`);
  });
  project.provide('siteUrl', `http://127.0.0.1:${port}`);
  project.provide(
    'siteDatabaseUrl',
    `postgres://postgres:postgres@127.0.0.1:${dbPort}/postgres?sslmode=disable`,
  );
  project.provide('adminEmail', admin.email);
  project.provide('adminPassword', admin.password);
  project.provide('whatsappUrl', whatsapp.url);
  project.provide('platformStatusUrl', `${recorder.url}/status`);
  return async () => {
    stopping = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    rmSync(dataDir, { recursive: true, force: true });
    await whatsapp.close();
    await recorder.close();
  };
}

/** POST /build-hook counts a call of the app's build hook; GET /status answers the counts. */
async function startStatusServer(status: Record<string, number>) {
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/build-hook') {
      status.hookCalls = (status.hookCalls ?? 0) + 1;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"recorded":true}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(status));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
