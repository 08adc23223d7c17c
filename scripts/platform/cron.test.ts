import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCron } from './cron.ts';

const at = (iso: string) => new Date(iso);
const next = (schedule: string, after: string) => parseCron(schedule).next(at(after)).toISOString();

/** Every `schedule: '...'` literal declared by a function in functions/. */
function declaredSchedules(): string[] {
  const dir = new URL('../../functions/', import.meta.url);
  return readdirSync(dir)
    .filter((file) => /\.m?ts$/.test(file))
    .flatMap((file) => {
      const match = /\bschedule:\s*'([^']+)'/.exec(readFileSync(new URL(file, dir), 'utf8'));
      return match ? [match[1]!] : [];
    });
}

describe('parseCron', () => {
  it('accepts every schedule our functions declare', () => {
    const schedules = declaredSchedules();
    expect(schedules.length).toBeGreaterThan(0);
    for (const schedule of schedules) expect(() => parseCron(schedule)).not.toThrow();
  });

  it('gives the next runs of our schedules, in UTC', () => {
    expect(next('* * * * *', '2026-01-01T10:00:30Z')).toBe('2026-01-01T10:01:00.000Z');
    expect(next('*/5 * * * *', '2026-01-01T10:15:00Z')).toBe('2026-01-01T10:20:00.000Z');
    expect(next('17 * * * *', '2026-01-01T10:17:00Z')).toBe('2026-01-01T11:17:00.000Z');
    expect(next('17 * * * *', '2026-12-31T23:20:00Z')).toBe('2027-01-01T00:17:00.000Z');
  });

  it('understands Netlify shortcuts, ranges and lists', () => {
    expect(next('@hourly', '2026-01-01T10:00:00Z')).toBe('2026-01-01T11:00:00.000Z');
    expect(next('@daily', '2026-01-01T10:00:00Z')).toBe('2026-01-02T00:00:00.000Z');
    expect(next('@weekly', '2026-01-01T10:00:00Z')).toBe('2026-01-04T00:00:00.000Z'); // Sunday
    expect(next('0 9-17 * * 1-5', '2026-01-02T17:00:00Z')).toBe('2026-01-05T09:00:00.000Z'); // Fri -> Mon
    expect(next('0 0 1,15 * *', '2026-03-02T00:00:00Z')).toBe('2026-03-15T00:00:00.000Z');
    expect(next('0 0 * * 7', '2026-01-01T00:00:00Z')).toBe('2026-01-04T00:00:00.000Z'); // 7 is Sunday
  });

  it('tells the scheduler whether a minute is due', () => {
    const every5 = parseCron('*/5 * * * *');
    expect(every5.matches(at('2026-01-01T10:15:00Z'))).toBe(true);
    expect(every5.matches(at('2026-01-01T10:15:00.900Z'))).toBe(true); // the timer fires a bit late
    expect(every5.matches(at('2026-01-01T10:16:00Z'))).toBe(false);
    expect(parseCron('@hourly').matches(at('2026-01-01T10:01:00Z'))).toBe(false);
  });

  it('rejects malformed expressions, and incomplete ones cron-parser would fill with *', () => {
    for (const bad of ['* * *', '61 * * * *', '*/0 * * * *', '0 25 * * *', '@sometimes', ''])
      expect(() => parseCron(bad), bad).toThrow();
  });
});
