// The admin's 'Tags' (#43): the whole vocabulary with its counts, create, edit (name, slug, synonyms,
// category affinity, 18+, hidden) and merge one tag into another (its groups move, it is marked merged
// and its page redirects). Every change that alters public pages asks for a rebuild.
import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { groupTags, tags } from '#db/schema.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { isUniqueViolation } from '#src/lib/db-errors.ts';
import { AppError } from '#src/lib/http.server.ts';
import { slugify } from '../groups/groups.ts';
import {
  type AdminTag,
  TAG_DUPLICATE,
  TAG_MERGE_SELF,
  TAG_MERGED,
  TAG_NOT_FOUND,
  type TagForm,
} from './tags.ts';

/** Every tag (hidden and merged ones too), by name, with its counts. */
export async function listAdminTags(db: Db): Promise<AdminTag[]> {
  const rows = rowsOf<Omit<AdminTag, 'synonyms'> & { synonyms: string[] | string }>(
    await db.execute(sql`
      with counts as (select gt.tag_id, count(*)::int as n from group_tags gt group by gt.tag_id)
      select t.id, t.slug, t.name, t.synonyms, t.category_id as "categoryId", t.adult, t.hidden,
        m.slug as "mergedInto", coalesce(counts.n, 0)::int as groups, t.public_groups as "publicGroups"
      from tags t left join tags m on m.id = t.merged_into_id left join counts on counts.tag_id = t.id
      order by t.merged_into_id is not null, lower(t.name)`),
  );
  return rows.map((row) => ({
    ...row,
    // pg answers text[] as an array; PGlite over the socket may answer its text form
    synonyms: Array.isArray(row.synonyms) ? row.synonyms : parsePgArray(row.synonyms),
    groups: Number(row.groups),
    publicGroups: Number(row.publicGroups),
  }));
}

function parsePgArray(text: string): string[] {
  const inner = text.replace(/^\{|\}$/g, '');
  if (!inner) return [];
  return (inner.match(/"((?:[^"\\]|\\.)*)"|[^,]+/g) ?? []).map((part) =>
    part.startsWith('"') ? part.slice(1, -1).replace(/\\(.)/g, '$1') : part,
  );
}

function conflict(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', TAG_DUPLICATE, { name: TAG_DUPLICATE });
  throw error;
}

/** Create a tag; its slug from the name unless given. */
export async function createTag(db: Db, form: TagForm) {
  const slug = form.slug || slugify(form.name);
  if (!slug)
    throw new AppError('BAD_REQUEST', 'Informe um nome com letras ou números', {
      name: 'Informe um nome com letras ou números',
    });
  const [row] = await db
    .insert(tags)
    .values({
      slug,
      name: form.name,
      synonyms: form.synonyms ?? [],
      categoryId: form.categoryId ?? null,
      adult: form.adult ?? false,
      hidden: form.hidden ?? false,
    })
    .returning()
    .catch(conflict);
  return row!;
}

/** Change a tag; a public change (name, slug, 18+, hidden) rebuilds the pages that show it. */
export async function updateTag(db: Db, id: number, form: Partial<TagForm>) {
  const set: Partial<typeof tags.$inferInsert> = {};
  if (form.name !== undefined) set.name = form.name;
  if (form.slug) set.slug = form.slug;
  if (form.synonyms !== undefined) set.synonyms = form.synonyms;
  if (form.categoryId !== undefined) set.categoryId = form.categoryId;
  if (form.adult !== undefined) set.adult = form.adult;
  if (form.hidden !== undefined) set.hidden = form.hidden;
  const [row] = Object.keys(set).length
    ? await db.update(tags).set(set).where(eq(tags.id, id)).returning().catch(conflict)
    : await db.select().from(tags).where(eq(tags.id, id));
  if (!row) throw new AppError('NOT_FOUND', TAG_NOT_FOUND);
  await requestRebuild(db, `tag editada: ${row.slug}`, { groups: await groupsOf(db, id) });
  return row;
}

async function groupsOf(db: Db, tagId: number): Promise<string[]> {
  const rows = await db.select({ id: groupTags.groupId }).from(groupTags).where(eq(groupTags.tagId, tagId));
  return rows.map((row) => row.id);
}

/**
 * Merge `id` into the tag with slug `into`: its groups carry `into` instead (a group with both keeps
 * one), it is marked merged (its slug stays taken and its page redirects) and tags merged into it follow.
 */
export async function mergeTag(db: Db, id: number, into: string) {
  const moved = await db.transaction(async (tx) => {
    const [from] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
    const [target] = await tx.select().from(tags).where(eq(tags.slug, into)).for('update');
    if (!from || !target) throw new AppError('NOT_FOUND', TAG_NOT_FOUND);
    if (from.id === target.id) throw new AppError('BAD_REQUEST', TAG_MERGE_SELF, { into: TAG_MERGE_SELF });
    if (from.mergedIntoId !== null || target.mergedIntoId !== null)
      throw new AppError('CONFLICT', TAG_MERGED, { into: TAG_MERGED });
    const groupIds = (
      await tx.delete(groupTags).where(eq(groupTags.tagId, from.id)).returning({ id: groupTags.groupId })
    ).map((row) => row.id);
    if (groupIds.length) {
      const ids = sql`unnest(${sql.param(groupIds)}::uuid[])`;
      await tx.execute(sql`insert into group_tags (group_id, tag_id)
        select id, ${target.id}::int from ${ids} as id on conflict do nothing`);
      // Their pages and lists show the other tag now: touched, so their cacheKeys move.
      await tx.execute(sql`update groups set updated_at = now() where id in (select ${ids})`);
    }
    await tx.update(tags).set({ mergedIntoId: target.id }).where(eq(tags.mergedIntoId, from.id));
    await tx.update(tags).set({ mergedIntoId: target.id }).where(eq(tags.id, from.id));
    return { groupIds, from: from.slug, to: target.slug };
  });
  await requestRebuild(db, `tag ${moved.from} juntada a ${moved.to}`, { groups: moved.groupIds });
  return { success: true, message: `Tag juntada a "${moved.to}"`, moved: moved.groupIds.length };
}
