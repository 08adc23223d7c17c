// Deterministic demo data: the same seed always gives the same catalogue.
import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../src/features/auth/password.server.ts';
import { titleSlugFor } from '../src/features/groups/groups.ts';
import { suggestTags } from '../src/features/tags/tags.ts';
import type { Db } from './client.ts';
import {
  advertisements,
  categories,
  featurePlans,
  groups,
  groupTags,
  paymentSettings,
  pwaSettings,
  tags,
  users,
} from './schema.ts';
import {
  ADVERTISEMENTS,
  CATEGORIES,
  CITIES,
  DESCRIPTION_CLOSINGS,
  DESCRIPTION_OPENINGS,
  DESCRIPTION_RULES,
  FEATURE_PLANS,
  QUALIFIERS,
  TAGS,
  TITLES,
} from './seed-data.ts';

export interface SeedOptions {
  /** how many groups (default 300) */
  groups?: number;
  /** RNG seed */
  seed?: number;
  /** "now" for dates, so a seed is reproducible in tests */
  now?: Date;
  admin?: { email: string; password?: string };
  log?: (line: string) => void;
}

export interface SeedResult {
  groups: number;
  admin?: { email: string; password?: string; created: boolean };
}

/** mulberry32: a tiny deterministic PRNG. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = '89ab'[Math.floor(next() * 4)] as string;
      const s = hex.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
    code: (length: number) => {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
      return Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    },
  };
}

type Rng = ReturnType<typeof createRng>;

const DAY = 86_400_000;

/** Whether the catalogue has been seeded already. */
export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(categories);
  return (row?.n ?? 0) > 0;
}

/**
 * The starting tag vocabulary (#43), inserted only into a `tags` table that has never had a row: every
 * migrate runs it (a production deploy gets it without the demo seed), and after that admins own it
 * (renamed, merged or hidden tags are never put back). Affinities name categories by slug; a category
 * created later is left for the admin to set. Nothing happens before the categories exist.
 */
