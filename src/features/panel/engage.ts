// Pure rules of the owner's free bump and group stats, shared by the functions and the panel islands.
import { formatDateTime } from '#src/lib/format.ts';
import type { Standing } from '../ranking/ranking.ts';

/** An owner may put each approved, visible group back on top once per this many hours. */
export const BUMP_COOLDOWN_HOURS = 24;
const BUMP_COOLDOWN_MS = BUMP_COOLDOWN_HOURS * 3_600_000;

export const BUMP_NOT_PUBLIC = 'Só grupos aprovados e visíveis no site podem ser renovados.';

/** When a group listed (created or bumped) at `bumpedAt` may be bumped again. */
export function nextBumpAt(bumpedAt: Date | string): Date {
  return new Date(new Date(bumpedAt).getTime() + BUMP_COOLDOWN_MS);
}

/** The 429 message: when the next bump opens, in São Paulo time. */
export function bumpCooldownMessage(next: Date | string): string {
  return `Você poderá renovar este grupo novamente em ${formatDateTime(next)}.`;
}

/** What is left until `next` as 'HH:MM:SS' (hours may pass 24), '00:00:00' once it is reached. */
export function countdown(next: Date | string, now: Date | number = Date.now()): string {
  const left = Math.max(0, Math.ceil((new Date(next).getTime() - new Date(now).getTime()) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(left / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
}

/** Days a stats request may cover. */
export const STATS_MAX_DAYS = 90;
export const STATS_DEFAULT_DAYS = 30;

export interface StatsDay {
  /** yyyy-mm-dd, a day in America/Sao_Paulo */
  date: string;
  clicks: number;
  shares: number;
}
export interface GroupStats {
  days: StatsDay[];
  totals: { clicks: number; shares: number; previousClicks: number; previousShares: number };
  /** where the group stands this week in 'Relevância': its category, then each of its tags (#43) */
  standings: Standing[];
}

/** A yyyy-mm-dd day moved by `delta` days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, delta: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + delta)).toISOString().slice(0, 10);
}

/**
 * The change against the previous period as the panel says it: '+12% em relação aos 30 dias
 * anteriores', or null when there was nothing before (no base to compare with).
 */
export function changeLabel(current: number, previous: number, days: number): string | null {
  if (previous === 0) return null;
  const percent = Math.round(((current - previous) / previous) * 100);
  const sign = percent > 0 ? '+' : '';
  return `${sign}${percent}% em relação aos ${days} dias anteriores`;
}
