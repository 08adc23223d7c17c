// Link health: the scheduled rotation that re-checks public groups' invite links, the single checks
// ('Verificar agora', broken-link reports), hiding after two dead answers, the admin's restore and the
// owner's new link. The rules live in link-health.ts; the request to WhatsApp in invite-check.server.ts.
//
// Queue: public groups are picked earliest due first (link_check_due_at, set after every answer by the
// shared policy in check-policy.ts; never checked first), preceded by the groups waiting to confirm a
// dead answer (one dead answer at least LINK_DEAD_CONFIRM_MINUTES old). A run claims its batch by
// writing link_checked_at = now and a short lease on the due time in one statement (`for update skip
// locked`), so two overlapping runs never check the same group. An unknown answer changes nothing about
// the group's state but is tried again later (UNKNOWN_RETRY_MS), so a link WhatsApp never answers for
// cannot hold the head of the queue; a 429 stops the run, gives the groups it did not check their place
// back and pauses every run until the backoff has passed (stored in link_check_state, so every function
// instance sees it). A join on an overdue group and a broken-link report move it to the front.
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { groups, linkCheckState } from '#db/schema.ts';
import { isHeldRow, isListedRow } from '#db/visibility.ts';
import { recordAccess } from '#src/features/access-log/access-log.server.ts';
import { assertInviteFree, inviteTakenError } from '#src/features/groups/group-writes.server.ts';
import { isApprovedGroup } from '#src/features/groups/groups.server.ts';
import { normalizeInviteLink } from '#src/features/groups/groups.ts';
import {
  evidenceGroups,
  type HoldActor,
  hasActiveHold,
  liftHolds,
  placeHold,
} from '#src/features/holds/holds.server.ts';
import { HOLD_MESSAGES } from '#src/features/holds/holds.ts';
import { notifyLinkDead } from '#src/features/mail/notify.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { isUniqueViolation } from '#src/lib/db-errors.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { countLabel } from '#src/lib/format.ts';
import { AppError } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND } from '#src/lib/ids.ts';
import { dayOf, startOfDay } from '#src/lib/time-zone.ts';
import { decisionScale, RUN_TIME_BUDGET_MS, policyInputOf as sharedPolicyInput } from './check-capacity.ts';
import {
  adjustIntervalScale,
  DAY_MS,
  FRONT_OFFSET_MS,
  frontDueAt,
  JOIN_CHECK_MAX_WAIT_MS,
  JOIN_CHECK_TIMEOUT_MS,
  joinChecksFirst,
  joinQueuesCheck,
  nextCheckDueAt,
  type PolicyInput,
} from './check-policy.ts';
import { addTally, talliesSince, tallyAnswer } from './check-tallies.server.ts';
import { checkInvite, type InviteCheck } from './invite-check.server.ts';
import { LINK_LIVE_AGAIN, linkChange, NEW_LINK_LIFT, storedWhatsappTitle } from './link-change.ts';
import {
  backoffSeconds,
  type CheckCause,
  type LinkAnswer,
  type LinkCheckFigures,
  type LinkState,
  nextLinkState,
  type Tally,
  type TallyByCause,
} from './link-health.ts';
import { InviteLinkField } from './links.schema.ts';

export const DEAD_INVITE_MESSAGE = 'Este link de convite foi revogado ou não existe.';
export const NOT_DEAD_LINK_MESSAGE = 'Este grupo não está oculto por link quebrado';

/** The invite check, injectable so tests and the bench can count or slow requests. */
export type InviteChecker = (link: string, options?: { signal?: AbortSignal }) => Promise<InviteCheck>;

export { RUN_TIME_BUDGET_MS } from './check-capacity.ts';

const STATE_ID = 'default';
/** A claimed group's due time moves this far ahead while its run checks it (another run skips it). */
const CLAIM_LEASE_MS = 10 * 60_000;

function isRateLimited(check: InviteCheck) {
  return check.status === 'unknown' && check.retryAfterSeconds !== undefined;
}

function confirmMs() {
  return getEnv().LINK_DEAD_CONFIRM_MINUTES * 60_000;
}

/** Link checks leave updated_at alone (it drives the pages' cacheKeys and the sitemap's lastmod). */
const keepUpdatedAt = { updatedAt: sql`${groups.updatedAt}` };

