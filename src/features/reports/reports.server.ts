// Reports: one per visitor per group per day; enough distinct 'scam'/'illegal' reports hide the group
// pending review and ask for a rebuild so static pages drop it.
import { and, countDistinct, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#db/client.ts';
import { groupReports, groups } from '#db/schema.ts';
import { checkReportedLink } from '#src/features/links/link-health.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import type { ReportSchema } from './reports.schema.ts';

export const ALREADY_REPORTED_MESSAGE = 'Você já denunciou este grupo hoje. Obrigado!';
export const GROUP_NOT_FOUND_MESSAGE = 'Grupo não encontrado';
const SERIOUS = ['scam', 'illegal'] as const;

export function hideThreshold(): number {
  const n = Number(process.env.REPORT_HIDE_THRESHOLD);
  return Number.isInteger(n) && n > 0 ? n : 3;
}

export async function reportGroup(
  db: Db,
  groupId: string,
  input: z.output<typeof ReportSchema>,
  reporter: { hash: string; userId: string | null },
): Promise<{ hidden: boolean }> {
  let rebuild = false;
  if (!/^[0-9a-f-]{36}$/i.test(groupId)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND_MESSAGE);
  const result = await db.transaction(async (tx) => {
    const [group] = await tx
      .select({ id: groups.id, hiddenAt: groups.hiddenAt, approved: groups.approved })
      .from(groups)
      .where(eq(groups.id, groupId));
    if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND_MESSAGE);
    const inserted = await tx
      .insert(groupReports)
      .values({
        groupId,
        reason: input.reason,
        description: input.description,
        reporterHash: reporter.hash,
        userId: reporter.userId,
      })
      .onConflictDoNothing()
      .returning({ id: groupReports.id });
    if (inserted.length === 0) throw new AppError('CONFLICT', ALREADY_REPORTED_MESSAGE);
    if (group.hiddenAt || !SERIOUS.includes(input.reason as (typeof SERIOUS)[number]))
      return { hidden: false };
    const [row] = await tx
      .select({ n: countDistinct(groupReports.reporterHash) })
      .from(groupReports)
      .where(
        and(
          eq(groupReports.groupId, groupId),
          inArray(groupReports.reason, [...SERIOUS]),
          eq(groupReports.status, 'pending'),
        ),
      );
    if ((row?.n ?? 0) < hideThreshold()) return { hidden: false };
    const hidden = await tx
      .update(groups)
      .set({ hiddenAt: sql`now()`, hiddenReason: 'reports' })
      .where(and(eq(groups.id, groupId), isNull(groups.hiddenAt)))
      .returning({ id: groups.id });
    rebuild = hidden.length > 0 && group.approved;
    return { hidden: hidden.length > 0 };
  });
  // Outside the transaction: the build hook is a network call.
  if (rebuild) await requestRebuild(db, `group ${groupId} hidden by reports`);
  // A broken link is not counted toward hiding: the link is checked now (a dead answer counts once).
  if (input.reason === 'broken_link') return { hidden: (await checkReportedLink(db, groupId)).hidden };
  return result;
}