export async function seedTags(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tags);
  if ((row?.n ?? 0) > 0) return 0;
  const byslug = new Map((await db.select().from(categories)).map((c) => [c.slug, c.id]));
  // A database without categories yet (a fresh deploy migrates before its seed): the seed brings both.
  if (byslug.size === 0) return 0;
  const inserted = await db
    .insert(tags)
    .values(
      TAGS.map((tag) => ({
        slug: tag.slug,
        name: tag.name,
        synonyms: tag.synonyms ?? [],
        categoryId: tag.category ? (byslug.get(tag.category) ?? null) : null,
        adult: tag.adult ?? false,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: tags.id });
  return inserted.length;
}

/** Fill an empty database with the demo catalogue. */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  // Adding to a catalogue already there (--force): its slugs are taken, and the generator starts
  // elsewhere, so the new groups' ids and invite links differ from the ones already seeded.
  const existing = await db
    .select({ categoryId: groups.categoryId, titleSlug: groups.titleSlug })
    .from(groups);
  const rng = createRng((options.seed ?? 20261122) + existing.length);
  const now = options.now ?? new Date();
  const total = options.groups ?? 300;
  const log = options.log ?? (() => {});

  const categoryRows = await db
    .insert(categories)
    .values(CATEGORIES.map((c, position) => ({ ...c, position })))
    .onConflictDoNothing()
    .returning();
  const allCategories = categoryRows.length ? categoryRows : await db.select().from(categories);

  await db.insert(featurePlans).values(FEATURE_PLANS).onConflictDoNothing();
  await db
    .insert(pwaSettings)
    .values({
      appName: 'Grupos de Zap',
      description: 'Encontre e compartilhe grupos de WhatsApp organizados por categorias.',
    })
    .onConflictDoNothing();
  await db.insert(paymentSettings).values({}).onConflictDoNothing();
  await db.insert(advertisements).values(ADVERTISEMENTS).onConflictDoNothing();
  await seedTags(db);
  const vocabulary = await db.select().from(tags);

  const admin = options.admin ? await ensureAdmin(db, options.admin) : undefined;

  const started = Date.now();
  const batchSize = 1000;
  const takenSlugs = new Map<number, Set<string>>();
  for (const { categoryId, titleSlug } of existing) {
    if (!takenSlugs.has(categoryId)) takenSlugs.set(categoryId, new Set());
    takenSlugs.get(categoryId)!.add(titleSlug);
  }
  for (let offset = 0; offset < total; offset += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, total - offset) }, (_, i) =>
      makeGroup(rng, now, allCategories, takenSlugs, offset + i),
    );
    await db.insert(groups).values(batch);
    // The demo groups carry the tags their own words suggest (at most three), as an owner would pick.
    const tagged = batch.flatMap((group) => {
      const adult = allCategories.find((c) => c.id === group.categoryId)?.adult ?? false;
      const slugs = suggestTags(group, vocabulary, { adult, limit: 3 });
      return slugs.map((slug) => ({ groupId: group.id, tagId: vocabulary.find((t) => t.slug === slug)!.id }));
    });
    if (tagged.length) await db.insert(groupTags).values(tagged).onConflictDoNothing();
    if (total > batchSize) log(`  ${Math.min(offset + batchSize, total)}/${total} grupos`);
  }
  // Keep the planner's statistics right after a bulk load (lists choose their indexes by them).
  await db.execute(sql`analyze groups`);
  log(`Seeded ${total} groups in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { groups: total, admin };
}

function makeGroup(
  rng: Rng,
  now: Date,
  allCategories: { id: number; slug: string; name: string }[],
  takenSlugs: Map<number, Set<string>>,
  index: number,
) {
  const category = rng.pick(allCategories);
  const stems = TITLES[category.slug] ?? ['Grupo de Amigos'];
  const stem = rng.pick(stems);
  const city = rng.pick(CITIES);
  const qualifier = rng
    .pick(QUALIFIERS)
    .replace('{city}', city)
    .replace('{year}', String(now.getUTCFullYear() - rng.int(0, 1)))
    .replace('{n}', String(rng.int(1, 40)));
  const title = qualifier ? `${stem} ${qualifier}` : stem;
  const topic = stem.toLowerCase();
  const fill = (s: string) => s.replace('{topic}', topic).replace('{title}', title).replace('{city}', city);
  const description = [
    fill(rng.pick(DESCRIPTION_OPENINGS)),
    fill(rng.pick(DESCRIPTION_RULES)),
    rng.next() < 0.6 ? fill(rng.pick(DESCRIPTION_CLOSINGS)) : '',
  ]
    .filter(Boolean)
    .join('\n');

  const id = rng.uuid();
  const taken = takenSlugs.get(category.id) ?? new Set<string>();
  takenSlugs.set(category.id, taken);
  const titleSlug = titleSlugFor(title, id, (s) => taken.has(s));
  taken.add(titleSlug);

  const ageDays = rng.next() ** 1.6 * 420;
  const createdAt = new Date(now.getTime() - ageDays * DAY - rng.int(0, DAY / 1000) * 1000);
  const approved = index < 12 ? true : rng.next() > 0.08;
  // Long-tailed popularity: most groups have a few clicks, some have thousands.
  const cliques = approved ? Math.floor(rng.next() ** 4 * 6000) : 0;
  const featured = approved && (index < 8 || rng.next() < 0.02);
  const code = rng.code(22);
  return {
    id,
    title,
    description,
    link: `https://chat.whatsapp.com/${code}`,
    inviteCode: code,
    categoryId: category.id,
    titleSlug,
    approved,
    cliques,
    featured,
    featuredUntil: featured ? new Date(now.getTime() + rng.int(1, 30) * DAY) : null,
    createdAt,
    updatedAt: createdAt,
  };
}

/** Create (or promote) the admin account; a generated password is returned to be printed once. */
export async function ensureAdmin(db: Db, admin: { email: string; password?: string }) {
  const email = admin.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (existing && !admin.password) {
    await db
      .update(users)
      .set({ admin: true, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, existing.id));
    return { email, created: false };
  }
  const password = admin.password ?? randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  if (existing) {
    await db
      .update(users)
      .set({ admin: true, password: hash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, existing.id));
    return { email, password, created: false };
  }
  await db
    .insert(users)
    .values({ email, password: hash, name: 'Administrador', admin: true, emailConfirmedAt: new Date() });
  return { email, password, created: true };
}
