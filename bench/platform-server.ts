// The local platform without its own database or first build: the same @netlify/dev front door as
// `npm start` (functions, redirects, headers, dist/), pointed at the bench's scratch database.
// Started as a child process by the bench; prints 'Pronto:' when it listens. Its build hook builds and
// publishes as npm start's does (into .data/bench/builds, never the developer's own builds), and
// GET /__platform/builds answers how many builds started, finished and failed.
import http from 'node:http';
import path from 'node:path';
import { edgeApplies, throughEdge, webRequest } from '../scripts/platform/edge.ts';
import {
  addressFromConnection,
  createNetlifyDev,
  functionsBuilt,
  handleNodeRequest,
  sendWebResponse,
} from '../scripts/platform/netlify.mjs';
import { BUILD_HOOK_PATH, SiteBuilder } from '../scripts/platform/site-builder.ts';
import { NOT_FOUND_TITLE } from '../src/lib/site.ts';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const port = Number(process.env.PORT ?? 8899);
const siteUrl = `http://localhost:${port}`;
Object.assign(process.env, {
  ASTRO_TELEMETRY_DISABLED: '1',
  LOCAL_PLATFORM: '1',
  SITE_URL: process.env.SITE_URL ?? siteUrl,
});

const netlify = createNetlifyDev({ projectRoot: root, serverAddress: siteUrl });
await netlify.start();
// As `npm start` does: until the functions are bundled, every request (static files too) waits on them.
await functionsBuilt(netlify, siteUrl);

const builder = new SiteBuilder(
  root,
  process.env,
  () => {},
  1500,
  '',
  path.join(root, '.data', 'bench', 'builds'),
);

const server = http.createServer(async (req, res) => {
  try {
    if (req.url === BUILD_HOOK_PATH && req.method === 'POST') {
      builder.request('build hook');
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
      return;
    }
    if (req.url === '/__platform/builds') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(builder.counts));
      return;
    }
    const notFound = () => new Response(NOT_FOUND_TITLE, { status: 404 });
    // The edge functions in front, as npm start runs them (decision 0015).
    if (edgeApplies(req)) {
      addressFromConnection(req);
      const response = await throughEdge(
        webRequest(req, siteUrl),
        async (request) => (await netlify.handle(request)) ?? notFound(),
      );
      sendWebResponse(response, res, req.method);
      return;
    }
    const result = await handleNodeRequest(netlify, req, siteUrl);
    sendWebResponse(result?.response ?? notFound(), res, req.method);
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Erro interno');
  }
});
server.keepAliveTimeout = 30_000;
server.listen(port, '127.0.0.1', () => console.log(`Pronto: ${siteUrl}`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    builder.stop();
    server.close();
    server.closeAllConnections();
    await netlify.stop().catch(() => {});
    process.exit(0);
  });
}
