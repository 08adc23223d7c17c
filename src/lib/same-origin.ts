// Every redirect target taken from a request or from storage goes through here. A prefix check
// (`/` but not `//`) is not enough: browsers drop tabs and newlines and read `\` as `/`, so
// `/\t/evil.example` leaves the site. Parsing it as the browser will is the only sound check.

const BASE = 'https://site.invalid';

/**
 * The path of this site that `value` resolves to (path, query and hash, as the URL parser writes
 * them), or `fallback` when it is not a same-origin path or resolves to another origin.
 */
export function sameOriginPath(value: string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What we send back must parse to the same place again (no `//`, `/\` left after normalising).
  return path.startsWith('//') || path.startsWith('/\\') ? fallback : path;
}
