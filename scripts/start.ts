// npm start: the whole product on one machine, offline. Opens the embedded database (or DATABASE_URL),
// migrates, seeds when empty, builds the site and serves dist/ plus every function on
// http://localhost:8888 through @netlify/dev. It runs scheduled functions on their schedule and
// answers the local build hook with an incremental rebuild while the previous build stays online.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateDb, openDb } from '../db/client.ts';
import { isSeeded, seedDatabase, seedTags } from '../db/seed.ts';
import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from '../src/lib/site.ts';
import { adminFromEnv, printAdmin } from './platform/admin-account.ts';
import { startLocalDatabase } from './platform/database.ts';
import { edgeApplies, throughEdge, webRequest } from './platform/edge.ts';
import { startLocalWhatsApp } from './platform/local-whatsapp.ts';
import { handleMailPage, startMailCatcher } from './platform/mail-catcher.ts';
import { startScheduler } from './platform/scheduler.ts';
import { BUILD_HOOK_PATH, SiteBuilder } from './platform/site-builder.ts';

// @netlify/dev takes seconds to load: it loads while the mail catcher and the database start.
const netlifyModule = import('./platform/netlify.mjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? '127.0.0.1';
const siteUrl = `http://localhost:${port}`;

Object.assign(process.env, {
  ASTRO_TELEMETRY_DISABLED: '1',
  ASTRO_DISABLE_UPDATE_CHECK: 'true',
  LOCAL_PLATFORM: '1',
  SITE_URL: process.env.SITE_URL ?? siteUrl,
  BUILD_HOOK_URL: process.env.BUILD_HOOK_URL ?? `http://127.0.0.1:${port}${BUILD_HOOK_PATH}`,
  // The local builder coalesces bursts itself, so moderation shows up seconds later, not a minute.
  REBUILD_DEBOUNCE_SECONDS: process.env.REBUILD_DEBOUNCE_SECONDS ?? '5',
});

// Every e-mail goes to the local catcher (listed at /__platform/mail) unless SMTP_URL says otherwise.
const mail = await startMailCatcher();
process.env.SMTP_URL ??= mail.url;

// FAKE_WHATSAPP=1: invite checks go to a WhatsApp stand-in on this machine (README, 'Link health').
const whatsapp = await startLocalWhatsApp();

const database = await startLocalDatabase();
process.env.DATABASE_URL = database.url;

const handle = await openDb();
await migrateDb(handle);
const seeded = !(await isSeeded(handle.db));
if (seeded) {
  console.log('Base vazia: criando o catálogo de demonstração…');
  const result = await seedDatabase(handle.db, { admin: adminFromEnv() });
  printAdmin(result.admin);
} else await seedTags(handle.db);
await handle.close();

const builder = new SiteBuilder(root, process.env, console.log, 1500, database.id);
// A second start serves the previous build of this database at once and builds again in the background
// (the database may have changed while the platform was off), as after any change; anything else (a
// new or just-seeded database, no build yet, a build of another database) waits for a first build.
// That build is asked for once the platform answers, so it does not slow the start down.
const rebuildAfterStart = !seeded && builder.servesThisDatabase;
if (!rebuildAfterStart) {
  const first = await builder.build('first build');
  if (!first.ok) {
    await database.stop();
    console.error('The first build failed; see the output above.');
    process.exit(1);
  }
}

const { addressFromConnection, createNetlifyDev, functionsBuilt, handleNodeRequest, sendWebResponse } =
  await netlifyModule;
const netlify = createNetlifyDev({ projectRoot: root, serverAddress: siteUrl });
await netlify.start();
await functionsBuilt(netlify, siteUrl);
// Scheduled functions run once the platform answers (finding them loads each one, which takes a while).
let scheduler = { stop: () => {} };

const server = http.createServer(async (req, res) => {
  try {
    if (req.url === BUILD_HOOK_PATH && req.method === 'POST') {
      builder.request('build hook');
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
      return;
    }
    if (await handleMailPage(req, res, mail.dir)) return;
    // The edge functions stand in front of everything else, as on Netlify (decision 0015).
    if (edgeApplies(req)) {
      addressFromConnection(req);
      const response = await throughEdge(
        webRequest(req, siteUrl),
        async (request) => (await netlify.handle(request)) ?? (await notFound()),
      );
      sendWebResponse(response, res, req.method);
      return;
    }
    // context.ip comes from this connection, whatever x-forwarded-for says (as on Netlify).
    const result = await handleNodeRequest(netlify, req, siteUrl);
    sendWebResponse(result?.response ?? (await notFound()), res, req.method);
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Erro interno');
  }
});

/** Before the first build has written the site's 404 page: the same words, plainly. */
const PLAIN_NOT_FOUND = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${NOT_FOUND_TITLE}</title></head><body><h1>${NOT_FOUND_TITLE}</h1><p>${NOT_FOUND_TEXT}</p><p><a href="/">Voltar para a Página Inicial</a></p></body></html>`;

async function notFound() {
  const page = await netlify.handle(new Request(`${siteUrl}/404.html`));
  return new Response(page?.body ?? PLAIN_NOT_FOUND, {
    status: 404,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}

server.listen(port, host, () => {
  console.log(`\n  Pronto: ${siteUrl}\n  E-mails: ${siteUrl}/__platform/mail\n`);
  if (rebuildAfterStart) builder.request('start: the previous build is served meanwhile');
  // PLATFORM_SCHEDULER=off: no scheduled function runs by itself (the site tests call what they test).
  if (process.env.PLATFORM_SCHEDULER !== 'off')
    void startScheduler(root, netlify, console.log).then((started) => {
      scheduler = started;
    });
});

// On Netlify each function is on its own: here they share this process, so one function's unhandled
// failure is logged instead of taking the whole site down.
process.on('unhandledRejection', (error) => console.error('[platform] unhandled rejection:', error));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nParando…');
    scheduler.stop();
    builder.stop();
    server.close();
    server.closeAllConnections();
    await mail.stop().catch(() => {});
    await whatsapp?.close().catch(() => {});
    await netlify.stop().catch(() => {});
    await database.stop().catch(() => {});
    process.exit(0);
  });
}
