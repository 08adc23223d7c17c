// The one home of the ranking's rules (#43): which signals make a group's score ('Relevância') and its
// growth ('Em alta'), with their weights. Pure: the scheduled ranking (ranking.server.ts) reads the
// signals, /como-ordenamos prints these same numbers. Paid featuring is not an input and never will be:
// it is advertising, shown in its own labelled place ('Destaque pago').

/** Where every sort control links: how the lists are ordered, in plain words (src/pages/como-ordenamos.astro). */
export const RANKING_PAGE = '/como-ordenamos';

/** Days of joins the score reads (today and the 6 before it, São Paulo days). */
export const SCORE_DAYS = 7;
/** A join counts this much less for each day it is older: 1, 0.75, 0.56 … 0.18 six days ago. */
export const JOIN_DECAY = 0.75;
/** Joins from one network (IPv4 /24, IPv6 /48) on one group in one minute: the first few count fully… */
export const BURST_FREE_JOINS = 2;
/** …and each one after them counts only this much. */
export const BURST_JOIN_WEIGHT = 0.1;
/** Joins count this much more while the link was found working in the last LINK_VERIFIED_DAYS. */
export const VERIFIED_LINK_BONUS = 0.25;
export const LINK_VERIFIED_DAYS = 7;
/** A new group's head start, fading to nothing over NEW_GROUP_HOURS. */
export const NEW_GROUP_POINTS = 3;
export const NEW_GROUP_HOURS = 72;
/** The owner's free bump ('Renovar'), fading over BUMP_HOURS. */
export const BUMP_POINTS = 2;
export const BUMP_HOURS = 48;
/** Each open report (one per reporting address) in the last PENALTY_DAYS takes this much… */
export const REPORT_PENALTY = 2;
/** …and each hold placed in that time (lifted since: a group held now is in no list at all). */
export const HOLD_PENALTY = 5;
export const PENALTY_DAYS = 30;
/** At most this many reports weigh (a pile of reports is the moderators' business, not the score's). */
export const MAX_REPORTS_COUNTED = 5;

/** 'Em alta' needs at least this many (weighted) joins this week: a handful of clicks cannot win. */
export const TREND_FLOOR = 10;
/** Growth is measured against last week's joins, or this many when last week had fewer. */
export const TREND_BASE = 5;

/** What the score is computed from, for one group. */
export interface RankingSignals {
  /** weighted joins per day, index 0 = today … 6 = six days ago (burst already discounted) */
  joinsByDay: number[];
  /** weighted joins of the 7 days before those (for 'Em alta') */
  previousWeekJoins: number;
  /** the last answer of the link check was dead, or one dead answer awaits confirmation */
  linkDead: boolean;
  linkLiveAt: Date | null;
  createdAt: Date;
  renewedAt: Date | null;
  /** open reports in the last PENALTY_DAYS, one per reporting address */
  openReports: number;
  /** holds placed in the last PENALTY_DAYS */
  recentHolds: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A fading bonus: `points` at `since`, nothing after `hours`. */
function fading(points: number, since: Date | null, hours: number, now: Date): number {
  if (!since) return 0;
  const age = (now.getTime() - since.getTime()) / HOUR;
  return age < 0 || age >= hours ? 0 : points * (1 - age / hours);
}

/** The join part alone: decayed joins, nothing when the link came back dead, more when it was verified. */
export function joinPoints(signals: RankingSignals, now: Date): number {
  if (signals.linkDead) return 0;
  const decayed = signals.joinsByDay
    .slice(0, SCORE_DAYS)
    .reduce((sum, joins, daysAgo) => sum + joins * JOIN_DECAY ** daysAgo, 0);
  const verified =
    signals.linkLiveAt !== null && now.getTime() - signals.linkLiveAt.getTime() <= LINK_VERIFIED_DAYS * DAY;
  return decayed * (verified ? 1 + VERIFIED_LINK_BONUS : 1);
}

/** The score in points (may be negative: reports and holds sink a group below the quiet ones at 0). */
export function rankingScore(signals: RankingSignals, now: Date = new Date()): number {
  const penalties =
    REPORT_PENALTY * Math.min(signals.openReports, MAX_REPORTS_COUNTED) + HOLD_PENALTY * signals.recentHolds;
  return (
    joinPoints(signals, now) +
    fading(NEW_GROUP_POINTS, signals.createdAt, NEW_GROUP_HOURS, now) +
    fading(BUMP_POINTS, signals.renewedAt, BUMP_HOURS, now) -
    penalties
  );
}

/** The stored score: hundredths of a point, so the index and the cursor compare whole numbers. */
export function storedScore(points: number): number {
  return Math.round(points * 100);
}

/**
 * 'Em alta': this week's growth over the last, in percent; 0 (not em alta) below TREND_FLOOR joins this
 * week, when not growing, with a dead link or with open reports.
 */
export function trendScore(signals: RankingSignals): number {
  const week = signals.joinsByDay.slice(0, SCORE_DAYS).reduce((sum, joins) => sum + joins, 0);
  if (signals.linkDead || signals.openReports > 0 || week < TREND_FLOOR) return 0;
  if (week <= signals.previousWeekJoins) return 0;
  const growth = (100 * (week - signals.previousWeekJoins)) / Math.max(signals.previousWeekJoins, TREND_BASE);
  return Math.max(1, Math.round(growth));
}

/** How the panel and the 'Em alta' cards say a growth: '+240% nesta semana'. */
export function trendLabel(trend: number): string {
  return `+${trend.toLocaleString('pt-BR')}% nesta semana`;
}

/** Where a group stands this week in one of its lists: '3º de 120 em Esportes'. */
export interface Standing {
  kind: 'category' | 'tag';
  name: string;
  slug: string;
  position: number;
  total: number;
}

/** A position as pt-BR writes it: '3º'. */
export function ordinal(position: number): string {
  return `${position.toLocaleString('pt-BR')}º`;
}
