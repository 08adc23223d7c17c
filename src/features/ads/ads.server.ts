// Public advertisement reads: a few random active ads for a list. Clicks go through engagement.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { advertisements } from '#db/schema.ts';
import type { AdvertisementJson } from './ads.schema.ts';

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
