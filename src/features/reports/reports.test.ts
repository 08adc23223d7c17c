import { describe, expect, it } from 'vitest';
import { hideThreshold, reportWeight } from './reports.ts';

describe('reportWeight', () => {
  it('counts an address once whatever its browsers, and a logged-in reporter as 2', () => {
    expect(reportWeight([])).toBe(0);
    expect(
      reportWeight([
        { address: 'a', userId: null },
        { address: 'a', userId: null },
      ]),
    ).toBe(1);
    expect(
      reportWeight([
        { address: 'a', userId: null },
        { address: 'b', userId: null },
      ]),
    ).toBe(2);
    expect(reportWeight([{ address: 'a', userId: 'u1' }])).toBe(2);
    // one address, its anonymous report and a logged-in one: one reporter
    expect(
      reportWeight([
        { address: 'a', userId: null },
        { address: 'a', userId: 'u1' },
      ]),
    ).toBe(2);
  });

  it('counts an account once whatever its addresses, and accounts sharing an address once', () => {
    expect(
      reportWeight([
        { address: 'a', userId: 'u1' },
        { address: 'b', userId: 'u1' },
      ]),
    ).toBe(2);
    expect(
      reportWeight([
        { address: 'a', userId: 'u1' },
        { address: 'a', userId: 'u2' },
      ]),
    ).toBe(2);
    // chained: u1 at a and b, u2 at b and c -> one reporter
    expect(
      reportWeight([
        { address: 'a', userId: 'u1' },
        { address: 'b', userId: 'u1' },
        { address: 'b', userId: 'u2' },
        { address: 'c', userId: 'u2' },
        { address: 'd', userId: null },
      ]),
    ).toBe(3);
  });
});

describe('hideThreshold', () => {
  it('is the base for small groups and grows with the clicks', () => {
    expect([0, 9, 99, 100, 999, 1000, 9999, 10_000, 100_000].map((c) => hideThreshold(3, c))).toEqual([
      3, 3, 3, 4, 4, 6, 6, 8, 10,
    ]);
    expect(hideThreshold(5, 100)).toBe(5);
  });
});
