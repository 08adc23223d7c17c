// PWA settings: read (with the defaults when none are stored), save, and icon upload. The web manifest
// and the service worker are generated from these at build (src/pages/manifest.webmanifest.ts, sw.js.ts),
// so every save asks for a rebuild.
import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { type PwaSettings, pwaSettings } from '#db/schema.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { SITE_NAME, THEME_COLOR } from '#src/lib/site.ts';
import { storePwaIcon } from '../images/uploads.server.ts';
import type { PwaSettingsForm } from './pwa.schema.ts';

const ID = 'default';
export const PWA_DEFAULTS = {
  enabled: true,
  appName: SITE_NAME,
  description: 'Encontre e compartilhe grupos de WhatsApp organizados por categorias.',
  themeColor: THEME_COLOR,
  backgroundColor: '#FFFFFF',
  icon192: null,
  icon512: null,
};

/** The settings as the API answers them. */
export function toPwaJson(row: Omit<PwaSettings, 'id' | 'updatedAt'>) {
  return {
    enabled: row.enabled,
    appName: row.appName,
    description: row.description,
    themeColor: row.themeColor,
    backgroundColor: row.backgroundColor,
    icon192: row.icon192,
    icon512: row.icon512,
  };
}
export type PwaJson = ReturnType<typeof toPwaJson>;

/** The stored settings, or the defaults. */
export async function getPwaSettings(db: Db): Promise<PwaJson> {
  const [row] = await db.select().from(pwaSettings).where(eq(pwaSettings.id, ID));
  return toPwaJson(row ?? PWA_DEFAULTS);
}

/** Save the Geral tab (icons are kept). */
export async function savePwaSettings(db: Db, form: PwaSettingsForm): Promise<PwaJson> {
  const [row] = await db
    .insert(pwaSettings)
    .values({ id: ID, ...form })
    .onConflictDoUpdate({ target: pwaSettings.id, set: form })
    .returning();
  await requestRebuild(db, 'configurações PWA');
  return toPwaJson(row!);
}

/** Validate and store an icon, then point the settings at it. */
export async function savePwaIcon(
  db: Db,
  file: Blob,
  size: 192 | 512,
): Promise<{ path: string; settings: PwaJson }> {
  const path = await storePwaIcon(file, size);
  const column = size === 192 ? { icon192: path } : { icon512: path };
  const current = await getPwaSettings(db);
  const [row] = await db
    .insert(pwaSettings)
    .values({ id: ID, ...current, ...column })
    .onConflictDoUpdate({ target: pwaSettings.id, set: column })
    .returning();
  await requestRebuild(db, `ícone PWA ${size}`);
  return { path, settings: toPwaJson(row!) };
}
