import { describe, expect, it } from 'vitest';
import { backoffSeconds, nextLinkState, sweepDays } from './link-health.ts';

const HOUR = 3_600_000;
const t = (hours: number) => new Date(Date.UTC(2026, 10, 24, 12) + hours * HOUR);
const fresh = { linkStatus: 'unknown' as const, linkLiveAt: null, linkDeadCount: 0, linkDeadAt: null };

describe('nextLinkState', () => {
  it('hides on the second dead answer at least the confirmation time apart', () => {
    const one = nextLinkState(fresh, 'dead', t(0), HOUR);
    expect(one).toEqual({
      state: { ...fresh, linkStatus: 'dead', linkDeadCount: 1, linkDeadAt: t(0) },
      hide: false,
    });
    const soon = nextLinkState(one.state, 'dead', t(0.5), HOUR);
    expect(soon).toEqual({ state: one.state, hide: false });
    const later = nextLinkState(soon.state, 'dead', t(1), HOUR);
    expect(later.hide).toBe(true);
    expect(later.state).toMatchObject({ linkDeadCount: 2, linkDeadAt: t(1) });
  });

  it('resets on live and changes nothing on unknown', () => {
    const dead = { ...fresh, linkStatus: 'dead' as const, linkDeadCount: 1, linkDeadAt: t(0) };
    expect(nextLinkState(dead, 'unknown', t(5), HOUR)).toEqual({ state: dead, hide: false });
    expect(nextLinkState(dead, 'live', t(5), HOUR).state).toEqual({
      linkStatus: 'live',
      linkLiveAt: t(5),
      linkDeadCount: 0,
      linkDeadAt: null,
    });
  });
});

describe('backoffSeconds', () => {
  it('honours Retry-After, at least a minute, doubling for each 429 in a row, capped at 6 h', () => {
    expect(backoffSeconds(undefined, 0)).toBe(60);
    expect(backoffSeconds(120, 0)).toBe(120);
    expect(backoffSeconds(120, 2)).toBe(480);
    expect(backoffSeconds(10, 20)).toBe(6 * 3600);
    expect(backoffSeconds(86_400, 0)).toBe(86_400);
  });
});

describe('sweepDays', () => {
  it('is the days one pass over the catalogue takes', () => {
    expect(sweepDays(100_000, 10)).toBeCloseTo(6.94, 2);
    expect(sweepDays(1_000_000, 10)).toBeCloseTo(69.4, 1);
  });
});
