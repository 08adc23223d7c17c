// JSON-LD for <script type="application/ld+json">: user text (titles, descriptions) must never be able to
// close the script element or open an HTML comment, so '<', '>' and '&' are written as JSON escapes.

export type JsonLd = Record<string, unknown> | Record<string, unknown>[];

const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON text safe to place inside a script element; JSON.parse returns the original data. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(UNSAFE, (char) => ESCAPES[char] ?? char);
}
