import { describe, expect, it } from 'vitest';
import { adPositions, DEFAULT_CARDS_PER_AD, MAX_CARDS_PER_AD, MIN_CARDS_PER_AD, mixAds } from './ads.ts';

/** A list as 'g' and 'A' letters (ads drawn as many as asked). */
const shape = (groups: number, cardsPerAd: number) =>
  mixAds(
    Array.from({ length: groups }, (_, i) => i),
    Array.from({ length: 100 }, (_, i) => i),
    cardsPerAd,
  )
    .map((item) => (item.type === 'group' ? 'g' : 'A'))
    .join('');

describe('adPositions (issue #45: at most one ad in N cards)', () => {
  it('places none in short lists, one in a category page, two on the home (default 8)', () => {
    expect(DEFAULT_CARDS_PER_AD).toBe(8);
    for (const n of [0, 1, 3, 5, 6]) expect(adPositions(n), `${n} groups`).toEqual([]);
    expect(adPositions(7)).toEqual([3]);
    expect(adPositions(8)).toEqual([3]); // a category's page
    expect(adPositions(18)).toEqual([3, 10]); // the home's recent list
    expect(adPositions(21)).toEqual([3, 10, 17]);
    expect(shape(8, 8)).toBe('gggAggggg');
  });

  it('holds the rule for every list length and setting', () => {
    for (const perAd of [MIN_CARDS_PER_AD, 5, 6, 7, 8, 9, 12, 20])
      for (let groups = 0; groups <= 60; groups++) {
        const list = shape(groups, perAd);
        const where = `${groups} groups, 1 in ${perAd}`;
        const ads = [...list].filter((c) => c === 'A').length;
        expect(list.replaceAll('A', ''), where).toBe('g'.repeat(groups));
        expect(list.slice(0, 3), where).not.toContain('A'); // never in the first three places
        expect(list, where).not.toContain('AA'); // never two in a row
        expect(ads * perAd, where).toBeLessThanOrEqual(list.length); // at most one in N over the list
        for (let i = 0; i + perAd <= list.length; i++) {
          const window = list.slice(i, i + perAd);
          expect(window.split('A').length - 1, `${where}: ${window}`).toBeLessThanOrEqual(1);
        }
        // as many as the ratio allows: one more would break it
        expect((ads + 1) * perAd, where).toBeGreaterThan(list.length + 1);
      }
  });

  it('keeps the setting within its bounds', () => {
    expect(adPositions(40, 1)).toEqual(adPositions(40, MIN_CARDS_PER_AD));
    expect(adPositions(400, 10_000)).toEqual(adPositions(400, MAX_CARDS_PER_AD));
    expect(adPositions(40, Number.NaN)).toEqual(adPositions(40, MIN_CARDS_PER_AD));
  });
});

describe('mixAds', () => {
  it('fills the first positions with the ads there are, keeping every group in order', () => {
    const groups = Array.from({ length: 18 }, (_, i) => `g${i + 1}`);
    const items = mixAds(groups, ['a1'], 8).map((item) => (item.type === 'group' ? item.group : item.ad));
    expect(items).toEqual([...groups.slice(0, 3), 'a1', ...groups.slice(3)]);
    expect(mixAds([], ['a1'])).toEqual([]);
    expect(mixAds(groups.slice(0, 3), []).every((item) => item.type === 'group')).toBe(true);
  });
});
