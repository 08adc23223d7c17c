// The transparency report's own record (#41): one row per moderation fact (a report, a hold placed or
// lifted, an appeal filed or decided, an ad switched on or off), written by the domain function in the
// transaction of the fact itself. No person and no group: the rows survive the group's deletion (its
// reports, holds and appeals go with it), so the yearly counts never shrink afterwards.
import type { Db, Tx } from '#db/client.ts';
import { type TransparencyEventKind, transparencyEvents } from '#db/schema.ts';

export interface TransparencyFact {
  kind: TransparencyEventKind;
  /** the fact's category: a hold's or report's reason, an appeal's outcome */
  detail?: string | null;
  /** done by the system, not an admin (a hold placed by reports or a notice's automatic hide) */
  automatic?: boolean;
  /** a lift that undid the decision behind the hold */
  reversed?: boolean;
  /** a non-personal id where distinct things are counted (an ad) */
  subject?: string | null;
  at?: Date;
}

/** Append one fact (inside the caller's transaction when given one). */
export async function recordTransparencyEvent(db: Db | Tx, fact: TransparencyFact): Promise<void> {
  await db.insert(transparencyEvents).values({
    kind: fact.kind,
    detail: fact.detail ?? null,
    automatic: fact.automatic ?? false,
    reversed: fact.reversed ?? false,
    subject: fact.subject ?? null,
    ...(fact.at ? { at: fact.at } : {}),
  });
}
