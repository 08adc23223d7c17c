import { describe, expect, it } from 'vitest';
import { adPositions, mixAds } from './ads.ts';

/** A random source that returns the given values in turn. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] as number;
};

describe('adPositions (spec section 9)', () => {
  it('uses 2, 4 and 6 within the list length for six groups or fewer', () => {
    expect(adPositions(6)).toEqual([2, 4, 6]);
    expect(adPositions(5)).toEqual([2, 4]);
    expect(adPositions(3)).toEqual([2]);
    expect(adPositions(1)).toEqual([]);
    expect(adPositions(0)).toEqual([]);
  });

  it('picks one position in 1-4, one in 6-9 and one in 11-14 for longer lists', () => {
    expect(adPositions(18, sequence(0, 0, 0))).toEqual([1, 6, 11]);
    expect(adPositions(18, sequence(0.999, 0.999, 0.999))).toEqual([4, 9, 14]);
    for (let i = 0; i < 200; i++) {
      const [a, b, c] = adPositions(18);
      expect(a).toBeGreaterThanOrEqual(1);
      expect(a).toBeLessThanOrEqual(4);
      expect(b).toBeGreaterThanOrEqual(6);
      expect(b).toBeLessThanOrEqual(9);
      expect(c).toBeGreaterThanOrEqual(11);
      expect(c).toBeLessThanOrEqual(14);
    }
  });

  it('caps the second at length-2 and the third at length-1', () => {
    expect(adPositions(8, sequence(0.999, 0.999, 0.999))).toEqual([4, 6, 7]);
    expect(adPositions(7, sequence(0, 0.999, 0.999))).toEqual([1, 5, 6]);
  });
});

describe('mixAds', () => {
  const groups = ['g1', 'g2', 'g3', 'g4', 'g5', 'g6', 'g7', 'g8'];
  const ads = ['a1', 'a2', 'a3'];
  const shape = (items: ReturnType<typeof mixAds<string, string>>) =>
    items.map((item) => (item.type === 'group' ? item.group : item.ad));

  it('puts each ad after the group at its position and keeps every group in order', () => {
    expect(shape(mixAds(groups, ads, { random: sequence(0, 0, 0) }))).toEqual([
      'g1',
      'a1',
      'g2',
      'g3',
      'g4',
      'g5',
      'g6',
      'a2',
      'g7',
      'a3',
      'g8',
    ]);
  });

  it('uses supplied positions (the home) and drops ads without one', () => {
    expect(shape(mixAds(groups.slice(0, 4), ads, { positions: [4, 0] }))).toEqual([
      'a1',
      'g1',
      'g2',
      'g3',
      'g4',
      'a2',
    ]);
  });

  it('mixes no ads into an empty list and shows groups alone without ads', () => {
    expect(mixAds([], ads)).toEqual([]);
    expect(shape(mixAds(groups.slice(0, 3), []))).toEqual(['g1', 'g2', 'g3']);
  });
});
