// When a group's invite link is checked next: one pure policy shared by the real scheduler
// (link-health.server.ts writes groups.link_check_due_at after every answer) and the simulation
// (bench/links-sim.ts), so the simulated dead-join figure measures what ships.
//
// Checks go where the joins are. A dead link costs one dead join per visitor sent to it before the
// site knows, so the expected cost of waiting T after a check is about hazard × joins a day × T²/2
// and the best spread of a fixed number of checks gives each group an interval ∝ 1/√(joins × hazard)
// (the square-root rule). The hazard is estimated from the group's age (young groups die several
// times faster) and its last answer; the join rate from its recent and lifetime joins. On top of that:
// - a join on a group whose check is overdue moves it to the front (the join itself is counted and
//   sent; the check protects the next visitors), and so does a 'Link quebrado' report;
// - one dead answer waits LINK_DEAD_CONFIRM_MINUTES for its confirmation (the suspects' queue), and the
//   site stops sending visitors to the link meanwhile;
// - the checker always claims the earliest due groups, even when none is due yet, so spare capacity is
//   never wasted and a backlog delays everyone alike (the front stays the front).

export type PolicyAnswer = 'live' | 'dead' | 'unknown';

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Shortest interval between two scheduled checks of one group (a hot group). */
export const MIN_CHECK_INTERVAL_MS = 2 * HOUR_MS;
/** Longest interval: a quiet, old group is still checked every few weeks. */
export const MAX_CHECK_INTERVAL_MS = 28 * DAY_MS;
/** After an inconclusive answer (429, 5xx, timeout) the group is tried again within this. */
export const UNKNOWN_RETRY_MS = 6 * HOUR_MS;
/** Groups younger than this die much faster (the hazard prior below). */
export const YOUNG_AGE_MS = 30 * DAY_MS;
/** Daily hazard priors: young groups, then established ones (the reference scenario's figures). */
export const YOUNG_HAZARD = 0.03;
export const OLD_HAZARD = 0.005;
/** A join rate no group is assumed below (joins a day): keeps never-joined groups in the rotation. */
const RATE_FLOOR = 0.002;
/** The prior of the lifetime rate: a new group counts as if it had had PRIOR_JOINS in PRIOR_DAYS. */
const PRIOR_JOINS = 0.2;
const PRIOR_DAYS = 7;
/**
 * Joins a day beyond which more checks buy little: on a group this busy, the visitors' own reports
 * (one in ten who find the link dead) and the overdue-join rule catch a death within minutes.
 */
export const RATE_CAP = 20;
/** The recent rate is read over at least a day, and from a few joins on (one join is no trend). */
const RECENT_MIN_MS = DAY_MS;
const RECENT_MIN_JOINS = 3;
/**
 * Scale of the square-root rule, in days·√(joins × hazard): the interval is scale / √(rate × hazard).
 * It is not a constant: every run adjusts it (adjustIntervalScale) so the checks due match the checks
 * WhatsApp allows, whatever the catalogue's size and traffic. This is where it starts.
 */
export const INITIAL_INTERVAL_SCALE = 0.2;
export const MIN_INTERVAL_SCALE = 0.001;
export const MAX_INTERVAL_SCALE = 10;
/** How fast the scale follows the backlog: at most ×2 (or ÷2) a day. */
const SCALE_DOUBLING_MS = DAY_MS;
/** A backlog up to this old is normal (the groups due during one run's wait). */
const BACKLOG_TOLERANCE_MS = 3_600_000;
/** Where 'the front' is: a due time this far back sorts before every scheduled group. */
export const FRONT_OFFSET_MS = 365 * DAY_MS;

export interface PolicyInput {
  /** now, in ms since the epoch */
  now: number;
  /** when the group was created */
  createdAt: number;
  /** the answer of the check that just finished (or the last one) */
  answer: PolicyAnswer;
  /** counted joins over the group's life (groups.cliques) */
  totalJoins: number;
  /** counted joins since the last check (cliques now minus cliques then) */
  joinsSinceCheck: number;
  /** when the link was last checked (null: never) */
  lastCheckedAt: number | null;
  /** since when the link has answered live without interruption (null: never confirmed live) */
  liveSince?: number | null;
  /** the checker's current scale (adjustIntervalScale); INITIAL_INTERVAL_SCALE when unknown */
  scale?: number;
}

/** The daily hazard prior of a group from its age and how long it has been live. */
export function hazardOf(ageMs: number, liveForMs: number | null = null): number {
  if (ageMs < YOUNG_AGE_MS) return YOUNG_HAZARD;
  // An old group never confirmed live is as uncertain as a young one.
  if (liveForMs === null) return YOUNG_HAZARD;
  return OLD_HAZARD;
}

/**
 * Joins a day: since the last check or over the whole life, whichever is higher (a group heating up
 * counts at once). The lifetime rate starts from a prior (PRIOR_JOINS over PRIOR_DAYS, about the
 * typical group's rate), so a new group with no joins yet is not taken for a dead quiet one.
 */
export function joinRateOf(
  input: Pick<PolicyInput, 'now' | 'createdAt' | 'totalJoins' | 'joinsSinceCheck' | 'lastCheckedAt'>,
) {
  const ageDays = Math.max(0, (input.now - input.createdAt) / DAY_MS);
  const lifetime = (input.totalJoins + PRIOR_JOINS) / (ageDays + PRIOR_DAYS);
  const since = input.lastCheckedAt ?? input.createdAt;
  const recent =
    input.joinsSinceCheck < RECENT_MIN_JOINS
      ? 0
      : input.joinsSinceCheck / (Math.max(RECENT_MIN_MS, input.now - since) / DAY_MS);
  return Math.min(RATE_CAP, Math.max(RATE_FLOOR, recent, lifetime));
}

