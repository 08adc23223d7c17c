import { describe, expect, it } from 'vitest';
import { addDays, bumpCooldownMessage, changeLabel, countdown, nextBumpAt } from './engage.ts';

describe('free bump rules', () => {
  it('opens 24 hours after the last listing', () => {
    expect(nextBumpAt('2026-11-22T17:05:00Z').toISOString()).toBe('2026-11-23T17:05:00.000Z');
  });
  it('says when in São Paulo time', () => {
    expect(bumpCooldownMessage(new Date('2026-11-23T17:05:00Z'))).toBe(
      'Você poderá renovar este grupo novamente em 23/11/2026 às 14:05.',
    );
    expect(bumpCooldownMessage(new Date('2026-11-24T02:30:00Z'))).toBe(
      'Você poderá renovar este grupo novamente em 23/11/2026 às 23:30.',
    );
  });
  it('counts down in hours, minutes and seconds', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(countdown('2026-11-24T09:59:59.200Z', now)).toBe('24:00:00');
    expect(countdown('2026-11-23T10:01:05Z', now)).toBe('00:01:05');
    expect(countdown('2026-11-23T09:00:00Z', now)).toBe('00:00:00');
  });
});

describe('stats rules', () => {
  it('moves calendar days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-24', -29)).toBe('2026-10-26');
  });
  it('compares with the previous period', () => {
    expect(changeLabel(112, 100, 30)).toBe('+12% em relação aos 30 dias anteriores');
    expect(changeLabel(50, 100, 30)).toBe('-50% em relação aos 30 dias anteriores');
    expect(changeLabel(100, 100, 30)).toBe('0% em relação aos 30 dias anteriores');
    expect(changeLabel(5, 0, 30)).toBeNull();
  });
});
