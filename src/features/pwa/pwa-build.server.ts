// What the build needs from the PWA settings: read once per build (every page's <head> asks).
import { getDb } from '#db/client.ts';
import { getPwaSettings, type PwaJson } from './pwa.server.ts';

let cached: Promise<PwaJson> | undefined;

/** The PWA settings for this build. */
export function pwaForBuild(): Promise<PwaJson> {
  cached ??= getDb().then(getPwaSettings);
  return cached;
}

/** The web manifest (https://www.w3.org/TR/appmanifest/) from the settings. */
export function webManifest(pwa: PwaJson) {
  const icons = [
    pwa.icon192 && { src: pwa.icon192, sizes: '192x192', type: 'image/png', purpose: 'any' },
    pwa.icon512 && { src: pwa.icon512, sizes: '512x512', type: 'image/png', purpose: 'any' },
  ].filter(Boolean);
  return {
    name: pwa.appName,
    short_name: pwa.appName.slice(0, 12),
    description: pwa.description,
    lang: 'pt-BR',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: pwa.themeColor,
    background_color: pwa.backgroundColor,
    icons: icons.length ? icons : [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
  };
}

export const OFFLINE_PATH = '/offline';

/**
 * The service worker: pages network-first with the offline page as fallback, hashed assets cache-first.
 * When the PWA is disabled it unregisters itself, so earlier installs stop using it.
 */
export function serviceWorker(pwa: PwaJson, version: string): string {
  if (!pwa.enabled)
    return `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k)))).then(() => self.registration.unregister()));
});
`;
  return `const CACHE = 'grupos-${version}';
const OFFLINE = '${OFFLINE_PATH}';
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(OFFLINE)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()),
  );
});
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  if (url.pathname.startsWith('/_astro/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
`;
}
