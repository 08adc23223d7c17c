// Local, deterministic identicons (spec "where we do better" 3): a symmetric 5x5 pattern and a colour
// derived from the group id, as an SVG string. Pure, no IO: the build and the islands draw the same image.
import { withoutAccents } from '#src/lib/accents.ts';

/** FNV-1a over the id: a small, stable spread of bits (not for security). */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The hue (0-359) an id's identicon and initials avatar use. */
export function idHue(id: string): number {
  return hash(id) % 360;
}

/** The identicon's SVG markup for an id (same id, same picture). */
export function identiconSvg(id: string): string {
  const hue = idHue(id);
  const fg = `hsl(${hue},55%,42%)`;
  const bg = `hsl(${hue},60%,94%)`;
  // 15 cells (3 columns, 5 rows) mirrored to 5 columns; bits from a second hash so colour and shape differ.
  const bits = hash(`${id}:cells`);
  let cells = '';
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if (!((bits >>> (row * 3 + col)) & 1)) continue;
      const x = 1 + col;
      const y = 1 + row;
      cells += `M${x} ${y}h1v1h-1z`;
      if (col < 2) cells += `M${5 - col} ${y}h1v1h-1z`;
    }
  }
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 7 7' shape-rendering='crispEdges'><path fill='${bg}' d='M0 0h7v7H0z'/><path fill='${fg}' d='${cells}'/></svg>`;
}

/** The identicon as a data: URL, for an <img src> (only the characters a URL needs are escaped: small). */
export function identiconUrl(id: string): string {
  return `data:image/svg+xml,${identiconSvg(id).replace(/[<>#%]/g, (c) => encodeURIComponent(c))}`;
}

// Related-group lists repeat the same titles on many pages of a build (bounded, for long-lived servers).
const initialsByTitle = new Map<string, string>();

/** Up to two initials of a title (the slug page's avatar when a group has no image). */
export function titleInitials(title: string): string {
  const known = initialsByTitle.get(title);
  if (known !== undefined) return known;
  const words = withoutAccents(title)
    .split(/\s+/)
    .map((word) => word.replace(/[^A-Za-z0-9]/g, ''))
    .filter(Boolean);
  const initials = (
    words
      .slice(0, 2)
      .map((word) => word[0])
      .join('') || '?'
  ).toUpperCase();
  if (initialsByTitle.size < 100_000) initialsByTitle.set(title, initials);
  return initials;
}
