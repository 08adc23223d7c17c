// 'Reivindicar grupo' (issue #32): a logged-in person proves a group in the catalogue is theirs by
// putting a short code in the group's WhatsApp name, which only the group's admins can change. The
// check is one request to the invite page through the link checker (its SSRF rules, limits and the
// pace it shares with the scheduled checks); when the name shows the code the group changes owner in
// one transaction, keeping its page, clicks and paid featuring, and the previous owner is told.

import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.ts';
import { groupClaims, groupRevisions, groups, users } from '#db/schema.ts';
import { isHeldRow } from '#db/visibility.ts';
import { addressHash } from '#src/features/analytics/visitor.server.ts';
import type { SessionUser } from '#src/features/auth/session.server.ts';
import { normalizeInviteLink } from '#src/features/groups/groups.ts';
import { tallyAnswer } from '#src/features/links/check-tallies.server.ts';
import { checkInvite, type InviteCheck } from '#src/features/links/invite-check.server.ts';
import {
  CLAIM_PACE_KEY,
  linkChecksPausedUntil,
  pauseAfterRateLimit,
  takeCheckSlot,
} from '#src/features/links/link-health.server.ts';
import { queueGroupClaimed } from '#src/features/mail/notify.server.ts';
import { deliverMail } from '#src/features/mail/outbox.server.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { AppError, parse } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND, isUuid } from '#src/lib/ids.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';
import {
  type AdminClaim,
  CLAIM_MESSAGES,
  ClaimRequestSchema,
  type ClaimStarted,
  type ClaimVerified,
  claimedMessage,
  nameNotYetMessage,
} from './claims.schema.ts';
import { CLAIM_MINUTES, claimSteps, makeClaimCode, nameShowsCode } from './claims.ts';

/** Codes one account may ask for per hour. */
export const CLAIMS_PER_ACCOUNT_HOUR = 5;
/** Codes new accounts may ask for one link per hour from one address (established accounts: no such cap). */
export const CLAIMS_PER_LINK_HOUR = 10;
/** An account this old (days) is established: throwaway accounts cannot hold a link's claims for it. */
export const ESTABLISHED_ACCOUNT_DAYS = 7;
/** Checks of one code that reached WhatsApp without finding it. */
export const CHECKS_PER_CLAIM = 10;
/** 'Verificar' presses per account per hour, answered or not. */
export const CHECKS_PER_ACCOUNT_HOUR = 30;
/** Longest a check waits for its turn in the shared pace before answering 503 (a function has ~10 s). */
export const CHECK_MAX_WAIT_MS = 3_000;

const REVISION_CLOSED_REASON = 'O grupo passou para outra conta, que provou administrá-lo no WhatsApp.';

function started(claim: { id: string; code: string; expiresAt: Date }): ClaimStarted {
  return {
    claimId: claim.id,
    code: claim.code,
    expiresAt: claim.expiresAt.toISOString(),
    steps: claimSteps(claim.code),
  };
}

function unavailable(seconds: number): AppError {
  return new AppError('UNAVAILABLE', CLAIM_MESSAGES.whatsappBusy, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(seconds))),
  });
}

/**
 * POST /api/group-claims: a code for a group already in the catalogue (any state, any owner but the
 * caller). A valid code the caller already holds for it comes back instead of a new one.
 */
export async function startClaim(
  db: Db,
  user: SessionUser,
  input: unknown,
  ip: string | null,
  now = new Date(),
) {
  const { link } = parse(ClaimRequestSchema, input);
  const invite = normalizeInviteLink(link)!;
  const [group] = await db
    .select({ id: groups.id, userId: groups.userId })
    .from(groups)
    .where(eq(groups.inviteCode, invite.code));
  if (!group)
    throw new AppError('NOT_FOUND', CLAIM_MESSAGES.notInCatalogue, { link: CLAIM_MESSAGES.notInCatalogue });
  if (group.userId === user.id)
    throw new AppError('CONFLICT', CLAIM_MESSAGES.alreadyYours, { link: CLAIM_MESSAGES.alreadyYours });

  // A reload or a second tab gets the code already being put in the name (with time left to use it).
  const [open] = await db
    .select()
    .from(groupClaims)
    .where(
      and(
        eq(groupClaims.groupId, group.id),
        eq(groupClaims.userId, user.id),
        eq(groupClaims.status, 'pending'),
        eq(groupClaims.inviteCode, invite.code),
        gt(groupClaims.expiresAt, new Date(now.getTime() + 5 * 60_000)),
        sql`${groupClaims.attempts} < ${CHECKS_PER_CLAIM}`,
      ),
    )
    .orderBy(desc(groupClaims.createdAt))
    .limit(1);
  if (open) return { claim: started(open), created: false };

  await consumeRateLimit(
    db,
    `claim:user:${user.id}`,
    CLAIMS_PER_ACCOUNT_HOUR,
    3600,
    CLAIM_MESSAGES.tooManyClaims,
  );
  // A link's cap counts new accounts only, and per address: ten throwaway accounts elsewhere cannot
  // keep the group's real admin (an established account, or a new one at home) from claiming it.
  const [account] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, user.id));
  const established =
    account && now.getTime() - account.createdAt.getTime() >= ESTABLISHED_ACCOUNT_DAYS * 86_400_000;
  if (!established)
    await consumeRateLimit(
      db,
      `claim:link-new:${invite.code}:${addressHash(ip)}`,
      CLAIMS_PER_LINK_HOUR,
      3600,
      CLAIM_MESSAGES.tooManyForLink,
    );
  const [claim] = await db
    .insert(groupClaims)
    .values({
      groupId: group.id,
      userId: user.id,
      inviteCode: invite.code,
      code: makeClaimCode((n) => crypto.getRandomValues(new Uint8Array(n))),
      expiresAt: new Date(now.getTime() + CLAIM_MINUTES * 60_000),
    })
    .returning();
  return { claim: started(claim!), created: true };
}