const stateColumns = {
  id: groups.id,
  approved: groups.approved,
  hiddenAt: groups.hiddenAt,
  hiddenReason: groups.hiddenReason,
  linkStatus: groups.linkStatus,
  linkLiveAt: groups.linkLiveAt,
  linkDeadCount: groups.linkDeadCount,
  linkDeadAt: groups.linkDeadAt,
  createdAt: groups.createdAt,
  cliques: groups.cliques,
  linkCheckJoins: groups.linkCheckJoins,
  linkCheckedAt: groups.linkCheckedAt,
};

/** What the shared policy needs to know of a group (the same builder the simulation uses). */
function policyInputOf(
  row: { createdAt: Date; cliques: number; linkCheckJoins: number; linkCheckedAt: Date | null },
  answer: LinkAnswer,
  now: Date,
  scale: number,
  previousCheckedAt: Date | null = row.linkCheckedAt,
): PolicyInput {
  const columns = {
    createdAt: row.createdAt.getTime(),
    cliques: row.cliques,
    linkCheckJoins: row.linkCheckJoins,
    linkCheckedAt: previousCheckedAt?.getTime() ?? null,
  };
  return sharedPolicyInput(columns, answer, now.getTime(), scale);
}

/**
 * Apply one answer to a group (locked while it changes). The second counted dead answer places the dead
 * link's hold, a live answer lifts it. Returns the new status and whether a public group left the site (the
 * caller asks for the rebuild: a run asks once for all of its groups).
 */
export async function recordLinkAnswer(
  db: Db,
  groupId: string,
  answer: LinkAnswer,
  now: Date = new Date(),
  options: {
    checkedAt?: boolean;
    previousCheckedAt?: Date | null;
    scale?: number;
    /** the name WhatsApp showed with a live answer ('No WhatsApp: …' on cards and the page) */
    title?: string;
  } = {},
): Promise<{ linkStatus: LinkAnswer; hidden: boolean; leftSite: boolean }> {
  const scale = options.scale ?? decisionScale((await readState(db)).intervalScale);
  const { hiddenNow, cameBack, ...result } = await db.transaction(async (tx) => {
    const [row] = await tx.select(stateColumns).from(groups).where(eq(groups.id, groupId)).for('update');
    if (!row) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
    const current: LinkState = {
      linkStatus: row.linkStatus,
      linkLiveAt: row.linkLiveAt,
      linkDeadCount: row.linkDeadCount,
      linkDeadAt: row.linkDeadAt,
    };
    const { state, hide } = nextLinkState(current, answer, now, confirmMs());
    const previous = options.previousCheckedAt === undefined ? row.linkCheckedAt : options.previousCheckedAt;
    // The next check: the policy's after a live or unknown answer; after a dead one, the confirmation.
    const dueAt =
      answer === 'dead'
        ? new Date(now.getTime() + Math.max(confirmMs(), 60_000))
        : new Date(nextCheckDueAt(policyInputOf(row, answer, now, scale, previous)));
    await tx
      .update(groups)
      .set({
        ...(answer !== 'unknown' ? { ...state, linkCheckJoins: row.cliques } : {}),
        ...(options.checkedAt && answer !== 'unknown' ? { linkCheckedAt: now } : {}),
        ...(answer === 'live' && storedWhatsappTitle(options.title)
          ? { whatsappTitle: storedWhatsappTitle(options.title) }
          : {}),
        linkCheckDueAt: dueAt,
        ...keepUpdatedAt,
      })
      .where(eq(groups.id, groupId));
    // The dead link's own hold: placed on the confirmed dead answer (whatever else holds the group),
    // lifted by a live one; no other hold moves.
    const hadHold = await hasActiveHold(tx, groupId, { reason: 'dead_link' });
    const placed = hide && !hadHold ? await placeHold(tx, groupId, { reason: 'dead_link', at: now }) : null;
    const lifted =
      answer === 'live' && hadHold
        ? await liftHolds(tx, groupId, { reason: 'dead_link' }, { reason: LINK_LIVE_AGAIN, at: now })
        : null;
    return {
      linkStatus: state.linkStatus,
      // Held for its dead link: by this answer, or already (a dead answer on a group another check
      // held moments ago comes too soon to count, yet the group is held all the same).
      hidden: Boolean(placed?.changed) || (hadHold && (hide || answer === 'dead')),
      leftSite: Boolean(placed?.leftSite),
      cameBack: Boolean(lifted?.cameBack),
      hiddenNow: Boolean(placed?.changed) && !isHeldRow(row),
    };
  });
  // The owner hears of it once, when the group is hidden ('Atualizar link' in the panel).
  if (hiddenNow) await notifyLinkDead(db, groupId);
  if (cameBack) await requestRebuild(db, `link voltou a funcionar: ${groupId}`, { groups: [groupId] });
  return result;
}

