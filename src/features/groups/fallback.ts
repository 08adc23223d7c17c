// Which API answer an unknown path may stand for (the 404 page's fallback). Pure.

/** Redirect home after an error (spec section 9: 3000 ms). */
export const REDIRECT_DELAY_MS = 3000;
/** First segments that are never a category (pages and functions of the site itself). */
const RESERVED = new Set([
  'api',
  'admin',
  '_astro',
  'painel',
  'auth',
  'buscar',
  'enviar',
  'categorias',
  'grupos',
]);

export type Wanted = { kind: 'group'; api: string } | { kind: 'category'; slug: string } | { kind: 'none' };

/** What an unknown path may name (pure, tested). */
export function wantedFromPath(pathname: string): Wanted {
  const parts = pathname
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .filter(Boolean);
  const safe = (s: string) => /^[a-z0-9-]{1,100}$/i.test(s);
  if (parts.length !== 2 || !parts.every(safe)) return { kind: 'none' };
  const [first, second] = parts as [string, string];
  if (first === 'grupo') return { kind: 'group', api: `/api/groups/${second}` };
  if (first === 'categoria') return { kind: 'category', slug: second };
  if (RESERVED.has(first)) return { kind: 'none' };
  return { kind: 'group', api: `/api/groups/slug/${first}/${second}` };
}
