// Adult (18+) content through the real functions: the seeded '18+' category is adult; its groups stay
// out of the home lists, related groups, search and the suggestions index unless the caller opts in
// (adult=1), and an admin can mark any category as adult.
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, groups, rebuildRequests } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as categoriesFn from '../../functions/admin-categories.ts';
import * as groupsFn from '../../functions/groups.ts';
import type { GroupJson, GroupPage } from '../../src/features/groups/groups.server.ts';
import { suggestions } from '../../src/features/search/search.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { bearer, makeAccounts } from './admin-support.ts';

const { db } = await setupTestDb();
const DAY = 86_400_000;
const get = async <T>(path: string) => {
  const res = await callFunction(groupsFn, path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const ids = (list: { id: string }[]) => list.map((g) => g.id);

let adminToken = '';
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
  adminToken = (await makeAccounts(db)).adminToken;
  for (const row of await db.select().from(categories)) category[row.slug] = row;
  const future = new Date(Date.now() + 5 * DAY);
  await addGroup('adulto', '18', { featured: true, featuredUntil: future });
  await addGroup('adulto-2', '18');
  await addGroup('games', 'games', { featured: true, featuredUntil: future });
  await addGroup('games-2', 'games');
});

describe('the seeded 18+ category', () => {
  it('is adult, and its groups say so', async () => {
    const [row] = await db.select().from(categories).where(eq(categories.slug, '18'));
    expect(row!.adult).toBe(true);
    expect((await get<GroupJson>(`/api/groups/${fixture.adulto}`)).adult).toBe(true);
    expect((await get<GroupJson>(`/api/groups/${fixture.games}`)).adult).toBe(false);
  });
});

describe('lists leave adult groups out unless adult=1', () => {
  it('featured', async () => {
    expect(ids(await get<GroupJson[]>('/api/groups/featured'))).not.toContain(fixture.adulto);
    const opted = ids(await get<GroupJson[]>('/api/groups/featured?adult=1'));
    expect(opted).toContain(fixture.adulto);
    expect(opted).toContain(fixture.games);
  });

  it('recent and the list of all groups, totals included', async () => {
    const recent = await get<GroupPage>('/api/groups/recent?limit=100');
    expect(recent.groups.some((g) => g.adult)).toBe(false);
    expect(ids(recent.groups)).toContain(fixture.games);
    expect(ids((await get<GroupPage>('/api/groups/recent?limit=5&adult=1')).groups)).toContain(
      fixture.adulto,
    );

    const publicIn = async (adult: boolean) => {
      const [row] = await db
        .select({ n: count() })
        .from(groups)
        .innerJoin(categories, eq(categories.id, groups.categoryId))
        .where(and(eq(groups.approved, true), isNull(groups.hiddenAt), eq(categories.adult, adult)));
      return row!.n;
    };
    const all = await get<GroupPage>('/api/groups?sortBy=cliques&limit=100');
    expect(all.groups.some((g) => g.adult)).toBe(false);
    expect(all.pagination.total).toBe(await publicIn(false));
    const opted = await get<GroupPage>('/api/groups?sortBy=cliques&limit=100&adult=1');
    expect(ids(opted.groups).slice(0, 4)).toEqual(expect.arrayContaining([fixture.adulto, fixture.games]));
    expect(opted.pagination.total).toBe((await publicIn(false)) + (await publicIn(true)));
  });

  it("an adult category's list, only with the opt-in", async () => {
    const hidden = await get<GroupPage>('/api/groups?category=18');
    expect(hidden.groups).toEqual([]);
    expect(hidden.pagination.total).toBe(0);
    const opted = await get<GroupPage>('/api/groups?category=18&adult=1&sortBy=cliques');
    expect(ids(opted.groups)).toEqual(expect.arrayContaining([fixture.adulto, fixture['adulto-2']]));
    expect(opted.pagination.total).toBeGreaterThanOrEqual(2);
    // Other categories are unaffected.
    expect(ids((await get<GroupPage>('/api/groups?category=games&sortBy=cliques')).groups)).toContain(
      fixture.games,
    );
  });

  it('related groups', async () => {
    expect(await get<GroupJson[]>(`/api/groups/${fixture.adulto}/related`)).toEqual([]);
    expect(ids(await get<GroupJson[]>(`/api/groups/${fixture.adulto}/related?adult=1`))).toContain(
      fixture['adulto-2'],
    );
    expect(ids(await get<GroupJson[]>(`/api/groups/${fixture.games}/related`))).toContain(fixture['games-2']);
  });

  it('refuses a malformed opt-in', async () => {
    const res = await callFunction(groupsFn, '/api/groups/recent?adult=talvez');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Filtro de conteúdo adulto inválido');
  });
});

