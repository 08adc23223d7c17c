// Takedowns at the edge (decision 0015): the list of held groups kept in Netlify Blobs, the markers our
// own components write around a group in the HTML, and what the edge does with a response. Pure, web
// APIs only: the same code runs in Netlify's edge runtime (Deno) and in the local platform (Node).
import { GROUP_META_NAME } from '../../lib/takedown-marks.ts';

/** The Blobs store and key of the takedown list. */
export const TAKEDOWN_STORE = 'takedowns';
export const TAKEDOWN_LIST_KEY = 'list';
/** Purges that failed, retried by the scheduled dispatcher. */
export const PENDING_PURGES_KEY = 'pending-purges';
/** How long an edge instance or a function keeps the list it read (a takedown shows within this + a read). */
export const TAKEDOWN_LIST_TTL_MS = 2000;

/** What the list holds: the held groups, their pictures' keys, and the pictures of 18+ groups. */
export interface TakedownList {
  /** ids of groups with an active hold */
  groups: string[];
  /** stored picture keys (`<uuid>.webp`) of those groups: never served */
  images: string[];
  /** stored picture keys of 18+ groups: served only to an age-verified visitor (decision 0010) */
  adultImages: string[];
  /** groups deleted lately, whose pages may still be files of the deploy: off too, for REMOVED_KEPT_DAYS */
  removed: { id: string; at: string }[];
  updatedAt: string;
}

export const REMOVED_KEPT_DAYS = 7;

export const EMPTY_TAKEDOWN_LIST: TakedownList = {
  groups: [],
  images: [],
  adultImages: [],
  removed: [],
  updatedAt: '',
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const GROUP_META = new RegExp(`<meta name="${GROUP_META_NAME}" content="(${UUID})"`);
const REGION = new RegExp(`<!--takedown:((?:${UUID} ?)*)-->[\\s\\S]*?<!--/takedown-->`, 'g');

/** The key of a stored picture's address, thumbnails included (`<uuid>-192.webp` -> `<uuid>.webp`). */
export function pictureKeyOf(pathname: string): string | null {
  const match = new RegExp(`^/(?:api/)?images/(${UUID})(?:-\\d+)?\\.webp$`).exec(pathname);
  return match ? `${match[1]}.webp` : null;
}

/** The group of a share card's address (/og/{id}/{version}.png). */
export function shareCardGroupOf(pathname: string): string | null {
  return new RegExp(`^/og/(${UUID})/`).exec(pathname)?.[1] ?? null;
}

/**
 * A page's HTML with the list applied: `gone` when the page is a held group's, otherwise the HTML with
 * every region naming a held group cut out (`changed` says whether anything was).
 */
export function applyTakedowns(
  html: string,
  held: ReadonlySet<string>,
): { gone: true } | { gone: false; html: string; changed: boolean } {
  const page = GROUP_META.exec(html)?.[1];
  if (page && held.has(page)) return { gone: true };
  let changed = false;
  const out = html.replace(REGION, (region, ids: string) => {
    if (!ids.split(' ').some((id) => held.has(id))) return region;
    changed = true;
    return '';
  });
  return { gone: false, html: out, changed };
}

/** What a held group's page, picture or card answers: 410, no-store, nothing of the group. */
export function goneResponse(kind: 'page' | 'file'): Response {
  const headers = {
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex',
    'x-content-type-options': 'nosniff',
  };
  if (kind === 'file') return new Response('Conteúdo indisponível.', { status: 410, headers });
  return new Response(GONE_PAGE, {
    status: 410,
    headers: { ...headers, 'content-type': 'text/html; charset=utf-8' },
  });
}

export const GONE_TITLE = 'Conteúdo indisponível';
export const GONE_TEXT = 'Este grupo não está disponível no diretório.';
const GONE_PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${GONE_TITLE}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${GONE_TITLE}</h1><p>${GONE_TEXT}</p><p><a href="/">Voltar para o início</a></p></body></html>`;

const REDIRECTS = new Set([301, 302, 307, 308]);

/** The list as the edge uses it: sets, for lookups. */
export interface HeldSets {
  groups: ReadonlySet<string>;
  images: ReadonlySet<string>;
}

export function heldSets(list: TakedownList): HeldSets {
  return {
    groups: new Set([...list.groups, ...list.removed.map((r) => r.id)]),
    images: new Set(list.images),
  };
}

/**
 * The edge's work for one request: a held group's picture, card or page answers 410; a list page loses
 * its held cards; everything else is `next()`'s answer untouched.
 */
export async function takedownEdge(
  request: Request,
  next: (request?: Request) => Promise<Response>,
  held: () => Promise<HeldSets>,
  follow: (url: URL, request: Request) => Promise<Response> = (url, request) =>
    fetch(url, { headers: request.headers, redirect: 'manual' }),
): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method !== 'GET' && request.method !== 'HEAD') return next();
  const picture = pictureKeyOf(pathname);
  if (picture) return (await held()).images.has(picture) ? goneResponse('file') : next();
  const card = shareCardGroupOf(pathname);
  if (card) return (await held()).groups.has(card) ? goneResponse('file') : next();
  if (pathname.startsWith('/api/')) return next();
  const sets = await held();
  // A HEAD has no body to read the markers from: the page is asked for whole, and answered without it.
  const response = await (sets.groups.size && request.method === 'HEAD'
    ? next(new Request(request.url, { method: 'GET', headers: request.headers }))
    : next());
  if (!sets.groups.size) return response;
  // A former address redirects to the group's page, and its Location names the current slug (the
  // title): a redirect to one of our pages is answered only once that page is known not to be held.
  const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
  if (location) {
    const target = new URL(location, request.url);
    if (target.origin !== new URL(request.url).origin || target.pathname.startsWith('/api/')) return response;
    const page = await follow(target, request).catch((error: unknown) => {
      console.error('[takedowns] could not read the page a redirect leads to:', error);
      return null;
    });
    if (page && (page.headers.get('content-type') ?? '').includes('text/html')) {
      const result = applyTakedowns(await page.text(), sets.groups);
      if (result.gone) return goneResponse('page');
    }
    return response;
  }
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  const result = applyTakedowns(await response.text(), sets.groups);
  if (result.gone) return goneResponse('page');
  const headers = new Headers(response.headers);
  if (result.changed) {
    // Another body than the file's: its length and validator no longer apply.
    headers.delete('content-length');
    headers.delete('etag');
    headers.set('cache-control', 'public, max-age=0, must-revalidate');
  }
  return new Response(request.method === 'HEAD' ? null : result.html, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