async function readState(db: Db) {
  const [row] = await db.select().from(linkCheckState).where(eq(linkCheckState.id, STATE_ID));
  return row ?? { pausedUntil: null, rateLimitedRuns: 0, intervalScale: null, lastRunAt: null };
}

/** Whether checks are paused after a 429 (and until when). */
export async function linkChecksPausedUntil(db: Db, now: Date = new Date()): Promise<Date | null> {
  const { pausedUntil } = await readState(db);
  return pausedUntil && pausedUntil > now ? pausedUntil : null;
}

/** After a 429: pause every run (and every paced check) for the backoff; returns until when. */
export async function pauseAfterRateLimit(
  db: Db,
  retryAfterSeconds: number | undefined,
  now: Date,
  cause: CheckCause,
) {
  const { rateLimitedRuns } = await readState(db);
  const pausedUntil = new Date(now.getTime() + backoffSeconds(retryAfterSeconds, rateLimitedRuns) * 1000);
  await db
    .insert(linkCheckState)
    .values({ id: STATE_ID, pausedUntil, rateLimitedRuns: 1, lastRunAt: now, lastRateLimitedAt: now })
    .onConflictDoUpdate({
      target: linkCheckState.id,
      set: {
        pausedUntil,
        rateLimitedRuns: sql`${linkCheckState.rateLimitedRuns} + 1`,
        lastRunAt: now,
        lastRateLimitedAt: now,
      },
    });
  await tallyAnswer(db, cause, 'rate_limited', now);
  return pausedUntil;
}

/** The rate-limit bucket whose reset_at is the end of the last request slot taken (see takeCheckSlot). */
const PACE_KEY = 'whatsapp:pace';
/** Claim checks' own share of the pace: a crowd of claims cannot hold up the scheduled checks, nor they claims. */
export const CLAIM_PACE_KEY = 'whatsapp:pace:claims';

/**
 * The one pace of requests to WhatsApp, shared by every process (the scheduled runs, claim checks):
 * takes the next free slot, `paceMs` after the last one taken, and answers how long to wait for it.
 * When that slot is more than `maxWaitMs` away nothing is taken and the answer is `busyMs`, the wait
 * the caller would have had. One statement, so two callers never get the same slot.
 */
export async function takeCheckSlot(
  db: Db,
  paceMs: number,
  maxWaitMs: number,
  key: string = PACE_KEY,
): Promise<{ waitMs: number } | { busyMs: number }> {
  const pace = sql`make_interval(secs => ${paceMs / 1000}::float8)`;
  const [slot] = rowsOf<{ wait_ms: number | string }>(
    await db.execute(sql`
      insert into rate_limit_buckets (key, count, reset_at) values (${key}, 1, now() + ${pace})
      on conflict (key) do update set reset_at = greatest(rate_limit_buckets.reset_at, now()) + ${pace}
        where greatest(rate_limit_buckets.reset_at, now()) <= now() + make_interval(secs => ${maxWaitMs / 1000}::float8)
      returning extract(epoch from (reset_at - now())) * 1000 - ${paceMs}::float8 as wait_ms`),
  );
  if (slot) return { waitMs: Math.max(0, Number(slot.wait_ms)) };
  const [busy] = rowsOf<{ busy_ms: number | string }>(
    await db.execute(sql`
      select extract(epoch from (reset_at - now())) * 1000 as busy_ms from rate_limit_buckets
      where key = ${key}`),
  );
  return { busyMs: Math.max(0, Number(busy?.busy_ms ?? 0)) };
}

async function markRun(db: Db, now: Date, intervalScale: number) {
  await db
    .insert(linkCheckState)
    .values({ id: STATE_ID, rateLimitedRuns: 0, lastRunAt: now, intervalScale })
    .onConflictDoUpdate({
      target: linkCheckState.id,
      set: { rateLimitedRuns: 0, lastRunAt: now, intervalScale },
    });
}

