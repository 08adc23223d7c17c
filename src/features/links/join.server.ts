// 'Entrar no Grupo' goes through /entrar/{id} (decision 0012): the database, not the last build, says
// where a visitor goes. A public group with a link not known dead: the join is counted (once per
// visitor and day, the same events as the click counting), and the visitor is sent to the current
// invite link. When the group's check is overdue the join checks the link first if the shared pace to
// WhatsApp has a slot within two seconds (a dead answer stops the visitor: a 'checked join'), or else
// moves the group to the front of the queue (check-policy.ts joinChecksFirst). A group hidden for its dead
// link, or whose last answer was dead: the visitor is stopped on 'Este link deixou de funcionar' with
// related groups, never sent to the dead link.

import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { groupCategory } from '#db/joins.ts';
import { categories, groups } from '#db/schema.ts';
import { isHeldRow, isListedRow } from '#db/visibility.ts';
import type { Defer } from '#src/lib/after-answer.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND, isUuid } from '#src/lib/ids.ts';
import { registerGroupClick, type Visitor } from '../analytics/engagement.server.ts';
import { addTally } from './check-tallies.server.ts';
import {
  checkBeforeJoin,
  checkOnSpareSlot,
  type InviteChecker,
  queueOverdueCheck,
} from './link-health.server.ts';
import { brokenLinkPath, type LinkAnswer } from './link-health.ts';

export type JoinOutcome =
  | { kind: 'invite'; location: string; counted: boolean; queued: boolean; checked: LinkAnswer | null }
  | { kind: 'stopped'; location: string; checked: LinkAnswer | null };

export interface JoinOptions {
  adultAllowed?: boolean;
  now?: Date;
  /** the invite check and the pace, injectable for tests and the bench */
  checker?: InviteChecker;
  paceMs?: number;
  /** runs work after the answer (the function's context.waitUntil): a spare slot's queue check */
  defer?: Defer;
}

/** Where a join on `groupId` goes now, counting it and queueing an overdue check on the way. */
export async function joinGroup(
  db: Db,
  groupId: string,
  visitor: Visitor,
  { adultAllowed = false, now = new Date(), checker, paceMs, defer }: JoinOptions = {},
): Promise<JoinOutcome> {
  if (!isUuid(groupId)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const [row] = await db
    .select({
      id: groups.id,
      link: groups.link,
      approved: groups.approved,
      hiddenAt: groups.hiddenAt,
      hiddenReason: groups.hiddenReason,
      linkStatus: groups.linkStatus,
      createdAt: groups.createdAt,
      cliques: groups.cliques,
      linkCheckJoins: groups.linkCheckJoins,
      linkCheckedAt: groups.linkCheckedAt,
      linkCheckDueAt: groups.linkCheckDueAt,
      categorySlug: categories.slug,
      adult: categories.adult,
    })
    .from(groups)
    .innerJoin(categories, groupCategory)
    .where(eq(groups.id, groupId));
  // An 18+ group is public to nobody but an age-verified visitor (decision 0010), its link included.
  if (!row || (row.adult && !adultAllowed)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  // Held for its dead link alone (hidden_reason names the strongest hold): the visitor hears why.
  const deadHidden = isHeldRow(row) && row.hiddenReason === 'dead_link';
  const isPublic = isListedRow(row);
  if (deadHidden || (isPublic && row.linkStatus === 'dead')) return stopped(db, row, null, now);
  if (!isPublic) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);

  // An overdue check is done now when the pace allows (best effort: a failure sends the visitor on).
  const checked = await checkBeforeJoin(db, row, { now, checker, paceMs }).catch(() => null);
  if (checked === 'dead') return stopped(db, row, checked, now);

  // Counting and queueing are best effort: the visitor goes to the group whatever happens to them.
  const [counted, queued] = await Promise.all([
    registerGroupClick(db, row.id, visitor).then(
      (r) => r.counted,
      () => false,
    ),
    checked === null ? queueOverdueCheck(db, row, now).catch(() => false) : false,
  ]);
  // The join took no slot of the pace: one free now checks the next group of the queue, after the answer.
  if (checked === null) defer?.(() => checkOnSpareSlot(db, { checker, paceMs }));
  return { kind: 'invite', location: row.link, counted, queued, checked };
}

/** The visitor is stopped on 'Este link deixou de funcionar' (counted for the checker's figures, best effort). */
async function stopped(
  db: Db,
  row: { id: string; categorySlug: string },
  checked: LinkAnswer | null,
  now: Date,
): Promise<JoinOutcome> {
  await addTally(db, 'join', { stopped: 1 }, now).catch(() => {});
  return { kind: 'stopped', location: brokenLinkPath(row), checked };
}
