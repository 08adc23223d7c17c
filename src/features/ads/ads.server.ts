// Public advertisement reads: a few random active ads for a list, the admin's placement setting, and the
// room a static list keeps for ads. Clicks go through engagement.
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { adSettings, advertisements } from '#db/schema.ts';
import { type AdvertisementJson, MAX_RANDOM_ADS } from './ads.schema.ts';
import { DEFAULT_CARDS_PER_AD } from './ads.ts';

export { registerAdClick } from '../analytics/engagement.server.ts';

const SETTINGS_ID = 'default';

/** What the public sees: active, and with a picture (an ad without one is never shown, #45). */
const shown = and(eq(advertisements.active, true), isNotNull(advertisements.image));

/** Up to `count` shown advertisements in random order (the table is small: a handful of ads). */
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
    .where(shown)
    .orderBy(sql`random()`)
    .limit(count);
}

/** The placement setting: at most one ad in `cardsPerAd` cards (stored, or the default). */
export async function getAdSettings(db: Db): Promise<{ cardsPerAd: number }> {
  const [row] = await db
    .select({ cardsPerAd: adSettings.cardsPerAd })
    .from(adSettings)
    .where(eq(adSettings.id, SETTINGS_ID));
  return { cardsPerAd: row?.cardsPerAd ?? DEFAULT_CARDS_PER_AD };
}

/** Save the placement setting (the caller asks for the rebuild: the static lists keep room by it). */
export async function storeAdSettings(db: Db, cardsPerAd: number): Promise<{ cardsPerAd: number }> {
  const [row] = await db
    .insert(adSettings)
    .values({ id: SETTINGS_ID, cardsPerAd })
    .onConflictDoUpdate({ target: adSettings.id, set: { cardsPerAd } })
    .returning({ cardsPerAd: adSettings.cardsPerAd });
  return { cardsPerAd: row!.cardsPerAd };
}

/**
 * What a static list needs at build time: how many ads are shown (at most a draw's worth) and the
 * setting. The lists keep room for min(ads, the rule's positions), so the visit's ads never push the
 * groups down; changes to either request a rebuild (ad-writes.server.ts).
 */
export async function adRoom(db: Db): Promise<{ ads: number; cardsPerAd: number }> {
  const [[row], settings] = await Promise.all([
    db.select({ n: count() }).from(advertisements).where(shown),
    getAdSettings(db),
  ]);
  return { ads: Math.min(MAX_RANDOM_ADS, row?.n ?? 0), ...settings };
}