/**
 * The earliest scheduled due time of a public group, the front of the queue (reports, overdue joins)
 * and never-checked groups left out: how far behind the checker is. One step down the due index.
 */
export async function oldestScheduledDue(db: Db, now: Date = new Date()): Promise<Date | null> {
  const after = new Date(now.getTime() - FRONT_OFFSET_MS / 2);
  const [row] = rowsOf<{ due: string | Date | null }>(
    await db.execute(sql`
      select link_check_due_at as due from groups
      where ${isApprovedGroup} and link_check_due_at > ${after.toISOString()}
      order by link_check_due_at asc nulls first, id limit 1`),
  );
  return row?.due ? new Date(row.due) : null;
}

interface Claimed {
  id: string;
  link: string;
  previousCheckedAt: Date | null;
  previousDueAt: Date | null;
}

/**
 * Claim the next `size` groups to check: first those waiting to confirm a dead answer, then the
 * earliest due (never checked first, then the front, then by due time, even when none is due yet: a
 * checker with time to spare checks early). Both reads walk a partial index, and the reads and the
 * marking are one statement: one round trip, and a claim is atomic on its own.
 */
export async function claimLinkBatch(db: Db, size: number, now: Date = new Date()): Promise<Claimed[]> {
  if (size <= 0) return [];
  const cutoff = new Date(now.getTime() - confirmMs());
  const lease = new Date(now.getTime() + CLAIM_LEASE_MS);
  const rows = rowsOf<{
    id: string;
    link: string;
    previous: string | Date | null;
    previous_due: string | Date | null;
    part: number;
  }>(
    await db.execute(sql`
      with suspects as (
        select id, link, link_checked_at, link_check_due_at, link_dead_at as sort_at from groups
        where link_dead_count > 0 and ${isApprovedGroup} and link_dead_at <= ${cutoff.toISOString()}
        order by link_dead_at limit ${size} for update skip locked),
      queue as (
        select id, link, link_checked_at, link_check_due_at, link_check_due_at as sort_at from groups
        where ${isApprovedGroup} and id not in (select id from suspects)
        order by link_check_due_at asc nulls first, id
        limit ${size} for update skip locked),
      -- a constant limit in each read keeps the planner on its index; the union takes the first size
      claimed as (
        select *, 0 as part from suspects union all select *, 1 as part from queue limit ${size})
      update groups set link_checked_at = ${now.toISOString()}, link_check_due_at = ${lease.toISOString()},
        updated_at = groups.updated_at
      from claimed where groups.id = claimed.id
      returning groups.id, groups.link, claimed.link_checked_at as previous,
        claimed.link_check_due_at as previous_due, claimed.part, claimed.sort_at`),
  );
  // RETURNING keeps no order: suspects first, each part in its queue's order.
  const order = (r: { part: number; sort_at?: string | Date | null; id: string }) =>
    [r.part, r.sort_at ? new Date(r.sort_at).getTime() : -1, r.id] as const;
  rows.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0);
  });
  return rows.map((r) => ({
    id: r.id,
    link: r.link,
    previousCheckedAt: r.previous ? new Date(r.previous) : null,
    previousDueAt: r.previous_due ? new Date(r.previous_due) : null,
  }));
}

/** Give claimed groups that were not checked their place in the queue back. */
async function releaseClaims(db: Db, claims: Claimed[], claimedAt: Date) {
  for (const claim of claims)
    await db
      .update(groups)
      .set({ linkCheckedAt: claim.previousCheckedAt, linkCheckDueAt: claim.previousDueAt, ...keepUpdatedAt })
      .where(and(eq(groups.id, claim.id), eq(groups.linkCheckedAt, claimedAt)));
}

