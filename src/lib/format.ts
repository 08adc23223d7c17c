// pt-BR formatting for money, dates and counts. Pure: no IO, safe for islands, pages and functions.
import { LOCALE, TIME_ZONE } from './site.ts';

const brl = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'BRL' });
const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const dateOnly = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeOnly = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const yearOnly = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, year: 'numeric' });
const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' });

// Intl separates 'R$' from the amount with a no-break space (U+00A0, U+202F in some ICU versions).
const NO_BREAK_SPACES = /[\u00A0\u202F]/g;

export type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Integer centavos as Brazilian reais: 123456 -> 'R$ 1.234,56', 0 -> 'R$ 0,00' (plain spaces). */
export function formatBRL(cents: number): string {
  const safe = Number.isFinite(cents) ? Math.round(cents) : 0;
  // Object.is keeps -0 from printing as '-R$ 0,00'.
  const reais = Object.is(safe, -0) ? 0 : safe / 100;
  return brl.format(reais).replace(NO_BREAK_SPACES, ' ');
}

/** A date as dd/MM/yyyy in Brasília time; '' for an invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dateOnly.format(date);
}

/** A calendar day 'yyyy-MM-dd' (no time, no zone) as 'dd/MM/yyyy'; other text as it is. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** A moment as 'dd/MM/yyyy às HH:mm' in Brasília time; '' for an invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : `${dateOnly.format(date)} às ${timeOnly.format(date)}`;
}

/** The year in Brasília time (the footer's copyright line). */
export function formatYear(value: DateInput = new Date()): string {
  return yearOnly.format(toDate(value));
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Time since a date in Portuguese: 'agora mesmo', 'há 5 minutos', 'há 2 horas', 'há 3 dias', 'há 1 mês'. */
export function formatRelative(value: DateInput, now: DateInput = new Date()): string {
  const date = toDate(value);
  const reference = toDate(now);
  if (Number.isNaN(date.getTime()) || Number.isNaN(reference.getTime())) return '';
  const seconds = (reference.getTime() - date.getTime()) / 1000;
  const elapsed = Math.abs(seconds);
  // Past values are negative for Intl ('há …'); a date slightly ahead (clock skew) still reads 'agora mesmo'.
  const sign = seconds >= 0 ? -1 : 1;
  if (elapsed < MINUTE) return 'agora mesmo';
  if (elapsed < HOUR) return relative.format(sign * Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(sign * Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < WEEK) return relative.format(sign * Math.floor(elapsed / DAY), 'day');
  if (elapsed < MONTH) return relative.format(sign * Math.floor(elapsed / WEEK), 'week');
  if (elapsed < YEAR) return relative.format(sign * Math.floor(elapsed / MONTH), 'month');
  return relative.format(sign * Math.floor(elapsed / YEAR), 'year');
}

/** A whole number with pt-BR thousands separators: 1234567 -> '1.234.567'. */
export function formatCount(n: number): string {
  return integer.format(Number.isFinite(n) ? n : 0);
}

/** The singular word for exactly one (or minus one), the plural otherwise: 0 grupos, 1 grupo, 2 grupos. */
export function pluralize(n: number, singular: string, plural: string): string {
  return Math.abs(n) === 1 ? singular : plural;
}

/** A count with its word: countLabel(1234, 'grupo', 'grupos') -> '1.234 grupos'. */
export function countLabel(n: number, singular: string, plural: string): string {
  return `${formatCount(n)} ${pluralize(n, singular, plural)}`;
}

/** A feature order as people see it ('#1042'): its short number, never its id. */
export function formatOrderNumber(number: number): string {
  return `#${number}`;
}
