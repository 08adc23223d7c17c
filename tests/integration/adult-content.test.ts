// Adult (18+) content through the real functions, with no age-verification provider configured (the
// default, decision 0010): the seeded '18+' category stays in the model, but none of its groups is on
// any list, search, suggestion, sitemap, page or API answer, adult=1 opens nothing, and submissions and
// owners' edits into it are refused. An admin can still mark any category as adult.
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, groups, rateLimitBuckets, rebuildRequests } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as categoriesFn from '../../functions/admin-categories.ts';
import * as publicCategoriesFn from '../../functions/categories.ts';
import * as groupPageFn from '../../functions/group-by-id.ts';
import * as groupsFn from '../../functions/groups.ts';
import * as submitFn from '../../functions/submit-group.ts';
import * as userGroupsFn from '../../functions/user-groups.ts';
import { ADULT_SUBMISSION_CLOSED } from '../../src/features/age-verification/age-verification.ts';
import { groupPageOnDemand, groupPagesForBuild } from '../../src/features/groups/group-pages.server.ts';
import type { GroupJson, GroupPage } from '../../src/features/groups/groups.server.ts';
import { suggestions } from '../../src/features/search/search.server.ts';
import { sitemapDocument, sitemapEntries } from '../../src/features/sitemap/sitemap.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { makeAccounts, signedIn } from './admin-support.ts';