/** How long after this answer the group's next scheduled check comes (ms). */
export function checkIntervalMs(input: PolicyInput): number {
  if (input.answer === 'unknown') return UNKNOWN_RETRY_MS;
  const age = Math.max(0, input.now - input.createdAt);
  const liveFor = input.liveSince == null ? null : Math.max(0, input.now - input.liveSince);
  const hazard = input.answer === 'dead' ? YOUNG_HAZARD : hazardOf(age, liveFor);
  const days = (input.scale ?? INITIAL_INTERVAL_SCALE) / Math.sqrt(joinRateOf(input) * hazard);
  return Math.min(MAX_CHECK_INTERVAL_MS, Math.max(MIN_CHECK_INTERVAL_MS, days * DAY_MS));
}

/** The group's next due time (ms since the epoch) after an answer at `input.now`. */
export function nextCheckDueAt(input: PolicyInput): number {
  return input.now + checkIntervalMs(input);
}

/**
 * Whether a join at `input.now` should move the group to the front: its check is overdue, by its
 * stored due time or by the interval its joins since the last check now call for (a quiet group that
 * suddenly draws visitors does not wait for the due time set when it was quiet).
 */
export function joinQueuesCheck(input: PolicyInput & { dueAt: number | null }): boolean {
  if (input.dueAt === null) return false; // never checked: first in the queue already
  if (input.dueAt <= input.now - FRONT_OFFSET_MS / 2) return false; // already at the front
  if (input.dueAt <= input.now) return true;
  const last = input.lastCheckedAt ?? input.createdAt;
  return last + checkIntervalMs({ ...input, answer: 'live' }) <= input.now;
}

/**
 * How long a join on an overdue group may wait for a free slot of the shared pace to WhatsApp (one
 * request a second, the scheduled runs' and every other check's) before it gives up checking first.
 * Two seconds, not one (decision 0022): with one, four in five joins sent to a dead link at 1M groups
 * had wanted a check and found the pace taken, mostly by a scheduled run's second.
 */
export const JOIN_CHECK_MAX_WAIT_MS = 2_000;
/** How long a join's own check may take: past it the answer is unknown and the visitor is sent on. */
export const JOIN_CHECK_TIMEOUT_MS = 2_500;

/**
 * A join checks first a link last checked longer ago than this, whatever its due time: a quiet group's
 * scheduled check is weeks away (the square-root rule gives the long tail little), and its rare
 * visitors would otherwise meet a link dead for days. At 1M groups and 200k joins a day by Zipf(1) it
 * asks for about 73k checks a day at most, of the 86,400 the pace allows; the scheduled runs get the
 * rest, and the interval scale follows.
 */
export const JOIN_CHECK_AFTER_MS = DAY_MS;

/**
 * Whether a join checks the link before it sends the visitor (decision 0012, 'checked join'): the
 * group's check is overdue (joinQueuesCheck's rule), never done, older than JOIN_CHECK_AFTER_MS, or
 * already waiting at the front. When the pace has a free slot within JOIN_CHECK_MAX_WAIT_MS the join
 * checks it itself: a dead answer stops
 * the visitor ('Este link deixou de funcionar') instead of sending them to a dead link; otherwise the
 * visitor is sent and the group moves to the front (queued join).
 */
export function joinChecksFirst(input: PolicyInput & { dueAt: number | null }): boolean {
  if (input.dueAt === null || input.lastCheckedAt === null) return true;
  if (input.now - input.lastCheckedAt >= JOIN_CHECK_AFTER_MS) return true;
  if (input.dueAt <= input.now) return true;
  return joinQueuesCheck(input);
}

/** The due time that puts a group at the front of the queue (a report, an overdue join). */
export function frontDueAt(now: number): number {
  return now - FRONT_OFFSET_MS;
}

/**
 * The scale after `elapsedMs` of checking, from the oldest scheduled due time (front-of-queue groups
 * left out): behind by more than an hour, intervals grow (fewer checks due); nothing due, they shrink
 * (the checker was pulling groups ahead: spare capacity goes to the groups that need it most).
 */
export function adjustIntervalScale(
  scale: number,
  oldestDueAt: number | null,
  now: number,
  elapsedMs: number,
) {
  if (oldestDueAt === null || elapsedMs <= 0) return scale;
  const lag = now - oldestDueAt;
  const step = 2 ** (Math.min(elapsedMs, DAY_MS) / SCALE_DOUBLING_MS);
  const next = lag > BACKLOG_TOLERANCE_MS ? scale * step : lag < 0 ? scale / step : scale;
  return Math.min(MAX_INTERVAL_SCALE, Math.max(MIN_INTERVAL_SCALE, next));
}

/**
 * The link-check columns of a group whose invite link was just replaced (by its owner or an admin):
 * the old link's answers say nothing about the new one; unverified, it is checked first.
 */
export function newLinkCheckState(status: PolicyAnswer, now: Date) {
  const live = status === 'live';
  return {
    linkStatus: live ? ('live' as const) : ('unknown' as const),
    linkLiveAt: live ? now : null,
    linkCheckedAt: live ? now : null,
    linkDeadCount: 0,
    linkDeadAt: null,
    linkCheckDueAt: live ? new Date(now.getTime() + MIN_CHECK_INTERVAL_MS) : null,
  };
}
