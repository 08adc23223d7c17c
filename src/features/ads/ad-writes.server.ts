// Advertisements admin: paged list (6 per page), create and edit from the parsed form (image re-encoded
// to WebP; required to be active, #45), delete, active toggle, and the placement setting. A change to
// which ads are shown, or to the setting, requests a rebuild: the static lists reserve room for them
// (adRoom), and is a fact of the transparency report (the ads shown each year, #41).
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { type Advertisement, advertisements } from '#db/schema.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { recordTransparencyEvent } from '#src/features/transparency/ledger.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { storeAdImage } from '../images/uploads.server.ts';
import {
  AD_IMAGE_REQUIRED,
  AD_NOT_FOUND,
  type AdForm,
  type AdminAdJson,
  type AdPatch,
  type AdSettingsJson,
} from './ads.schema.ts';
import { getAdSettings, storeAdSettings } from './ads.server.ts';

/** Ads are not shown on group pages: their changes leave those in the CDN. */
const NO_GROUP_PAGE = { groups: [] };

/** An ad as the admin's API answers it. */
export function toAdJson(ad: Advertisement): AdminAdJson {
  return {
    id: ad.id,
    title: ad.title,
    description: ad.description,
    link: ad.link,
    image: ad.image,
    cliques: ad.cliques,
    active: ad.active,
    createdAt: ad.createdAt.toISOString(),
  };
}

/** A page of ads, newest first: {advertisements, pagination{page,limit,total,totalPages}}. */
export async function listAds(db: Db, page: number, limit: number) {
  const [total] = await db.select({ n: count() }).from(advertisements);
  const rows = await db
    .select()
    .from(advertisements)
    .orderBy(desc(advertisements.createdAt), desc(advertisements.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const n = total?.n ?? 0;
  return {
    advertisements: rows.map(toAdJson),
    pagination: { page, limit, total: n, totalPages: Math.max(1, Math.ceil(n / limit)) },
  };
}

/** A new ad: the parsed form and its picture (optional). */
export type AdCreate = AdForm & { image: Blob | null };
/** An ad's changes: any parsed field; `image` a new picture, null to remove it, absent to keep it. */
export type AdChange = AdPatch & { image?: Blob | null };

/** The 400 of an ad that would be active without a picture (checked before anything is stored). */
function assertPictureIfActive(active: boolean, hasImage: boolean) {
  if (active && !hasImage) throw new AppError('BAD_REQUEST', AD_IMAGE_REQUIRED, { image: AD_IMAGE_REQUIRED });
}

/** Create an ad; the image is stored before the row so no row points at a missing file. */
export async function createAd(db: Db, input: AdCreate, createdBy: string) {
  const { image: file, ...fields } = input;
  assertPictureIfActive(fields.active, file !== null);
  const image = file ? await storeAdImage(file) : null;
  const [row] = await db
    .insert(advertisements)
    .values({ ...fields, image, createdBy })
    .returning();
  if (row!.active) {
    await recordTransparencyEvent(db, { kind: 'ad_active', subject: row!.id });
    await requestRebuild(db, `anúncio criado: ${row!.id}`, NO_GROUP_PAGE);
  }
  return toAdJson(row!);
}

/** Change an ad; a new image replaces the old one, image null clears it. */
export async function updateAd(db: Db, id: string, input: AdChange) {
  const { image: file, ...fields } = input;
  const [before] = await db
    .select({ active: advertisements.active, image: advertisements.image })
    .from(advertisements)
    .where(eq(advertisements.id, id));
  if (!before) throw new AppError('NOT_FOUND', AD_NOT_FOUND);
  // Active after the change needs a picture after the change (a new one, or the one kept).
  assertPictureIfActive(fields.active ?? before.active, file ? true : file === null ? false : !!before.image);
  const changes: Partial<typeof advertisements.$inferInsert> = { ...fields };
  if (file) changes.image = await storeAdImage(file);
  else if (file === null) changes.image = null;
  const [row] = Object.keys(changes).length
    ? await db.update(advertisements).set(changes).where(eq(advertisements.id, id)).returning()
    : await db.select().from(advertisements).where(eq(advertisements.id, id));
  if (!row) throw new AppError('NOT_FOUND', AD_NOT_FOUND);
  // The edit form always sends `active`: only a real switch changes the room the lists keep for ads.
  if (before.active !== row.active) {
    await recordTransparencyEvent(db, { kind: row.active ? 'ad_active' : 'ad_inactive', subject: id });
    await requestRebuild(db, `anúncio alterado: ${id}`, NO_GROUP_PAGE);
  }
  return toAdJson(row);
}

/** Delete an ad. */
export async function deleteAd(db: Db, id: string) {
  const [row] = await db
    .delete(advertisements)
    .where(eq(advertisements.id, id))
    .returning({ id: advertisements.id, active: advertisements.active });
  if (!row) throw new AppError('NOT_FOUND', AD_NOT_FOUND);
  if (row.active) {
    await recordTransparencyEvent(db, { kind: 'ad_inactive', subject: id });
    await requestRebuild(db, `anúncio excluído: ${id}`, NO_GROUP_PAGE);
  }
}

/** Save the placement setting; a change requests a rebuild (the lists' room for ads follows it). */
export async function saveAdSettings(db: Db, input: AdSettingsJson): Promise<AdSettingsJson> {
  const before = await getAdSettings(db);
  const saved = await storeAdSettings(db, input.cardsPerAd);
  if (before.cardsPerAd !== saved.cardsPerAd)
    await requestRebuild(db, `anúncios: 1 a cada ${saved.cardsPerAd} cartões`, NO_GROUP_PAGE);
  return saved;
}