const { db } = await setupTestDb();
const DAY = 86_400_000;
const get = async <T>(path: string) => {
  const res = await callFunction(groupsFn, path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const ids = (list: { id: string }[]) => list.map((g) => g.id);

let adminToken = '';
let ownerToken = '';
let ownerId = '';
const category: Record<string, { id: number; slug: string }> = {};
const fixture: Record<string, string> = {};

/** One approved group in a category, most clicked and newest of all, with a searchable title. */
async function addGroup(name: string, slug: string, values: Partial<typeof groups.$inferInsert> = {}) {
  const id = randomUUID();
  const code = id.replace(/-/g, '').slice(0, 22);
  await db.insert(groups).values({
    id,
    title: `Zabumbeiros ${name}`,
    description: `Grupo de ${name}`,
    link: `https://chat.whatsapp.com/${code}`,
    inviteCode: code,
    categoryId: category[slug]!.id,
    titleSlug: `zabumbeiros-${name}`,
    approved: true,
    cliques: 1_000_000,
    createdAt: new Date(Date.now() + DAY),
    ...values,
  });
  fixture[name] = id;
}

beforeAll(async () => {
  await seedDatabase(db, { groups: 60, now: new Date() });
  const accounts = await makeAccounts(db);
  adminToken = accounts.adminToken;
  ownerId = accounts.user.id;
  ownerToken = accounts.userToken;
  for (const row of await db.select().from(categories)) category[row.slug] = row;
  const future = new Date(Date.now() + 5 * DAY);
  await addGroup('adulto', '18', { featured: true, featuredUntil: future });
  await addGroup('adulto-2', '18');
  await addGroup('games', 'games', { featured: true, featuredUntil: future });
  await addGroup('games-2', 'games');
});

describe('the seeded 18+ category', () => {
  it('is still adult in the model, and its groups are still in the database', async () => {
    const [row] = await db.select().from(categories).where(eq(categories.slug, '18'));
    expect(row!.adult).toBe(true);
    const [kept] = await db.select().from(groups).where(eq(groups.id, fixture.adulto!));
    expect(kept!.approved).toBe(true);
  });

  it('shows 0 groups in the public category list, whatever its groups', async () => {
    const res = await callFunction(publicCategoriesFn, '/api/categories');
    const list = (await res.json()) as { slug: string; count: number; adult: boolean }[];
    const adult = list.find((c) => c.slug === '18')!;
    expect(adult.adult).toBe(true);
    expect(adult.count).toBe(0);
    expect(list.find((c) => c.slug === 'games')!.count).toBeGreaterThanOrEqual(2);
    const [row] = await db.select().from(categories).where(eq(categories.slug, '18'));
    expect(row!.publicGroups).toBeGreaterThanOrEqual(2);
  });
});

describe('no list opens adult groups, adult=1 or not', () => {
  it('featured', async () => {
    for (const q of ['', '?adult=1']) {
      const list = ids(await get<GroupJson[]>(`/api/groups/featured${q}`));
      expect(list, q).not.toContain(fixture.adulto);
      expect(list, q).toContain(fixture.games);
    }
  });

  it('recent and the list of all groups, totals included', async () => {
    const publicIn = async (adult: boolean) => {
      const [row] = await db
        .select({ n: count() })
        .from(groups)
        .innerJoin(categories, eq(categories.id, groups.categoryId))
        .where(and(eq(groups.approved, true), isNull(groups.hiddenAt), eq(categories.adult, adult)));
      return row!.n;
    };
    for (const q of ['', '&adult=1']) {
      const recent = await get<GroupPage>(`/api/groups/recent?limit=100${q}`);
      expect(
        recent.groups.some((g) => g.adult),
        q,
      ).toBe(false);
      const all = await get<GroupPage>(`/api/groups?sortBy=cliques&limit=100${q}`);
      expect(
        all.groups.some((g) => g.adult),
        q,
      ).toBe(false);
      expect(ids(all.groups), q).toContain(fixture.games);
      expect(all.pagination.total, q).toBe(await publicIn(false));
    }
  });

  it("the 18+ category's own list is empty", async () => {
    for (const q of ['', '&adult=1']) {
      const page = await get<GroupPage>(`/api/groups?category=18&sortBy=cliques${q}`);
      expect(page.groups, q).toEqual([]);
      expect(page.pagination.total, q).toBe(0);
    }
    expect(ids((await get<GroupPage>('/api/groups?category=games&sortBy=cliques')).groups)).toContain(
      fixture.games,
    );
  });

  it("an answer asked with adult=1 is private, so no cache shares one visitor's answer", async () => {
    const res = await callFunction(groupsFn, '/api/groups/recent?adult=1');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const plain = await callFunction(groupsFn, '/api/groups/recent');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=30');
  });

  it('refuses a malformed opt-in', async () => {
    const res = await callFunction(groupsFn, '/api/groups/recent?adult=talvez');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Filtro de conteúdo adulto inválido');
  });
});

describe('no adult group is found one by one', () => {
  it('by id, by slugs, its related list, /grupo/{id} and the on-demand page', async () => {
    const [row] = await db.select().from(groups).where(eq(groups.id, fixture.adulto!));
    for (const path of [
      `/api/groups/${fixture.adulto}`,
      `/api/groups/${fixture.adulto}/related?adult=1`,
      `/api/groups/slug/18/${row!.titleSlug}`,
    ]) {
      const res = await callFunction(groupsFn, path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe('Grupo não encontrado');
    }
    expect((await callFunction(groupPageFn, `/grupo/${fixture.adulto}`)).status).toBe(404);
    expect(await groupPageOnDemand(db, '18', row!.titleSlug)).toBeNull();
    // A self-declared answer is no verification: asking for it changes nothing.
    expect(await groupPageOnDemand(db, '18', row!.titleSlug, { includeAdult: false })).toBeNull();
    expect((await get<GroupJson>(`/api/groups/${fixture.games}`)).adult).toBe(false);
  });

  it('is never pre-rendered, nor among the related groups of a built page', async () => {
    const built = await groupPagesForBuild(db, 10_000);
    expect(built.length).toBeGreaterThan(0);
    expect(built.some((page) => page.group.adult || page.related.some((g) => g.adult))).toBe(false);
    expect(built.map((page) => page.group.id)).toContain(fixture.games);
  });
});

describe('search and the suggestions leave adult groups out, adult=1 or not', () => {
  it('by term, by filters only, by invite link, and in the suggestions index', async () => {
    for (const q of ['', '&adult=1']) {
      const found = await get<GroupPage>(`/api/groups?search=zabumbeiros${q}`);
      expect(ids(found.groups).sort(), q).toEqual([fixture.games, fixture['games-2']].sort());
      expect(found.pagination.total, q).toBe(2);
      expect(
        (await get<GroupPage>(`/api/groups?search=zabumbeiros adulto&sortBy=cliques${q}`)).groups,
      ).toEqual([]);
      const filtered = await get<GroupPage>(`/api/groups?minCliques=999999&limit=10${q}`);
      expect(ids(filtered.groups).sort(), q).toEqual([fixture.games, fixture['games-2']].sort());
    }
    const [adultRow] = await db.select().from(groups).where(eq(groups.id, fixture.adulto!));
    const byLink = await get<GroupPage>(
      `/api/groups?link=${encodeURIComponent(adultRow!.link)}&approved=true`,
    );
    expect(byLink.groups).toEqual([]);

    const suggested = await suggestions(db, 10_000);
    expect(suggested.some((s) => s.url.startsWith('/18/'))).toBe(false);
    expect(suggested.some((s) => s.url === '/games/zabumbeiros-games')).toBe(true);
  });
});

describe('the sitemap', () => {
  it('lists neither the 18+ category nor its groups, and counts them nowhere', async () => {
    const urls = (await sitemapEntries(db, 'https://gruposdezap.com.br')).map((e) => e.url);
    expect(urls).toContain('https://gruposdezap.com.br/categoria/games');
    expect(urls).toContain('https://gruposdezap.com.br/games/zabumbeiros-games');
    expect(urls).not.toContain('https://gruposdezap.com.br/categoria/18');
    expect(urls.some((url) => url.startsWith('https://gruposdezap.com.br/18/'))).toBe(false);
    expect(urls).toEqual(
      expect.arrayContaining(['https://gruposdezap.com.br/privacidade', 'https://gruposdezap.com.br/termos']),
    );
    // Split in files of 10 URLs: the index's files hold exactly the same URLs (the counts left adult groups out).
    const index = await sitemapDocument(db, 'https://gruposdezap.com.br', 'sitemap.xml', 10);
    const files = [...index!.matchAll(/<loc>https:\/\/gruposdezap\.com\.br\/(sitemap-\d+\.xml)<\/loc>/g)].map(
      (m) => m[1]!,
    );
    const split: string[] = [];
    for (const file of files) {
      const xml = await sitemapDocument(db, 'https://gruposdezap.com.br', file, 10);
      split.push(...[...xml!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
    }
    expect(split).toEqual(urls);
  });
});

describe('owners cannot put groups into the closed 18+ category', () => {
  beforeEach(async () => {
    await db.delete(rateLimitBuckets);
  });

  it('a submission is refused with the reason, and nothing is written', async () => {
    const before = (await db.select({ n: count() }).from(groups))[0]!.n;
    const body = new FormData();
    body.set('title', 'Paquera Noturna');
    body.set('description', 'Conversas para maiores de idade.');
    body.set('link', 'https://chat.whatsapp.com/AdUlToFeChAdO1234567');
    body.set('category', '18');
    const res = await callFunction(submitFn, '/api/groups', { method: 'POST', body, ip: '198.51.100.77' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: ADULT_SUBMISSION_CLOSED,
      fields: { category: ADULT_SUBMISSION_CLOSED },
    });
    expect((await db.select({ n: count() }).from(groups))[0]!.n).toBe(before);
  });

  it("an owner's edit that moves a group there is refused, and the group is unchanged", async () => {
    const [row] = await db.select().from(groups).where(eq(groups.id, fixture['games-2']!));
    await db.update(groups).set({ userId: ownerId }).where(eq(groups.id, row!.id));
    const res = await callFunction(
      userGroupsFn,
      `/api/user/groups/${row!.id}`,
      signedIn(ownerToken, { method: 'PATCH', json: { category: '18' } }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(ADULT_SUBMISSION_CLOSED);
    const [after] = await db.select().from(groups).where(eq(groups.id, row!.id));
    expect(after!.categoryId).toBe(row!.categoryId);
  });
});

describe('admin: marking a category as adult', () => {
  const patch = (id: number, json: unknown) =>
    callFunction(
      categoriesFn,
      `/api/admin/categories/${id}`,
      signedIn(adminToken, { method: 'PATCH', json }),
    );

  it('takes its groups out of every list, search and page, asks for a rebuild, and can be undone', async () => {
    await db.delete(rebuildRequests);
    const games = category.games!;
    const res = await patch(games.id, { adult: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ slug: 'games', adult: true });
    expect((await db.select().from(rebuildRequests)).map((r) => r.reason)).toEqual([
      'categoria editada: games',
    ]);

    const list = (await (
      await callFunction(categoriesFn, '/api/admin/categories', signedIn(adminToken))
    ).json()) as { slug: string; adult: boolean }[];
    expect(list.find((c) => c.slug === 'games')?.adult).toBe(true);
    expect(ids(await get<GroupJson[]>('/api/groups/featured'))).not.toContain(fixture.games);
    expect((await get<GroupPage>('/api/groups?search=zabumbeiros')).pagination.total).toBe(0);
    expect((await callFunction(groupsFn, `/api/groups/${fixture.games}`)).status).toBe(404);

    expect((await patch(games.id, { adult: false })).status).toBe(200);
    expect(ids(await get<GroupJson[]>('/api/groups/featured'))).toContain(fixture.games);
    expect((await get<GroupPage>('/api/groups?search=zabumbeiros')).pagination.total).toBe(2);
  });

  it('creates an adult category, refuses a non-boolean flag and keeps the others as they were', async () => {
    const created = await callFunction(
      categoriesFn,
      '/api/admin/categories',
      signedIn(adminToken, {
        method: 'POST',
        json: { name: 'Paquera', slug: 'paquera', icon: 'heart', adult: true },
      }),
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ slug: 'paquera', adult: true });
    const plain = await callFunction(
      categoriesFn,
      '/api/admin/categories',
      signedIn(adminToken, {
        method: 'POST',
        json: { name: 'Culinária', slug: 'culinaria', icon: 'chef-hat' },
      }),
    );
    expect(await plain.json()).toMatchObject({ slug: 'culinaria', adult: false });

    const bad = await patch(category.educacao!.id, { adult: 'sim' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      fields: { adult: 'Indique se a categoria é de conteúdo adulto' },
    });
    const [educacao] = await db.select().from(categories).where(eq(categories.slug, 'educacao'));
    expect(educacao!.adult).toBe(false);
  });

  it('is for admins only', async () => {
    const res = await callFunction(categoriesFn, `/api/admin/categories/${category.educacao!.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ adult: true }),
    });
    expect(res.status).toBe(401);
  });
});
