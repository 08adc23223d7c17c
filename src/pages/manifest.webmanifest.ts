// /manifest.webmanifest, built from the PWA settings (src/features/admin).
import type { APIRoute } from 'astro';
import { pwaForBuild, webManifest } from '#src/features/pwa/pwa-build.server.ts';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(webManifest(await pwaForBuild()), null, 2), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8' },
  });
