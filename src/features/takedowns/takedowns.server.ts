// Writes the takedown list (decision 0015) from the database, its truth: after each change that names
// groups (requestRebuild), and in full every minute (the scheduled dispatcher), which repairs a write
// that failed or raced. Writers take one advisory lock, so two changes never overwrite each other.
import { inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { categories, groups } from '#db/schema.ts';
import { heldPredicate } from '#db/visibility.ts';
import { storedImageKey } from '#src/features/images/group-image.ts';
import { forgetTakedowns, takedownStore } from './takedown-store.ts';
import { EMPTY_TAKEDOWN_LIST, REMOVED_KEPT_DAYS, TAKEDOWN_LIST_KEY, type TakedownList } from './takedowns.ts';

const LIST_LOCK = 4242002;

interface GroupState {
  id: string;
  image: string | null;
  held: boolean;
  adult: boolean;
}

// "Held" is db/visibility.ts's heldPredicate (hidden_at set: "has an active hold") and "adult" an 18+
// category. Not groups.server.ts's drizzle predicates: rebuilds, which calls this, sits below the groups
// feature (groups -> categories -> rebuilds), so importing them would make a cycle; db/ is the ground.
const stateColumns = {
  id: groups.id,
  image: groups.image,
  held: sql<boolean>`${sql.raw(heldPredicate('"groups"'))}`,
  adult: categories.adult,
};

/** The list with these groups' current state applied (sets, so a full list of many is linear). */
function withGroups(list: TakedownList, rows: readonly GroupState[]): TakedownList {
  const held = new Set(list.groups);
  const images = new Set(list.images);
  const adultImages = new Set(list.adultImages);
  for (const group of rows) {
    const key = storedImageKey(group.image);
    held.delete(group.id);
    if (group.held) held.add(group.id);
    if (!key) continue;
    images.delete(key);
    adultImages.delete(key);
    if (group.held) images.add(key);
    if (group.adult) adultImages.add(key);
  }
  return { ...list, groups: [...held], images: [...images], adultImages: [...adultImages] };
}

/** The list rebuilt from every held or 18+ group, keeping the groups removed lately. */
async function fullList(db: Db, previous: TakedownList, now: Date): Promise<TakedownList> {
  const since = now.getTime() - REMOVED_KEPT_DAYS * 86_400_000;
  const removed = previous.removed.filter((r) => Date.parse(r.at) > since);
  const rows = await db
    .select(stateColumns)
    .from(groups)
    .innerJoin(categories, sql`${categories.id} = ${groups.categoryId}`)
    .where(sql`${sql.raw(heldPredicate('"groups"'))} or ${categories.adult}`);
  return withGroups({ ...EMPTY_TAKEDOWN_LIST, removed }, rows);
}

/**
 * Bring the list up to date for `groupIds` (read again by primary key), or all of it when left out.
 * A named group that no longer exists goes to `removed`: its page may be a file of the deploy until the
 * next build. Answers the list and the picture keys of the named groups (their CDN copies are purged).
 * Throws when Blobs cannot be written (the next full sync, a minute later, repairs it).
 */
export async function syncTakedowns(
  db: Db,
  groupIds?: readonly string[],
  now: Date = new Date(),
): Promise<{ list: TakedownList; pictures: string[] }> {
  if (groupIds && !groupIds.length) return { list: EMPTY_TAKEDOWN_LIST, pictures: [] };
  const pictures: string[] = [];
  const list = await db.transaction(async (tx) => {
    rowsOf(await tx.execute(sql`select pg_advisory_xact_lock(${LIST_LOCK})`));
    const stored = (await takedownStore().get(TAKEDOWN_LIST_KEY, { type: 'json' })) as TakedownList | null;
    const current: TakedownList = { ...EMPTY_TAKEDOWN_LIST, ...stored };
    let next: TakedownList;
    if (!groupIds) next = await fullList(tx as unknown as Db, current, now);
    else {
      const ids = [...new Set(groupIds)];
      const rows = await tx
        .select(stateColumns)
        .from(groups)
        .innerJoin(categories, sql`${categories.id} = ${groups.categoryId}`)
        .where(inArray(groups.id, ids));
      for (const row of rows) {
        const key = storedImageKey(row.image);
        if (key) pictures.push(key);
      }
      const found = new Set(rows.map((r) => r.id));
      const gone = new Set(ids.filter((id) => !found.has(id)));
      const removed = current.removed.filter((r) => !gone.has(r.id) && !found.has(r.id));
      for (const id of gone) removed.push({ id, at: now.toISOString() });
      next = withGroups({ ...current, groups: current.groups.filter((id) => !gone.has(id)), removed }, rows);
    }
    next = { ...next, updatedAt: now.toISOString() };
    await takedownStore().setJSON(TAKEDOWN_LIST_KEY, next);
    return next;
  });
  forgetTakedowns();
  return { list, pictures };
}