export interface LinkRunOptions {
  checker?: InviteChecker;
  /** groups per run (LINK_CHECK_BATCH) */
  batch?: number;
  /** milliseconds between two requests (LINK_CHECK_PACE) */
  paceMs?: number;
  /** stop starting checks after this long (the function's time limit) */
  budgetMs?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

export interface LinkRunResult {
  claimed: number;
  checked: number;
  live: number;
  dead: number;
  unknown: number;
  hidden: number;
  /** set when a 429 stopped the run or a previous one still pauses the checks */
  pausedUntil: string | null;
  skipped: boolean;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Ask WhatsApp about one claimed group (its slot of the pace already taken) and apply the answer with
 * the scale the claim was judged by. A 429 pauses every check and applies nothing.
 */
async function checkClaim(
  db: Db,
  claim: Claimed,
  options: { checker: InviteChecker; scale: number; now: Date; cause: CheckCause; signal?: AbortSignal },
): Promise<{ pausedUntil: Date } | { answer: LinkAnswer; hidden: boolean; leftSite: boolean }> {
  const check = await options
    .checker(claim.link, options.signal ? { signal: options.signal } : undefined)
    .catch((error: unknown): InviteCheck => ({ status: 'unknown', type: 'group', reason: String(error) }));
  if (isRateLimited(check))
    return {
      pausedUntil: await pauseAfterRateLimit(db, check.retryAfterSeconds, options.now, options.cause),
    };
  const outcome = await recordLinkAnswer(db, claim.id, check.status, options.now, {
    previousCheckedAt: claim.previousCheckedAt,
    scale: options.scale,
    title: check.title,
  }).catch((error: unknown) => {
    // The group was deleted meanwhile: nothing to record.
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  });
  return { answer: check.status, hidden: Boolean(outcome?.hidden), leftSite: Boolean(outcome?.leftSite) };
}

/** One scheduled run: claim a batch, check it at the configured pace, apply the answers. */
export async function runLinkChecks(db: Db, options: LinkRunOptions = {}): Promise<LinkRunResult> {
  const env = getEnv();
  const checker = options.checker ?? checkInvite;
  const clock = options.now ?? (() => new Date());
  const sleep = options.sleep ?? realSleep;
  const paceMs = options.paceMs ?? env.LINK_CHECK_PACE;
  const budgetMs = options.budgetMs ?? RUN_TIME_BUDGET_MS;
  const result: LinkRunResult = {
    claimed: 0,
    checked: 0,
    live: 0,
    dead: 0,
    unknown: 0,
    hidden: 0,
    pausedUntil: null,
    skipped: false,
  };
  const start = clock();
  const state = await readState(db);
  if (state.pausedUntil && state.pausedUntil > start)
    return { ...result, pausedUntil: state.pausedUntil.toISOString(), skipped: true };
  // The policy's scale follows the backlog (behind: longer intervals; idle: shorter), once per run.
  const elapsed = state.lastRunAt ? start.getTime() - state.lastRunAt.getTime() : 0;
  const oldest = await oldestScheduledDue(db, start);
  const scale = adjustIntervalScale(
    decisionScale(state.intervalScale),
    oldest?.getTime() ?? null,
    start.getTime(),
    elapsed,
  );

  const claims = await claimLinkBatch(db, options.batch ?? env.LINK_CHECK_BATCH, start);
  result.claimed = claims.length;
  let index = 0;
  const leftSite: string[] = [];
  for (; index < claims.length; index++) {
    const claim = claims[index]!;
    const left = budgetMs - (clock().getTime() - start.getTime());
    if (left <= 0) break;
    // The pace is shared with the claim checks (takeCheckSlot): never two requests closer than paceMs.
    const slot = await takeCheckSlot(db, paceMs, left);
    if ('busyMs' in slot) break;
    if (slot.waitMs > 0) await sleep(slot.waitMs);
    const checked = await checkClaim(db, claim, { checker, scale, now: clock(), cause: 'scheduled' });
    if ('pausedUntil' in checked) {
      result.pausedUntil = checked.pausedUntil.toISOString();
      break;
    }
    result.checked++;
    result[checked.answer]++;
    if (checked.hidden) result.hidden++;
    if (checked.leftSite) leftSite.push(claim.id);
  }
  await releaseClaims(db, claims.slice(index), start);
  await addTally(
    db,
    'scheduled',
    { checks: result.checked, dead: result.dead, inconclusive: result.unknown },
    clock(),
  );
  if (!result.pausedUntil) await markRun(db, clock(), scale);
  if (leftSite.length)
    await requestRebuild(
      db,
      `${countLabel(leftSite.length, 'grupo ocultado', 'grupos ocultados')} por link quebrado`,
      {
        groups: leftSite,
      },
    );
  return result;
}

/**
 * A slot of the pace free at this moment (between the scheduled runs, the joins' own checks leave many)
 * checks the next group of the queue, in claimLinkBatch's order: a dead answer to confirm, the front,
 * the earliest due. Called after a join has been answered (decision 0022): the scheduled runs alone, 22 s
 * a minute, leave most of the pace unused while dead groups wait for their first visitor. Nothing when
 * the checks are paused or the pace has no slot now. Returns the answer, or null when nothing was asked.
 */
export async function checkOnSpareSlot(
  db: Db,
  options: { checker?: InviteChecker; now?: Date; paceMs?: number } = {},
): Promise<LinkAnswer | null> {
  const now = options.now ?? new Date();
  const state = await readState(db);
  if (state.pausedUntil && state.pausedUntil > now) return null;
  if ('busyMs' in (await takeCheckSlot(db, options.paceMs ?? getEnv().LINK_CHECK_PACE, 0))) return null;
  const [claim] = await claimLinkBatch(db, 1, now);
  if (!claim) return null;
  const checked = await checkClaim(db, claim, {
    checker: options.checker ?? checkInvite,
    scale: decisionScale(state.intervalScale),
    now,
    cause: 'spare',
    signal: AbortSignal.timeout(JOIN_CHECK_TIMEOUT_MS),
  });
  if ('pausedUntil' in checked) {
    await releaseClaims(db, [claim], now);
    return null;
  }
  await tallyAnswer(db, 'spare', checked.answer, now);
  if (checked.leftSite)
    await requestRebuild(db, `grupo ocultado por link quebrado: ${claim.id}`, { groups: [claim.id] });
  return checked.answer;
}

/**
 * Check one group's link now (the admin's 'Verificar agora', a broken-link report). Applies the same
 * rules as the rotation; a 429 pauses the rotation too. With `respectPause`, nothing is requested
 * while the checks are paused (the answer is unknown).
 */
export async function checkGroupLink(
  db: Db,
  groupId: string,
  options: { checker?: InviteChecker; now?: Date; respectPause?: boolean; cause?: 'admin' | 'report' } = {},
): Promise<{ linkStatus: LinkAnswer; answer: LinkAnswer; hidden: boolean; checkedAt: string | null }> {
  const [group] = await db
    .select({ link: groups.link, linkStatus: groups.linkStatus, hiddenAt: groups.hiddenAt })
    .from(groups)
    .where(eq(groups.id, groupId));
  if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const now = options.now ?? new Date();
  const unchanged = {
    linkStatus: group.linkStatus,
    answer: 'unknown' as const,
    hidden: isHeldRow(group),
  };
  if (options.respectPause && (await linkChecksPausedUntil(db, now)))
    return { ...unchanged, checkedAt: null };
  const check = await (options.checker ?? checkInvite)(group.link).catch(
    (): InviteCheck => ({ status: 'unknown', type: 'group' }),
  );
  const cause = options.cause ?? 'admin';
  if (isRateLimited(check)) await pauseAfterRateLimit(db, check.retryAfterSeconds, now, cause);
  else await tallyAnswer(db, cause, check.status, now);
  const conclusive = check.status !== 'unknown';
  const outcome = await recordLinkAnswer(db, groupId, check.status, now, {
    checkedAt: true,
    title: check.title,
  });
  if (outcome.leftSite)
    await requestRebuild(db, `grupo ocultado por link quebrado: ${groupId}`, { groups: [groupId] });
  return {
    linkStatus: outcome.linkStatus,
    answer: check.status,
    hidden: outcome.hidden,
    checkedAt: conclusive ? now.toISOString() : null,
  };
}

/**
 * A visitor reported a broken link: check it now, unless WhatsApp asked for a pause (then it waits
 * at the front of the queue for the first run after the pause).
 */
export async function checkReportedLink(db: Db, groupId: string) {
  const result = await checkGroupLink(db, groupId, { respectPause: true, cause: 'report' });
  if (result.checkedAt === null && result.answer === 'unknown') await moveToFront(db, groupId, new Date());
  return result;
}

/** Put a group at the front of the check queue (unless it already is). */
async function moveToFront(db: Db, groupId: string, now: Date) {
  const front = new Date(frontDueAt(now.getTime()));
  const alreadyFront = new Date(now.getTime() - FRONT_OFFSET_MS / 2);
  await db
    .update(groups)
    .set({ linkCheckDueAt: front, ...keepUpdatedAt })
    .where(
      and(
        eq(groups.id, groupId),
        // a never-checked group (null) is already first, and one at the front keeps its place
        sql`${groups.linkCheckDueAt} > ${alreadyFront.toISOString()}`,
      ),
    );
}

/** The row of a group a join reads (/entrar/{id}): its link and what the policy needs. */
export interface JoinRow {
  id: string;
  createdAt: Date;
  cliques: number;
  linkCheckJoins: number;
  linkCheckedAt: Date | null;
  linkCheckDueAt: Date | null;
}

/**
 * A visitor joins a group whose check is overdue (joinChecksFirst, the policy the simulation runs):
 * the join checks the link itself when no 429 pause is on and the shared pace to WhatsApp has a slot
 * within JOIN_CHECK_MAX_WAIT_MS, and applies the answer as any check does (a dead one marks the link
 * dead, so this visitor and the next are stopped). Returns the answer, or null when it did not check
 * (not overdue, paused, or the pace busy: the caller queues the group instead).
 */
export async function checkBeforeJoin(
  db: Db,
  row: JoinRow & { link: string },
  options: {
    now?: Date;
    checker?: InviteChecker;
    paceMs?: number;
    sleep?: (ms: number) => Promise<void>;
  } = {},
): Promise<LinkAnswer | null> {
  const now = options.now ?? new Date();
  const state = await readState(db);
  const scale = decisionScale(state.intervalScale);
  const input = policyInputOf(row, 'live', now, scale);
  if (!joinChecksFirst({ ...input, dueAt: row.linkCheckDueAt?.getTime() ?? null })) return null;
  if (state.pausedUntil && state.pausedUntil > now) return null;
  const slot = await takeCheckSlot(db, options.paceMs ?? getEnv().LINK_CHECK_PACE, JOIN_CHECK_MAX_WAIT_MS);
  if (!('waitMs' in slot)) return null;
  if (slot.waitMs > 0) await (options.sleep ?? realSleep)(slot.waitMs);
  const check = await (options.checker ?? checkInvite)(row.link, {
    signal: AbortSignal.timeout(JOIN_CHECK_TIMEOUT_MS),
  }).catch((): InviteCheck => ({ status: 'unknown', type: 'group' }));
  const answeredAt = options.now ?? new Date();
  if (isRateLimited(check)) await pauseAfterRateLimit(db, check.retryAfterSeconds, answeredAt, 'join');
  else await tallyAnswer(db, 'join', check.status, answeredAt);
  const outcome = await recordLinkAnswer(db, row.id, check.status, answeredAt, {
    checkedAt: true,
    scale,
    title: check.title,
  });
  if (outcome.leftSite)
    await requestRebuild(db, `grupo ocultado por link quebrado: ${row.id}`, { groups: [row.id] });
  return check.status;
}

/**
 * A visitor joins a group: when its check is overdue (by its due time, or by the interval its joins
 * since the last check now call for), it moves to the front of the queue. Returns whether it moved.
 */
export async function queueOverdueCheck(db: Db, row: JoinRow, now: Date = new Date()): Promise<boolean> {
  if (row.linkCheckDueAt === null) return false; // never checked: already first in the queue
  // Judged by the scale the due times were set with (decision 0018), not the initial one.
  const input = policyInputOf(row, 'live', now, decisionScale((await readState(db)).intervalScale));
  if (!joinQueuesCheck({ ...input, dueAt: row.linkCheckDueAt.getTime() })) return false;
  await moveToFront(db, row.id, now);
  return true;
}

/** Admin: put a group hidden for a dead link back (unverified: the rotation checks it again). */
export async function restoreDeadLinkGroup(db: Db, groupId: string, admin?: HoldActor) {
  const change = await db.transaction(async (tx) => {
    const lifted = await liftHolds(
      tx,
      groupId,
      { reason: 'dead_link' },
      { reason: 'Restaurado pelo admin (o link será verificado de novo)', by: admin },
    );
    if (!lifted.changed) {
      const [exists] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId));
      throw exists
        ? new AppError('CONFLICT', NOT_DEAD_LINK_MESSAGE)
        : new AppError('NOT_FOUND', GROUP_NOT_FOUND);
    }
    await tx
      .update(groups)
      .set({
        linkStatus: 'unknown',
        linkDeadCount: 0,
        linkDeadAt: null,
        linkCheckedAt: null,
        linkCheckDueAt: null,
      })
      .where(eq(groups.id, groupId));
    return lifted;
  });
  if (change.cameBack) await requestRebuild(db, `grupo restaurado (link): ${groupId}`, { groups: [groupId] });
}

