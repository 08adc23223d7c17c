import { describe, expect, it } from 'vitest';
import { parseCron } from './cron.ts';

const at = (iso: string) => new Date(iso);

describe('parseCron', () => {
  it('understands shortcuts', () => {
    const hourly = parseCron('@hourly');
    expect(hourly(at('2026-01-01T10:00:00Z'))).toBe(true);
    expect(hourly(at('2026-01-01T10:01:00Z'))).toBe(false);
  });
  it('understands steps, ranges and lists', () => {
    const every5 = parseCron('*/5 * * * *');
    expect(every5(at('2026-01-01T10:15:00Z'))).toBe(true);
    expect(every5(at('2026-01-01T10:16:00Z'))).toBe(false);
    const workHours = parseCron('0 9-17 * * 1-5');
    expect(workHours(at('2026-01-05T09:00:00Z'))).toBe(true); // Monday
    expect(workHours(at('2026-01-04T09:00:00Z'))).toBe(false); // Sunday
    expect(parseCron('0 0 1,15 * *')(at('2026-03-15T00:00:00Z'))).toBe(true);
  });
  it('treats 7 as Sunday', () => {
    expect(parseCron('0 0 * * 7')(at('2026-01-04T00:00:00Z'))).toBe(true);
  });
  it('rejects malformed expressions', () => {
    expect(() => parseCron('* * *')).toThrow();
    expect(() => parseCron('61 * * * *')).toThrow();
    expect(() => parseCron('*/0 * * * *')).toThrow();
  });
});