describe('search leaves adult groups out unless adult=1', () => {
  it('by term, by filters only, and in the suggestions index', async () => {
    const found = await get<GroupPage>('/api/groups?search=zabumbeiros');
    expect(ids(found.groups).sort()).toEqual([fixture.games, fixture['games-2']].sort());
    expect(found.pagination.total).toBe(2);
    const opted = await get<GroupPage>('/api/groups?search=zabumbeiros&adult=1');
    expect(opted.pagination.total).toBe(4);
    expect(ids(opted.groups)).toEqual(expect.arrayContaining([fixture.adulto, fixture['adulto-2']]));
    // The adult-only words: nothing, until the opt-in.
    expect((await get<GroupPage>('/api/groups?search=zabumbeiros adulto&sortBy=cliques')).groups).toEqual([]);
    expect(
      ids((await get<GroupPage>('/api/groups?search=zabumbeiros adulto&sortBy=cliques&adult=1')).groups),
    ).toContain(fixture.adulto);

    const filtered = await get<GroupPage>('/api/groups?minCliques=999999&limit=10');
    expect(ids(filtered.groups).sort()).toEqual([fixture.games, fixture['games-2']].sort());
    expect((await get<GroupPage>('/api/groups?minCliques=999999&limit=10&adult=1')).pagination.total).toBe(4);

    // An invite link names one group: the panel finds its owner's adult group by it.
    const [adultRow] = await db.select().from(groups).where(eq(groups.id, fixture.adulto!));
    const byLink = await get<GroupPage>(
      `/api/groups?link=${encodeURIComponent(adultRow!.link)}&approved=true`,
    );
    expect(ids(byLink.groups)).toEqual([fixture.adulto]);

    const suggested = await suggestions(db, 10_000);
    expect(suggested.some((s) => s.url.startsWith('/18/'))).toBe(false);
    expect(suggested.some((s) => s.url === '/games/zabumbeiros-games')).toBe(true);
  });
});

describe('admin: marking a category as adult', () => {
  const patch = (id: number, json: unknown) =>
    callFunction(categoriesFn, `/api/admin/categories/${id}`, bearer(adminToken, { method: 'PATCH', json }));

  it('takes its groups out of the lists and search, asks for a rebuild, and can be undone', async () => {
    await db.delete(rebuildRequests);
    const games = category.games!;
    const res = await patch(games.id, { adult: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ slug: 'games', adult: true });
    expect((await db.select().from(rebuildRequests)).map((r) => r.reason)).toEqual([
      'categoria editada: games',
    ]);

    const list = (await (
      await callFunction(categoriesFn, '/api/admin/categories', bearer(adminToken))
    ).json()) as { slug: string; adult: boolean }[];
    expect(list.find((c) => c.slug === 'games')?.adult).toBe(true);
    expect(ids(await get<GroupJson[]>('/api/groups/featured'))).not.toContain(fixture.games);
    expect((await get<GroupPage>('/api/groups?search=zabumbeiros')).pagination.total).toBe(0);
    expect((await get<GroupJson>(`/api/groups/${fixture.games}`)).adult).toBe(true);

    expect((await patch(games.id, { adult: false })).status).toBe(200);
    expect(ids(await get<GroupJson[]>('/api/groups/featured'))).toContain(fixture.games);
    expect((await get<GroupPage>('/api/groups?search=zabumbeiros')).pagination.total).toBe(2);
  });

  it('creates an adult category, refuses a non-boolean flag and keeps the others as they were', async () => {
    const created = await callFunction(
      categoriesFn,
      '/api/admin/categories',
      bearer(adminToken, {
        method: 'POST',
        json: { name: 'Paquera', slug: 'paquera', icon: 'heart', adult: true },
      }),
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ slug: 'paquera', adult: true });
    const plain = await callFunction(
      categoriesFn,
      '/api/admin/categories',
      bearer(adminToken, {
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
