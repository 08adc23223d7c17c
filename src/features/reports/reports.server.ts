// Reports: one per visitor per group per day. Serious reports ('scam'/'illegal') hide the group pending
// review once their reporters weigh enough (distinct network addresses and accounts, the threshold
// growing with the group's audience; see reports.ts), unless an admin kept the group recently.
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '#db/client.ts';
import { groupReports, groups } from '#db/schema.ts';
import { isHeldRow } from '#db/visibility.ts';
import { hasActiveHold, placeHold } from '#src/features/holds/holds.server.ts';
import { checkReportedLink } from '#src/features/links/link-health.server.ts';
import { deliverMail } from '#src/features/mail/outbox.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { recordTransparencyEvent } from '#src/features/transparency/ledger.server.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND, isUuid } from '#src/lib/ids.ts';
import { assertWithinLimit, rateLimitHit } from '#src/lib/rate-limit.server.ts';
import type { ReportSchema } from './reports.schema.ts';
import {
  hideThreshold,
  REPORTS_PER_ADDRESS_DAY,
  REPORTS_PER_ADDRESS_HOUR,
  reportWeight,
  reviewGraceEnd,
  SERIOUS_REASONS,
} from './reports.ts';

export const ALREADY_REPORTED_MESSAGE = 'Você já denunciou este grupo hoje. Obrigado!';
export const REPORTS_TOO_MANY_MESSAGE =
  'Você enviou muitas denúncias em pouco tempo. Aguarde e tente novamente mais tarde.';

export interface Reporter {
  /** the daily visitor hash: one report per visitor per group per day */
  hash: string;
  /** salted hash of the network address alone: reporters are counted by it, and rate-limited */
  addressHash: string;
  userId: string | null;
}

/** Record a report; hide the group when the serious reports' weight reaches its threshold. */
export async function reportGroup(
  db: Db,
  groupId: string,
  input: z.output<typeof ReportSchema>,
  reporter: Reporter,
  now: Date = new Date(),
): Promise<{ hidden: boolean }> {
  let rebuild = false;
  if (!isUuid(groupId)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const result = await db.transaction(async (tx): Promise<{ hidden: boolean; mailId?: number }> => {
    const [group] = await tx
      .select({
        id: groups.id,
        hiddenAt: groups.hiddenAt,
        approved: groups.approved,
        cliques: groups.cliques,
        reportsKeptAt: groups.reportsKeptAt,
      })
      .from(groups)
      .where(eq(groups.id, groupId));
    if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
    const inserted = await tx
      .insert(groupReports)
      .values({
        groupId,
        reason: input.reason,
        description: input.description,
        reporterHash: reporter.hash,
        addressHash: reporter.addressHash,
        userId: reporter.userId,
      })
      .onConflictDoNothing()
      .returning({ id: groupReports.id });
    if (inserted.length === 0) throw new AppError('CONFLICT', ALREADY_REPORTED_MESSAGE);
    await recordTransparencyEvent(tx, { kind: 'report_received', detail: input.reason });
    // Groups reported per address: counted with the report, so a refused one (rolled back) stores nothing.
    for (const [window, limit] of [
      [3600, REPORTS_PER_ADDRESS_HOUR],
      [86_400, REPORTS_PER_ADDRESS_DAY],
    ] as const) {
      const [hit] = rowsOf<{ count: number; reset_at: string }>(
        await tx.execute(rateLimitHit(`report:groups:${window}:${reporter.addressHash}`, window)),
      );
      assertWithinLimit(hit, limit, REPORTS_TOO_MANY_MESSAGE);
    }
    if (!SERIOUS_REASONS.includes(input.reason as (typeof SERIOUS_REASONS)[number])) return { hidden: false };
    // Its own hold: reports place theirs even on a group another reason holds, so lifting that one
    // (a live link, a notice kept) does not bring back a group its reports took down.
    if (await hasActiveHold(tx, groupId, { reason: 'reports' })) return { hidden: false };
    // Kept by an admin: new reports go to the queue, and only those after the grace period ever count.
    const graceEnd = reviewGraceEnd(group.reportsKeptAt);
    if (graceEnd && now < graceEnd) return { hidden: false };
    const counted = await tx
      .select({
        address: sql<string>`coalesce(${groupReports.addressHash}, ${groupReports.reporterHash})`,
        userId: groupReports.userId,
      })
      .from(groupReports)
      .where(
        and(
          eq(groupReports.groupId, groupId),
          inArray(groupReports.reason, [...SERIOUS_REASONS]),
          eq(groupReports.status, 'pending'),
          graceEnd ? gte(groupReports.createdAt, graceEnd) : undefined,
        ),
      );
    if (reportWeight(counted) < hideThreshold(getEnv().REPORT_HIDE_THRESHOLD, group.cliques))
      return { hidden: false };
    // The owner is told why and can contest (placeHold writes the e-mail for an approved group).
    const hold = await placeHold(tx, groupId, { reason: 'reports' });
    rebuild = hold.leftSite;
    return { hidden: hold.changed && !isHeldRow(group), mailId: hold.mailId };
  });
  // Outside the transaction: the build hook is a network call.
  if (rebuild) await requestRebuild(db, `group ${groupId} hidden by reports`, { groups: [groupId] });
  await deliverMail(db, [result.mailId]);
  // A broken link is not counted toward hiding: the link is checked now (a dead answer counts once).
  if (input.reason === 'broken_link') return { hidden: (await checkReportedLink(db, groupId)).hidden };
  return { hidden: result.hidden };
}
