// /sw.js, built from the PWA settings: offline fallback page when enabled, self-removal when disabled.
import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import { pwaForBuild, serviceWorker } from '#src/features/pwa/pwa-build.server.ts';

export const GET: APIRoute = async () => {
  const pwa = await pwaForBuild();
  // A new version whenever the settings change, so browsers pick up the new worker.
  const version = createHash('sha256').update(JSON.stringify(pwa)).digest('hex').slice(0, 12);
  return new Response(serviceWorker(pwa, version), {
    headers: { 'content-type': 'text/javascript; charset=utf-8' },
  });
};