export interface VerifyOptions {
  /** the invite check (tests count or replace requests); defaults to checkInvite */
  checker?: (link: string) => Promise<InviteCheck>;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST /api/group-claims/{id}/verify: ask WhatsApp for the group's name (paced with the scheduled
 * checks, never past it) and, when it shows the code, hand the group to the claimant. WhatsApp
 * pushing back (429, no answer) is a 503 that leaves the claim as it was.
 */
export async function verifyClaim(
  db: Db,
  user: SessionUser,
  claimId: string,
  options: VerifyOptions = {},
): Promise<ClaimVerified> {
  if (!isUuid(claimId)) throw new AppError('NOT_FOUND', CLAIM_MESSAGES.notFound);
  const [claim] = await db
    .select()
    .from(groupClaims)
    .where(and(eq(groupClaims.id, claimId), eq(groupClaims.userId, user.id)));
  if (!claim) throw new AppError('NOT_FOUND', CLAIM_MESSAGES.notFound);
  if (claim.status === 'verified') throw new AppError('CONFLICT', CLAIM_MESSAGES.done);
  const now = new Date();
  if (claim.expiresAt <= now) throw new AppError('GONE', CLAIM_MESSAGES.expired);
  if (claim.attempts >= CHECKS_PER_CLAIM)
    throw new AppError('TOO_MANY', CLAIM_MESSAGES.attemptsUsed, undefined, {
      'retry-after': String(Math.ceil((claim.expiresAt.getTime() - now.getTime()) / 1000)),
    });
  await consumeRateLimit(
    db,
    `claim-check:user:${user.id}`,
    CHECKS_PER_ACCOUNT_HOUR,
    3600,
    CLAIM_MESSAGES.tooManyChecks,
  );
  const [group] = await db
    .select({ link: groups.link, inviteCode: groups.inviteCode })
    .from(groups)
    .where(eq(groups.id, claim.groupId));
  if (!group) throw new AppError('NOT_FOUND', CLAIM_MESSAGES.groupGone);
  if (group.inviteCode !== claim.inviteCode) throw new AppError('CONFLICT', CLAIM_MESSAGES.linkChanged);

  // The same pause as the scheduled checks, and the same pace in a share of its own: claims never ask
  // WhatsApp faster than one per LINK_CHECK_PACE, and a crowd of them cannot hold up the scheduled checks.
  const paused = await linkChecksPausedUntil(db, now);
  if (paused) throw unavailable((paused.getTime() - now.getTime()) / 1000);
  const slot = await takeCheckSlot(db, getEnv().LINK_CHECK_PACE, CHECK_MAX_WAIT_MS, CLAIM_PACE_KEY);
  if ('busyMs' in slot) throw unavailable(slot.busyMs / 1000);
  if (slot.waitMs > 0) await (options.sleep ?? realSleep)(slot.waitMs);
  const check = await (options.checker ?? checkInvite)(group.link);
  if (check.retryAfterSeconds === undefined) await tallyAnswer(db, 'claim', check.status);
  if (check.status === 'unknown') {
    if (check.retryAfterSeconds !== undefined) {
      const until = await pauseAfterRateLimit(db, check.retryAfterSeconds, new Date(), 'claim');
      throw unavailable((until.getTime() - Date.now()) / 1000);
    }
    throw unavailable(30);
  }
  const seen = check.status === 'live' ? (check.title ?? '') : '';
  if (check.status === 'dead' || !nameShowsCode(seen, claim.code)) {
    await db
      .update(groupClaims)
      .set({ attempts: sql`${groupClaims.attempts} + 1`, seenName: seen || null })
      .where(eq(groupClaims.id, claim.id));
    if (check.status === 'dead') throw new AppError('CONFLICT', CLAIM_MESSAGES.dead);
    const message = nameNotYetMessage(seen);
    throw new AppError('CONFLICT', message, { name: seen });
  }
  return transferGroup(db, user, claim.id, seen);
}

