// The one home of "is this group public" (with src/features/groups/groups.server.ts, which builds the
// drizzle SQL from it): the partial indexes' predicate in db/schema.ts, the raw SQL of the build and
// the TypeScript checks of single rows all come from here. `hidden_at` means "has an active hold"
// (group_holds, kept by src/features/holds/holds.server.ts); nothing else writes it.
// db/visibility.test.ts fails when code elsewhere filters on approved/hidden_at by hand. The count
// triggers repeat the rule in SQL: categories.public_groups (migration 0004, listed) and
// tags.public_groups (0040, public: its group_is_public()).

/** Moderation lets a group out: approved and no active hold. `alias` qualifies the columns (`g`). */
export function listedPredicate(alias?: string): string {
  const p = alias ? `${alias}.` : '';
  return `${p}approved and ${p}hidden_at is null`;
}

/** Held: at least one active hold (whatever moderation said); what the takedown list names. */
export function heldPredicate(alias?: string): string {
  const p = alias ? `${alias}.` : '';
  return `${p}hidden_at is not null`;
}

/** Not in an adult (18+) category: a small id array evaluated once per statement (decision 0010). */
export function notAdultPredicate(alias?: string): string {
  const p = alias ? `${alias}.` : '';
  return `${p}category_id <> all(array(select id from categories where adult))`;
}

/** Public: listed and not 18+; what anyone may see (raw SQL of the build and the sitemap). */
export function publicPredicate(alias?: string): string {
  return `${listedPredicate(alias)} and ${notAdultPredicate(alias)}`;
}

/** Featured now: the flag set and the end date ahead (expired featuring never counts). */
export function featuredNowPredicate(alias?: string): string {
  const p = alias ? `${alias}.` : '';
  return `${p}featured and ${p}featured_until > now()`;
}

/** The partial indexes' predicate (db/schema.ts): exactly the text above, unqualified. */
export const LISTED_INDEX_PREDICATE = listedPredicate();

/** The same rule for one row already read: approved and not held. */
export function isListedRow(row: { approved: boolean | null; hiddenAt: Date | null }): boolean {
  return row.approved === true && row.hiddenAt === null;
}

/** Whether a row has at least one active hold (hidden_at set by the holds module). */
export function isHeldRow(row: { hiddenAt: Date | null }): boolean {
  return row.hiddenAt !== null;
}
