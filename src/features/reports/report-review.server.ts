// The reports queue: groups with pending reports (how many, why, what reporters wrote) and the review
// actions (dismiss, hide the group, delete the group), each recorded on the reports it closes.

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { groupCategory } from '#db/joins.ts';
import { categories, groupReports, groups } from '#db/schema.ts';
import { isHeldRow } from '#db/visibility.ts';
import { removeGroup } from '#src/features/holds/admin-holds.server.ts';
import { type HoldActor, liftHolds, placeHold } from '#src/features/holds/holds.server.ts';
import { OWNER_REASONS } from '#src/features/holds/holds.ts';
import { deliverMail } from '#src/features/mail/outbox.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { reviewGraceEnd } from '#src/features/reports/reports.ts';
import { AppError } from '#src/lib/http.server.ts';
import { REPORT_NOT_FOUND, type ReportAction } from './reports.schema.ts';

const PENDING = 'pending';

/** Groups with open reports, most reported first, each with its latest reports (up to 10). */
export async function listOpenReports(db: Db, now = new Date()) {
  const summary = await db
    .select({
      groupId: groupReports.groupId,
      count: sql<number>`count(*)`.mapWith(Number),
      lastAt: sql<Date>`max(${groupReports.createdAt})`.mapWith((v) => new Date(v)),
      title: groups.title,
      approved: groups.approved,
      hiddenAt: groups.hiddenAt,
      reportsKeptAt: groups.reportsKeptAt,
      link: groups.link,
      category: categories.name,
      categorySlug: categories.slug,
      titleSlug: groups.titleSlug,
    })
    .from(groupReports)
    .innerJoin(groups, eq(groups.id, groupReports.groupId))
    .innerJoin(categories, groupCategory)
    .where(eq(groupReports.status, PENDING))
    .groupBy(groupReports.groupId, groups.id, categories.id)
    .orderBy(desc(sql`count(*)`), desc(sql`max(${groupReports.createdAt})`))
    .limit(100);
  if (!summary.length) return [];
  const details = await db
    .select({
      id: groupReports.id,
      groupId: groupReports.groupId,
      reason: groupReports.reason,
      description: groupReports.description,
      createdAt: groupReports.createdAt,
    })
    .from(groupReports)
    .where(
      and(
        eq(groupReports.status, PENDING),
        inArray(
          groupReports.groupId,
          summary.map((s) => s.groupId),
        ),
      ),
    )
    .orderBy(asc(groupReports.groupId), desc(groupReports.createdAt));
  return summary.map((s) => {
    const graceEnd = reviewGraceEnd(s.reportsKeptAt);
    const reports = details.filter((d) => d.groupId === s.groupId);
    const reasons: Record<string, number> = {};
    for (const r of reports) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
    return {
      group: {
        id: s.groupId,
        title: s.title,
        link: s.link,
        category: s.category,
        approved: s.approved,
        hidden: isHeldRow(s),
        /** kept by an admin: until then reports cannot hide it again (null: not in that window) */
        keptUntil: graceEnd && graceEnd > now ? graceEnd.toISOString() : null,
        path: `/${s.categorySlug}/${s.titleSlug}`,
      },
      count: s.count,
      lastReportAt: s.lastAt.toISOString(),
      reasons,
      reports: reports.slice(0, 10).map((r) => ({
        id: r.id,
        reason: r.reason,
        description: r.description,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  });
}

const ACTION_TAKEN: Record<ReportAction, string> = {
  dismiss: 'dismissed',
  hide: 'hidden',
  delete: 'deleted',
};

/**
 * Close a group's pending reports with an action, in one transaction. Dismissing (keeping the group) also
 * lifts a hide the report threshold applied and starts the review grace period. Deleting removes an owned
 * public group (held for good, its owner told and able to contest) and deletes any other (removeGroup).
 */
export async function reviewReports(
  db: Db,
  groupId: string,
  action: ReportAction,
  admin: HoldActor | string,
  now = new Date(),
) {
  const actor: HoldActor = typeof admin === 'string' ? { id: admin } : admin;
  const adminId = actor.id;
  let mailId: number | undefined;
  const closed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(groupReports)
      .set({ status: 'reviewed', reviewedAt: now, reviewedBy: adminId, actionTaken: ACTION_TAKEN[action] })
      .where(and(eq(groupReports.groupId, groupId), eq(groupReports.status, PENDING)))
      .returning({ id: groupReports.id });
    if (!rows.length) throw new AppError('NOT_FOUND', REPORT_NOT_FOUND);
    // Each decision lifts or places its own hold only: 'dismiss' lifts the reports' hold (a dead link,
    // an admin's hide, a legal notice or a court order keep theirs); 'hide' turns the reports' hold into
    // an admin's, which only 'Liberar' in the group's dialog lifts.
    if (action === 'dismiss') {
      await tx.update(groups).set({ reportsKeptAt: now }).where(eq(groups.id, groupId));
      await liftHolds(tx, groupId, { reason: 'reports' }, { reason: 'Denúncias descartadas', by: actor });
    }
    if (action === 'hide') {
      // An admin's decision of its own, told to the owner (who may contest it) by placeHold.
      const placed = await placeHold(tx, groupId, {
        reason: 'admin',
        note: 'Ocultado na revisão de denúncias',
        by: actor,
        tell: OWNER_REASONS.admin,
      });
      mailId = placed.mailId;
      // The reports' hold became the admin's: upheld, not a reversal.
      await liftHolds(
        tx,
        groupId,
        { reason: 'reports' },
        { reason: 'Revisado: ocultado pelo admin', by: actor, upheld: true },
      );
    }
    // 'Excluir': an owned public group is removed (contestable), any other deleted (removeGroup).
    if (action === 'delete') {
      const removal = await removeGroup(tx, groupId, {
        by: actor,
        note: 'Removido na revisão de denúncias',
        tell: OWNER_REASONS.removedAfterReports,
        source: 'reports',
      });
      mailId = removal.mailId;
      if (removal.outcome === 'removed')
        await liftHolds(
          tx,
          groupId,
          { reason: 'reports' },
          { reason: 'Revisado: removido pelo admin', by: actor, upheld: true },
        );
    }
    return rows.length;
  });
  await requestRebuild(db, `denúncias revisadas (${ACTION_TAKEN[action]}): ${groupId}`, {
    groups: [groupId],
  });
  await deliverMail(db, [mailId]);
  const messages: Record<ReportAction, string> = {
    dismiss: 'Denúncias descartadas',
    hide: 'Grupo ocultado',
    delete: 'Grupo removido',
  };
  return { success: true, closed, message: messages[action] };
}