/** The name showed the code: the group becomes the claimant's, in one transaction. */
async function transferGroup(db: Db, user: SessionUser, claimId: string, seen: string) {
  const now = new Date();
  const { result, mailId } = await db.transaction(async (tx) => {
    const [claim] = await tx.select().from(groupClaims).where(eq(groupClaims.id, claimId)).for('update');
    if (claim?.status !== 'pending') throw new AppError('CONFLICT', CLAIM_MESSAGES.done);
    const [group] = await tx
      .select({
        id: groups.id,
        title: groups.title,
        userId: groups.userId,
        approved: groups.approved,
        hiddenAt: groups.hiddenAt,
        inviteCode: groups.inviteCode,
      })
      .from(groups)
      .where(eq(groups.id, claim.groupId))
      .for('update');
    if (!group) throw new AppError('NOT_FOUND', CLAIM_MESSAGES.groupGone);
    if (group.inviteCode !== claim.inviteCode) throw new AppError('CONFLICT', CLAIM_MESSAGES.linkChanged);
    const previous = group.userId;
    const changed = previous !== user.id;
    if (changed) {
      // The owner changes and nothing else: page, slug, clicks, featuring and moderation state stay
      // (a pending squat becomes the claimant's own pending submission, to edit in the panel).
      // updated_at stays too: no public page shows the owner, so nothing needs rebuilding.
      await tx
        .update(groups)
        .set({ userId: user.id, updatedAt: sql`${groups.updatedAt}` })
        .where(eq(groups.id, group.id));
      // A content change the previous owner proposed is theirs, not the new owner's: closed.
      await tx
        .update(groupRevisions)
        .set({ status: 'rejected', reason: REVISION_CLOSED_REASON, reviewedAt: now })
        .where(and(eq(groupRevisions.groupId, group.id), eq(groupRevisions.status, 'pending')));
    }
    await tx
      .update(groupClaims)
      .set({
        status: 'verified',
        verifiedAt: now,
        seenName: seen,
        attempts: sql`${groupClaims.attempts} + 1`,
        previousUserId: previous,
        groupState: isHeldRow(group) ? 'hidden' : group.approved ? 'approved' : 'pending',
      })
      .where(eq(groupClaims.id, claim.id));
    const mailId = previous && changed ? await queueGroupClaimed(tx, previous, group.title) : undefined;
    const result: ClaimVerified = {
      groupId: group.id,
      title: group.title,
      approved: group.approved,
      message: claimedMessage(claim.code),
    };
    return { result, mailId };
  });
  await deliverMail(db, [mailId]);
  return result;
}

/** The admin's view of a group's claims, newest first: its ownership history. */
export async function listGroupClaims(db: Db, groupId: string, now = new Date()): Promise<AdminClaim[]> {
  if (!isUuid(groupId)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const claimant = alias(users, 'claimant');
  const previous = alias(users, 'previous_owner');
  const rows = await db
    .select({
      id: groupClaims.id,
      createdAt: groupClaims.createdAt,
      status: groupClaims.status,
      code: groupClaims.code,
      expiresAt: groupClaims.expiresAt,
      claimant: claimant.email,
      previousOwner: previous.email,
      groupState: groupClaims.groupState,
      attempts: groupClaims.attempts,
      seenName: groupClaims.seenName,
      verifiedAt: groupClaims.verifiedAt,
    })
    .from(groupClaims)
    .leftJoin(claimant, eq(claimant.id, groupClaims.userId))
    .leftJoin(previous, eq(previous.id, groupClaims.previousUserId))
    .where(eq(groupClaims.groupId, groupId))
    .orderBy(desc(groupClaims.createdAt))
    .limit(100);
  return rows.map(({ expiresAt, createdAt, verifiedAt, status, ...row }) => ({
    ...row,
    status: status === 'verified' ? 'verified' : expiresAt <= now ? 'expired' : 'pending',
    createdAt: createdAt.toISOString(),
    verifiedAt: verifiedAt?.toISOString() ?? null,
  }));
}