function linkError(message: string, code: 'BAD_REQUEST' | 'CONFLICT' = 'BAD_REQUEST'): AppError {
  return new AppError(code, message, { link: message });
}

/**
 * The owner replaces a group's invite link: the same validation and duplicate rules as a submission,
 * a dead link refused, and the group goes back to moderation (a group hidden for its dead link is
 * shown again once approved; one hidden by reports stays hidden).
 */
export async function replaceGroupLink(
  db: Db,
  userId: string,
  groupId: string,
  input: unknown,
  options: { checker?: InviteChecker; now?: Date; ip?: string | null } = {},
) {
  const parsed = InviteLinkField.safeParse(input);
  if (!parsed.success) throw linkError(parsed.error.issues[0]?.message ?? 'Link inválido');
  const invite = normalizeInviteLink(parsed.data)!;
  const [group] = await db
    .select({
      id: groups.id,
      approved: groups.approved,
      hiddenAt: groups.hiddenAt,
      hiddenReason: groups.hiddenReason,
    })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.userId, userId)));
  if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  if ((await evidenceGroups(db, [groupId])).size) throw linkError(HOLD_MESSAGES.evidenceLink, 'CONFLICT');
  await assertInviteFree(db, invite.code, { userId }, groupId);
  const check = await (options.checker ?? checkInvite)(invite.link).catch(
    (): InviteCheck => ({ status: 'unknown', type: 'group' }),
  );
  const now = options.now ?? new Date();
  await tallyAnswer(db, 'submission', check.status, now);
  if (check.status === 'dead') throw linkError(DEAD_INVITE_MESSAGE);
  const live = check.status === 'live';
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(groups)
        // Back to moderation: this path is the dead-link notice's, for a group the site stopped showing.
        .set({ ...linkChange(invite, check.status, now, check.title), approved: false })
        .where(eq(groups.id, groupId));
      await liftHolds(tx, groupId, { reason: 'dead_link' }, { reason: NEW_LINK_LIFT, by: { id: userId } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw inviteTakenError({ userId });
    throw error;
  }
  if (options.ip !== undefined) await recordAccess(db, { userId, event: 'group_edit', ip: options.ip });
  if (isListedRow(group))
    await requestRebuild(db, `link do grupo trocado: ${groupId}`, { groups: [groupId] });
  return { id: groupId, link: invite.link, approved: false, linkStatus: live ? 'live' : 'unknown' };
}

