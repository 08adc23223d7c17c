import { describe, expect, it } from 'vitest';
import {
  adjustIntervalScale,
  checkIntervalMs,
  DAY_MS,
  FRONT_OFFSET_MS,
  frontDueAt,
  joinChecksFirst,
  joinQueuesCheck,
  MAX_CHECK_INTERVAL_MS,
  MIN_CHECK_INTERVAL_MS,
  type PolicyInput,
} from './check-policy.ts';

const now = Date.UTC(2026, 10, 26, 12);
const old: PolicyInput = {
  now,
  createdAt: now - 300 * DAY_MS,
  answer: 'live',
  totalJoins: 30,
  joinsSinceCheck: 0,
  lastCheckedAt: now - 5 * DAY_MS,
  liveSince: now - 300 * DAY_MS,
};

describe('checkIntervalMs', () => {
  it('is shorter the more joins a group has, within its bounds', () => {
    const quiet = checkIntervalMs({ ...old, totalJoins: 0 });
    const some = checkIntervalMs({ ...old, totalJoins: 3000 });
    const busy = checkIntervalMs({ ...old, joinsSinceCheck: 5000 });
    expect(quiet).toBeGreaterThan(some);
    expect(some).toBeGreaterThan(busy);
    expect(quiet).toBeLessThanOrEqual(MAX_CHECK_INTERVAL_MS);
    expect(busy).toBeGreaterThanOrEqual(MIN_CHECK_INTERVAL_MS);
  });

  it('checks a young group sooner than an old one with the same joins a day', () => {
    const young = { ...old, createdAt: now - 10 * DAY_MS, liveSince: now - 10 * DAY_MS, totalJoins: 1 };
    expect(checkIntervalMs(young)).toBeLessThan(checkIntervalMs(old));
  });

  it('tries an inconclusive answer again soon, and follows the scale', () => {
    expect(checkIntervalMs({ ...old, answer: 'unknown' })).toBeLessThan(checkIntervalMs(old));
    expect(checkIntervalMs({ ...old, scale: 0.05 })).toBeLessThan(checkIntervalMs({ ...old, scale: 0.1 }));
  });
});

describe('joinQueuesCheck', () => {
  it('queues an overdue group, not one due later or already at the front', () => {
    expect(joinQueuesCheck({ ...old, dueAt: now - 1000 })).toBe(true);
    expect(joinQueuesCheck({ ...old, dueAt: now + 10 * DAY_MS })).toBe(false);
    expect(joinQueuesCheck({ ...old, dueAt: frontDueAt(now) })).toBe(false);
    expect(frontDueAt(now)).toBe(now - FRONT_OFFSET_MS);
  });

  it('queues a quiet group whose joins since its check call for a much shorter interval', () => {
    const heating = { ...old, joinsSinceCheck: 200, lastCheckedAt: now - 2 * DAY_MS };
    expect(joinQueuesCheck({ ...heating, dueAt: now + 20 * DAY_MS })).toBe(true);
  });
});

describe('joinChecksFirst', () => {
  it('checks before the redirect a group overdue, never checked, at the front or checked over a day ago', () => {
    expect(joinChecksFirst({ ...old, dueAt: now - 1000 })).toBe(true);
    expect(joinChecksFirst({ ...old, dueAt: null, lastCheckedAt: null })).toBe(true);
    expect(joinChecksFirst({ ...old, dueAt: frontDueAt(now) })).toBe(true);
    const checkedToday = { ...old, lastCheckedAt: now - 3_600_000 };
    expect(joinChecksFirst({ ...checkedToday, dueAt: now + 10 * DAY_MS })).toBe(false);
    // A quiet group checked more than a day ago is checked by its next visitor, however far its due time.
    expect(joinChecksFirst({ ...old, dueAt: now + 10 * DAY_MS })).toBe(true);
    // Checked 18 hours ago (under the one-day rule) and due in weeks: only the joins since the check can
    // make a join check first, when they call for a shorter interval (at the cap of 20 joins a day an
    // established group's is ~15 h); the same group without them is not checked.
    const heating = { ...old, joinsSinceCheck: 5000, lastCheckedAt: now - 18 * 3_600_000 };
    expect(joinChecksFirst({ ...heating, dueAt: now + 20 * DAY_MS })).toBe(true);
    expect(joinChecksFirst({ ...heating, joinsSinceCheck: 0, dueAt: now + 20 * DAY_MS })).toBe(false);
  });
});

describe('adjustIntervalScale', () => {
  it('grows when the checker is behind, shrinks when it is idle, holds in between', () => {
    expect(adjustIntervalScale(0.2, now - 3 * 3_600_000, now, DAY_MS)).toBeCloseTo(0.4);
    expect(adjustIntervalScale(0.2, now + 3_600_000, now, DAY_MS)).toBeCloseTo(0.1);
    expect(adjustIntervalScale(0.2, now - 60_000, now, DAY_MS)).toBe(0.2);
    expect(adjustIntervalScale(0.2, null, now, DAY_MS)).toBe(0.2);
  });
});
