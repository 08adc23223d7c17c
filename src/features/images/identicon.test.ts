import { describe, expect, it } from 'vitest';
import { identiconSvg, identiconUrl, titleInitials } from './identicon.ts';

const A = '24671c76-cfbe-4391-a074-8cb5cbcae039';
const B = '00741236-14cb-45ad-a45c-e4dfcc82d90d';

describe('identicon', () => {
  it('draws the same picture for an id on every build and in every browser, and another for another id', () => {
    // The picture of A as drawn when identicons shipped: a change to the drawing would change every
    // group's picture, so it must be deliberate (update this then).
    expect(identiconSvg(A)).toBe(
      "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 7 7' shape-rendering='crispEdges'>" +
        "<path fill='hsl(340,60%,94%)' d='M0 0h7v7H0z'/><path fill='hsl(340,55%,42%)' " +
        "d='M1 1h1v1h-1zM5 1h1v1h-1zM2 1h1v1h-1zM4 1h1v1h-1zM1 2h1v1h-1zM5 2h1v1h-1zM2 4h1v1h-1zM4 4h1v1h-1z" +
        "M3 4h1v1h-1zM1 5h1v1h-1zM5 5h1v1h-1z'/></svg>",
    );
    expect(identiconSvg(B)).not.toBe(identiconSvg(A));
  });

  it('is a local SVG (no third-party address) usable as an image URL', () => {
    expect(identiconSvg(A)).toMatch(/^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg'.*<\/svg>$/);
    const url = identiconUrl(A);
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    expect(url).not.toMatch(/[<>#"]/);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(identiconSvg(A));
  });

  it('is left-right symmetric', () => {
    const cells = [...identiconSvg(A).matchAll(/M(\d) (\d)h1/g)].map((m) => `${m[1]},${m[2]}`);
    for (const cell of cells) {
      const [x, y] = cell.split(',').map(Number) as [number, number];
      expect(cells).toContain(`${6 - x},${y}`);
    }
  });
});

describe('titleInitials', () => {
  it('takes up to two initials without accents or symbols', () => {
    expect(titleInitials('Pokémon GO Brasil')).toBe('PG');
    expect(titleInitials('Ênfase')).toBe('E');
    expect(titleInitials('🎮🎮')).toBe('?');
  });
});
