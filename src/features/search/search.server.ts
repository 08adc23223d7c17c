// Full-text search over public groups: Portuguese stemming over unaccented words (pt_unaccent),
// title matches ranked above description matches, with the spec's filters and sorts.
import { and, count, desc, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { categories, groups } from '#db/schema.ts';
import {
  type GroupPage,
  groupColumns,
  groupsWithCategory,
  isPublicGroup,
  toGroupJson,
} from '../groups/groups.server.ts';
import type { SearchQuery } from './search.schema.ts';

/** One page of public groups matching a search. */
export async function searchGroups(db: Db, query: SearchQuery): Promise<GroupPage> {
  const tsquery = sql`websearch_to_tsquery('pt_unaccent', ${query.search})`;
  const filters: SQL[] = [isPublicGroup, sql`${groups.searchVector} @@ ${tsquery}`];
  if (query.minCliques !== undefined) filters.push(gte(groups.cliques, query.minCliques));
  if (query.maxCliques !== undefined) filters.push(lte(groups.cliques, query.maxCliques));
  if (query.dateAfter) filters.push(sql`${groups.createdAt} >= ${query.dateAfter}::date`);
  if (query.dateBefore) filters.push(sql`${groups.createdAt} < ${query.dateBefore}::date + 1`);
  const where = and(...filters);
  const order =
    query.sortBy === 'createdAt'
      ? [desc(groups.createdAt), desc(groups.id)]
      : query.sortBy === 'cliques'
        ? [desc(groups.cliques), desc(groups.id)]
        : [desc(sql`ts_rank(${groups.searchVector}, ${tsquery})`), desc(groups.createdAt)];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(groupColumns)
      .from(groups)
      .innerJoin(categories, groupsWithCategory)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(groups).where(where),
  ]);
  const total = totalRow?.n ?? 0;
  return {
    groups: rows.map((row) => toGroupJson(row)),
    pagination: { total, pages: Math.ceil(total / query.limit), page: query.page, limit: query.limit },
  };
}
