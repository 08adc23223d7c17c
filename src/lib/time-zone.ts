// The site's calendar: every day it shows or counts (a listing date, a deadline, a visitor's day, the
// days an admin command takes) is a day in São Paulo. No imports, so islands, SQL and scripts share it.

export const TIME_ZONE = 'America/Sao_Paulo';

/** São Paulo's offset from UTC at an instant, as `-03:00` (read from the time-zone database, not assumed). */
export function timeZoneOffset(at: Date): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  // 'GMT-03:00' (or 'GMT' at offset zero)
  return name === 'GMT' || !name ? '+00:00' : name.slice(3);
}

/** The instant a São Paulo day (AAAA-MM-DD) starts. */
export function startOfDay(day: string): Date {
  // The offset at noon UTC of that day is the day's own (São Paulo changes offset, when it does, at night).
  return new Date(`${day}T00:00:00${timeZoneOffset(new Date(`${day}T12:00:00Z`))}`);
}

/** The São Paulo day (AAAA-MM-DD) an instant falls on. */
export function dayOf(at: Date): string {
  // en-CA writes dates as AAAA-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The São Paulo day `days` calendar days after `day` (AAAA-MM-DD). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
