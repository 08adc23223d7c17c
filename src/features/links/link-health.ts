// Pure rules of link health: what one answer of the invite check does to a group's link state, the
// backoff after a 429 and the pace arithmetic. No IO: the scheduled run, the admin's 'Verificar agora'
// and broken-link reports all apply these through link-health.server.ts.

export type LinkAnswer = 'live' | 'dead' | 'unknown';

export interface LinkState {
  linkStatus: LinkAnswer;
  linkLiveAt: Date | null;
  linkDeadCount: number;
  linkDeadAt: Date | null;
}

/** The page a stopped visitor lands on (static; related groups come from the API). */
export const BROKEN_LINK_PAGE = '/link-quebrado';

/** The address of the 'Este link deixou de funcionar' page for a group (the join and the group page). */
export function brokenLinkPath(group: { id: string; categorySlug: string }) {
  const query = new URLSearchParams({ grupo: group.id, categoria: group.categorySlug });
  return `${BROKEN_LINK_PAGE}?${query}`;
}

/** Consecutive dead answers (each at least the confirmation interval after the last) that hide a group. */
export const DEAD_ANSWERS_TO_HIDE = 2;

export const LINK_STATUS_LABELS: Record<LinkAnswer, string> = {
  live: 'Link ativo',
  dead: 'Link quebrado',
  unknown: 'Não verificado',
};

/**
 * The state after one answer, and whether it hides the group:
 * - live: live now, the dead count back to 0;
 * - dead: counts one dead answer, unless the last counted one came less than `confirmMs` ago (then it
 *   only confirms what is already counted); the second counted one hides the group;
 * - unknown (429, 5xx, timeout, interstitial, offline): changes nothing.
 */
export function nextLinkState(
  current: LinkState,
  answer: LinkAnswer,
  now: Date,
  confirmMs: number,
): { state: LinkState; hide: boolean } {
  if (answer === 'unknown') return { state: current, hide: false };
  if (answer === 'live')
    return {
      state: { linkStatus: 'live', linkLiveAt: now, linkDeadCount: 0, linkDeadAt: null },
      hide: false,
    };
  const tooSoon =
    current.linkDeadCount > 0 &&
    current.linkDeadAt !== null &&
    now.getTime() - current.linkDeadAt.getTime() < confirmMs;
  if (tooSoon) return { state: { ...current, linkStatus: 'dead' }, hide: false };
  const count = current.linkDeadCount + 1;
  return {
    state: { ...current, linkStatus: 'dead', linkDeadCount: count, linkDeadAt: now },
    hide: count >= DEAD_ANSWERS_TO_HIDE,
  };
}

const BACKOFF_BASE_SECONDS = 60;
const BACKOFF_MAX_SECONDS = 6 * 3600;

/**
 * Seconds to pause every run after a 429: WhatsApp's Retry-After (at least a minute), doubled for each
 * 429 in a row before it (1, 2, 4 … minutes), at most 6 hours unless Retry-After itself asks for more.
 */
export function backoffSeconds(retryAfterSeconds: number | undefined, rateLimitedRuns: number): number {
  const asked = Number.isFinite(retryAfterSeconds) ? Math.max(0, Math.ceil(retryAfterSeconds!)) : 0;
  const doubled = Math.max(asked, BACKOFF_BASE_SECONDS) * 2 ** Math.max(0, rateLimitedRuns);
  return Math.max(asked, Math.min(doubled, BACKOFF_MAX_SECONDS));
}

/** Days a full sweep of `groups` takes at `batch` groups per run and one run every `runMinutes`. */
export function sweepDays(groups: number, batch: number, runMinutes = 1): number {
  if (batch <= 0) return Number.POSITIVE_INFINITY;
  return ((groups / batch) * runMinutes) / (24 * 60);
}

/** What asked WhatsApp: a scheduled run, a spare slot after a join, a join, a report, an admin, a submission or an owner's new link, a claim. */
export const CHECK_CAUSES = ['scheduled', 'spare', 'join', 'report', 'admin', 'submission', 'claim'] as const;
export type CheckCause = (typeof CHECK_CAUSES)[number];

export interface Tally {
  checks: number;
  dead: number;
  inconclusive: number;
  rateLimited: number;
  stopped: number;
}

export type TallyByCause = Record<CheckCause, Tally>;

/** The checker's figures for the admin's 'Links quebrados': today's work and whether WhatsApp pushes back. */
export interface LinkCheckFigures {
  checksToday: number;
  deadToday: number;
  rateLimitedToday: number;
  /** what asked WhatsApp, over the last 24 hours and 7 days (check-tallies.server.ts) */
  byCause: { day: TallyByCause; week: TallyByCause };
  lastRateLimitedAt: string | null;
  pausedUntil: string | null;
  /** the earliest scheduled due time (front and never-checked left out): how far behind the checker is */
  oldestDueAt: string | null;
  /** public groups waiting at the front (a report, an overdue join) or never checked */
  waitingFirst: number;
  lastRunAt: string | null;
}
