import { describe, expect, it } from 'vitest';
import { identiconSvg, identiconUrl, titleInitials } from './identicon.ts';

const A = '24671c76-cfbe-4391-a074-8cb5cbcae039';
const B = '00741236-14cb-45ad-a45c-e4dfcc82d90d';

describe('identicon', () => {
  it('is deterministic and differs between ids', () => {
    expect(identiconSvg(A)).toBe(identiconSvg(A));
    expect(identiconSvg(A)).not.toBe(identiconSvg(B));
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
