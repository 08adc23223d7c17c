// Pure rules of the access logs (Marco Civil art. 15): how long they are kept, how an e-mail is
// normalised before it is hashed, and how the admin command reads its dates.
import { startOfDay } from '#src/lib/time-zone.ts';

/** Kept this long (art. 15: six months), then deleted by the hourly pruning. */
export const ACCESS_LOG_RETENTION_MONTHS = 6;

/** The form of an e-mail that is hashed: trimmed and lower-cased, as accounts compare them. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function parseInstant(value: string, endOfDay: boolean): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  // Dates given as days are São Paulo days, as a court order names them.
  const date = day ? startOfDay(value) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`data inválida: ${value} (use AAAA-MM-DD ou ISO 8601)`);
  // A day as the end of a range includes that whole day.
  return day && endOfDay ? new Date(date.getTime() + 86_400_000) : date;
}

/**
 * The half-open range [from, to) of `--from` and `--to`: a day (AAAA-MM-DD, São Paulo time, `--to`
 * inclusive) or an ISO 8601 instant.
 */
export function accessLogRange(from: string, to: string): { from: Date; to: Date } {
  const range = { from: parseInstant(from, false), to: parseInstant(to, true) };
  if (range.to <= range.from) throw new Error('--to deve ser depois de --from');
  return range;
}
