// The inputs of the link-check decisions, one home for production (link-health.server.ts) and the
// simulation (bench/links-sim.ts), so the simulated figures measure what a default deploy does: the
// scheduled runs' capacity (schedule, batch, pace, the function's time budget), the interval scale a
// join is judged by, and the policy input built from a group's columns. Pure: no IO, no settings read.
import { INITIAL_INTERVAL_SCALE, type PolicyAnswer, type PolicyInput } from './check-policy.ts';

/** functions/check-links.ts's schedule (Netlify reads the literal there; a test keeps them equal). */
export const LINK_CHECK_SCHEDULE = '* * * * *';
/** Minutes between two scheduled runs (LINK_CHECK_SCHEDULE). */
export const LINK_CHECK_RUN_MINUTES = 1;
/** How long one run may spend checking (Netlify's scheduled functions stop at 30 s). */
export const RUN_TIME_BUDGET_MS = 22_000;
/** WhatsApp's pace: one request a second, every kind of check included. */
export const PACE_REQUESTS_PER_DAY = 86_400;

/** Checks one scheduled run can make: its batch, unless the time budget at the pace allows fewer. */
export function checksPerRun(batch: number, paceMs: number, budgetMs = RUN_TIME_BUDGET_MS): number {
  if (batch <= 0) return 0;
  if (paceMs <= 0) return batch;
  return Math.min(batch, Math.ceil(budgetMs / paceMs));
}

/** Scheduled checks a day the runs can make at most (the rest of the pace goes to joins, claims…). */
export function scheduledCapacityPerDay(
  batch: number,
  paceMs: number,
  runMinutes = LINK_CHECK_RUN_MINUTES,
  budgetMs = RUN_TIME_BUDGET_MS,
): number {
  return Math.floor((24 * 60) / runMinutes) * checksPerRun(batch, paceMs, budgetMs);
}

/**
 * The scale every decision uses, the scheduled run's and a join's alike: the one the last run stored
 * (adjustIntervalScale), INITIAL_INTERVAL_SCALE before the first run. A join judged by another scale
 * than the due times were set with calls groups overdue that are not (decision 0018).
 */
export function decisionScale(stored: number | null | undefined): number {
  return stored ?? INITIAL_INTERVAL_SCALE;
}

/** A group's columns the policy reads, in ms since the epoch (null: never). */
export interface PolicyColumns {
  createdAt: number;
  /** groups.cliques: joins over its life */
  cliques: number;
  /** groups.link_check_joins: cliques at its last conclusive check */
  linkCheckJoins: number;
  /** the last conclusive check */
  linkCheckedAt: number | null;
}

/** The policy's input for a group at `now` after `answer` (or, for a join, 'live': as last known). */
export function policyInputOf(
  row: PolicyColumns,
  answer: PolicyAnswer,
  now: number,
  scale: number,
): PolicyInput {
  return {
    now,
    createdAt: row.createdAt,
    answer,
    totalJoins: row.cliques,
    joinsSinceCheck: Math.max(0, row.cliques - row.linkCheckJoins),
    lastCheckedAt: row.linkCheckedAt,
    liveSince: answer === 'live' ? row.createdAt : null,
    scale,
  };
}
