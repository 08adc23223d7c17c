// Queries shared by every feature that reads groups. The rules for "public" and "featured now"
// live here (drizzle SQL) and in db/visibility.ts (the text they are written from, the row checks)
// and only there; every list selects `groupColumns` and answers with `toGroupJson`.
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { groupCategory } from '#db/joins.ts';
import { categories, featureOrders, groups, type LinkStatus } from '#db/schema.ts';
import { isHeldRow, isListedRow, listedPredicate } from '#db/visibility.ts';
import { type GroupType, groupPath, isFeaturedNow } from './groups.ts';

/**
 * Approved and no active hold: what moderation lets out, 18+ groups included (see isPublicGroup).
 * Written from db/visibility.ts, the partial indexes' predicate, so the lists keep their indexes.
 */
export const isApprovedGroup: SQL = sql.raw(`(${listedPredicate('"groups"')})`);

/**
 * Not in an adult (18+) category. A small id array evaluated once per statement (the categories table
 * is tiny), so the partial indexes stay the plan.
 */
export const notAdultGroup: SQL = sql`${groups.categoryId} <> all(array(select ${categories.id} from ${categories} where ${categories.adult}))`;

/**
 * Public: shown to anyone, on any page, list, search, sitemap, redirect or API answer. Adult (18+)
 * groups never are (ECA Digital, decision 0010): only a visitor whose age a provider verified reaches
 * them, through a function that checked it and asks with `includeAdult` (isApprovedGroup).
 */
export const isPublicGroup: SQL = and(isApprovedGroup, notAdultGroup)!;

/** Approved by moderation, held or not: the admin's 'Aprovados' filter, never a public list. */
export const isApprovedByModeration: SQL = eq(groups.approved, true);

/** The TypeScript twins for one row already read (db/visibility.ts). */
export { isHeldRow, isListedRow };

/** Featured now: the flag set and the end date ahead (expired featuring never counts). */
export function isFeaturedGroup(now: Date = new Date()): SQL {
  return and(eq(groups.featured, true), gt(groups.featuredUntil, now))!;
}

/**
 * Featured because someone paid (an order running now), not by an admin: the cards say 'Destaque pago'
 * (#41 item 3). Only a featured row looks for its order, through feature_orders_group_idx.
 */
const featuredPaid = sql<boolean>`case when ${groups.featured} then exists (select 1 from ${featureOrders} where ${featureOrders.groupId} = ${groups.id} and ${featureOrders.status} = 'active') else false end`;

/** The columns every group list selects (join `categories` on `groupsWithCategory`). */
export const groupColumns = {
  id: groups.id,
  title: groups.title,
  description: groups.description,
  link: groups.link,
  type: groups.type,
  followers: groups.followers,
  image: groups.image,
  cliques: groups.cliques,
  featured: groups.featured,
  featuredUntil: groups.featuredUntil,
  featuringPausedAt: groups.featuringPausedAt,
  featuredPaid,
  approved: groups.approved,
  createdAt: groups.createdAt,
  renewedAt: groups.renewedAt,
  updatedAt: groups.updatedAt,
  titleSlug: groups.titleSlug,
  categoryId: groups.categoryId,
  category: categories.name,
  categorySlug: categories.slug,
  adult: categories.adult,
  linkStatus: groups.linkStatus,
  linkCheckedAt: groups.linkCheckedAt,
  linkLiveAt: groups.linkLiveAt,
  whatsappTitle: groups.whatsappTitle,
};

/** The join every group list uses (db/joins.ts names every repeated join). */
export const groupsWithCategory = groupCategory;

/** A row selected with `groupColumns`. */
export type GroupRow = SelectResultFields<typeof groupColumns>;

/** The public JSON of a group (spec section 3 plus its canonical path). */
export interface GroupJson {
  id: string;
  title: string;
  description: string;
  link: string;
  /** 'group' (chat.whatsapp.com) or 'channel' (whatsapp.com/channel) */
  type: GroupType;
  /** a channel's follower count when its page showed one */
  followers: number | null;
  image: string | null;
  cliques: number;
  /** featured now (flag set and end ahead) */
  featured: boolean;
  featuredUntil: string | null;
  /** featured now through a paid order ('Destaque pago'), not an admin's choice */
  featuredPaid: boolean;
  approved: boolean;
  createdAt: string;
  /** the owner's last free bump ('Renovado há …'); null when never renewed */
  renewedAt: string | null;
  category: string;
  categorySlug: string;
  titleSlug: string;
  /** in an adult (18+) category: its pages ask for age confirmation */
  adult: boolean;
  /** canonical page: /{categorySlug}/{titleSlug} */
  path: string;
  /** the last conclusive answer of the link check ('live' shows 'Link verificado em …') */
  linkStatus: LinkStatus;
  linkCheckedAt: string | null;
  /** the last live answer */
  linkLiveAt: string | null;
  /** the name WhatsApp showed at the last live check that named it ('No WhatsApp: …' when it differs) */
  whatsappTitle: string | null;
}

/** A selected row as the API answers it. */
export function toGroupJson(row: GroupRow, now: Date = new Date()): GroupJson {
  const featured = isFeaturedNow(row, now);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    link: row.link,
    type: row.type,
    followers: row.followers,
    image: row.image,
    cliques: row.cliques,
    featured,
    featuredUntil: featured && row.featuredUntil ? row.featuredUntil.toISOString() : null,
    featuredPaid: featured && row.featuredPaid === true,
    approved: row.approved,
    createdAt: row.createdAt.toISOString(),
    renewedAt: row.renewedAt?.toISOString() ?? null,
    category: row.category,
    categorySlug: row.categorySlug,
    titleSlug: row.titleSlug,
    adult: row.adult,
    path: groupPath(row),
    linkStatus: row.linkStatus,
    linkCheckedAt: row.linkCheckedAt?.toISOString() ?? null,
    linkLiveAt: row.linkLiveAt?.toISOString() ?? null,
    whatsappTitle: row.whatsappTitle,
  };
}

/** A page of groups as every list endpoint answers it. */
export interface GroupPage {
  groups: GroupJson[];
  pagination: { total: number; pages: number; page: number; limit: number };
}