/** Read the checker's figures (one state row, one step down the due index, one bounded count). */
export async function linkCheckFigures(db: Db, now: Date = new Date()): Promise<LinkCheckFigures> {
  const state = await readState(db);
  const oldest = await oldestScheduledDue(db, now);
  const after = new Date(now.getTime() - FRONT_OFFSET_MS / 2);
  const [waiting] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n from (select 1 from groups
        where ${isApprovedGroup} and (link_check_due_at is null or link_check_due_at <= ${after.toISOString()})
        order by link_check_due_at asc nulls first, id limit 1000) as first`),
  );
  const row = state as Partial<typeof linkCheckState.$inferSelect>;
  const [today, day, week] = await Promise.all([
    talliesSince(db, startOfDay(dayOf(now))),
    talliesSince(db, new Date(now.getTime() - DAY_MS)),
    talliesSince(db, new Date(now.getTime() - 7 * DAY_MS)),
  ]);
  const sum = (by: TallyByCause, key: keyof Tally) => Object.values(by).reduce((n, t) => n + t[key], 0);
  return {
    checksToday: sum(today, 'checks'),
    deadToday: sum(today, 'dead'),
    rateLimitedToday: sum(today, 'rateLimited'),
    byCause: { day, week },
    lastRateLimitedAt: row.lastRateLimitedAt?.toISOString() ?? null,
    pausedUntil: state.pausedUntil && state.pausedUntil > now ? state.pausedUntil.toISOString() : null,
    oldestDueAt: oldest?.toISOString() ?? null,
    waitingFirst: Number(waiting?.n ?? 0),
    lastRunAt: state.lastRunAt?.toISOString() ?? null,
  };
}
