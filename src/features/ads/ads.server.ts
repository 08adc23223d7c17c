// Public advertisement reads: a few random active ads for a list. Clicks go through engagement.
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { advertisements } from '#db/schema.ts';
import type { AdvertisementJson } from './ads.schema.ts';
import { ADS_PER_LIST } from './ads.ts';

export { registerAdClick } from '../analytics/engagement.server.ts';

/** Up to `count` active advertisements in random order (the table is small: a handful of ads). */
export async function randomActiveAds(db: Db, count: number): Promise<AdvertisementJson[]> {
  return db
    .select({
      id: advertisements.id,
      title: advertisements.title,
      description: advertisements.description,
      link: advertisements.link,
      image: advertisements.image,
    })
    .from(advertisements)
    .where(eq(advertisements.active, true))
    .orderBy(sql`random()`)
    .limit(count);
}

/**
 * How many ads a static list makes room for: the active ads, up to a list's share. Reserving their
 * space at build time keeps the visit's ads from pushing the groups down; ads admin changes request a
 * rebuild so the count follows them.
 */
export async function adSlotCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(advertisements).where(eq(advertisements.active, true));
  return Math.min(ADS_PER_LIST, row?.n ?? 0);
}
