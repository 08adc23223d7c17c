import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { categories, engagementEvents, featureOrders, featurePlans, groups } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as groupsFn from '../../functions/groups.ts';
import * as sitemapFn from '../../functions/sitemap.ts';
import {
  latestPublicUpdate,
  publicGroupBatches,
  publicGroupJsonBatches,
} from '../../src/features/groups/group-lists.server.ts';
import {
  groupPagesForBuild,
  groupsToPrerender,
  prerenderCount,
} from '../../src/features/groups/group-pages.server.ts';
import type { GroupJson, GroupPage } from '../../src/features/groups/groups.server.ts';
import {
  SITEMAP_FILE_URLS,
  sitemapDocument,
  sitemapPreview,
} from '../../src/features/sitemap/sitemap.server.ts';
import { topicPagesForSitemap } from '../../src/features/tags/tags.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { wholeSitemap } from '../support/sitemap-layout.ts';

const { db } = await setupTestDb();
const DAY = 86_400_000;
const get = (path: string) => callFunction(groupsFn, path);
const body = async <T>(res: Response) => (await res.json()) as T;

let esportesId = 0;
const fixtures: Record<string, string> = {};

/** Insert one group in Esportes with the given state; returns its id. */
async function addGroup(name: string, values: Partial<typeof groups.$inferInsert> = {}) {
  const id = randomUUID();
  const code = id.replace(/-/g, '').slice(0, 20);
  await db.insert(groups).values({
    id,
    title: `Fixture ${name}`,
    description: `Descrição de ${name}`,
    link: `https://chat.whatsapp.com/${code}`,
    inviteCode: code,
    categoryId: esportesId,
    titleSlug: `fixture-${name}`,
    approved: true,
    ...values,
  });
  fixtures[name] = id;
  return id;
}

beforeAll(async () => {
  await seedDatabase(db, { groups: 80, now: new Date() });
  const [esportes] = await db.select().from(categories).where(eq(categories.slug, 'esportes'));
  esportesId = esportes!.id;
  const future = new Date(Date.now() + 5 * DAY);
  await addGroup('pending', { approved: false });
  await addGroup('hidden', { hiddenAt: new Date() });
  await addGroup('featured-now', { featured: true, featuredUntil: future, cliques: 1 });
  await addGroup('featured-expired', { featured: true, featuredUntil: new Date(Date.now() - DAY) });
  await addGroup('featured-no-end', { featured: true, featuredUntil: null });
  await addGroup('featured-pending', { featured: true, featuredUntil: future, approved: false });
  await addGroup('featured-hidden', { featured: true, featuredUntil: future, hiddenAt: new Date() });
  // Featured because an order pays for it now ('Destaque pago'); one whose order ended long ago.
  const [plan] = await db.select().from(featurePlans).limit(1);
  for (const [name, status] of [
    ['featured-paid', 'active'],
    ['featured-once-paid', 'expired'],
  ] as const) {
    const groupId = await addGroup(name, { featured: true, featuredUntil: future });
    await db.insert(featureOrders).values({ groupId, planId: plan!.id, status, price: plan!.price, days: 7 });
  }
});

/**
 * Public groups of a category, or of every category but the adult (18+) ones, which lists leave out;
 * `adult` counts those too (the sitemap and the pages have every public group).
 */
async function publicCount(categoryId?: number, { adult = false } = {}) {
  const where = and(eq(groups.approved, true), isNull(groups.hiddenAt));
  const [row] = await db
    .select({ n: count() })
    .from(groups)
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .where(
      categoryId || adult
        ? and(where, categoryId ? eq(groups.categoryId, categoryId) : undefined)
        : and(where, eq(categories.adult, false)),
    );
  return row!.n;
}

describe('GET /api/groups/featured', () => {
  it('lists only approved, visible groups featured now', async () => {
    const res = await get('/api/groups/featured');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const list = await body<GroupJson[]>(res);
    const ids = list.map((g) => g.id);
    expect(ids).toContain(fixtures['featured-now']);
    for (const name of ['featured-expired', 'featured-no-end', 'featured-pending', 'featured-hidden'])
      expect(ids, name).not.toContain(fixtures[name]);
    for (const group of list) {
      expect(group.featured).toBe(true);
      expect(new Date(group.featuredUntil!).getTime()).toBeGreaterThan(Date.now());
      expect(group.approved).toBe(true);
    }
    // Paid featuring says so on the cards ('Destaque pago', #41 item 3); an admin's does not.
    const paid = (name: string) => list.find((g) => g.id === fixtures[name])?.featuredPaid;
    expect(paid('featured-paid')).toBe(true);
    expect(paid('featured-once-paid')).toBe(false);
    expect(paid('featured-now')).toBe(false);
    const one = await body<GroupJson>(await get(`/api/groups/${fixtures['featured-paid']}`));
    expect(one.featuredPaid).toBe(true);
  });

  it('marks an expired featuring as not featured wherever the group shows', async () => {
    const res = await get(`/api/groups/${fixtures['featured-expired']}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ featured: false, featuredUntil: null });
  });
});

describe('GET /api/groups/recent', () => {
  it('answers 18 newest public groups with the pagination', async () => {
    const res = await get('/api/groups/recent');
    expect(res.status).toBe(200);
    const page = await body<GroupPage>(res);
    const total = await publicCount();
    expect(page.pagination).toEqual({ total, pages: Math.ceil(total / 18), page: 1, limit: 18 });
    expect(page.groups).toHaveLength(18);
    const dates = page.groups.map((g) => g.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const ids = page.groups.map((g) => g.id);
    for (const name of ['pending', 'hidden', 'featured-pending', 'featured-hidden'])
      expect(ids).not.toContain(fixtures[name]);
  });

  it('walks every public group exactly once across pages (limit=100 as the old sitemap asked)', async () => {
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const res = await body<GroupPage>(await get(`/api/groups/recent?page=${page}&limit=7`));
      seen.push(...res.groups.map((g) => g.id));
      if (page >= res.pagination.pages) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await publicCount());
    expect((await get('/api/groups/recent?limit=100')).status).toBe(200);
  });

  it('answers an empty page past the end and 400 for pages or limits out of bounds', async () => {
    const beyond = await body<GroupPage>(await get('/api/groups/recent?page=999'));
    expect(beyond.groups).toEqual([]);
    expect(beyond.pagination.page).toBe(999);
    for (const query of ['page=0', 'page=-1', 'page=abc', 'page=1.5', 'limit=0', 'limit=101', 'page=10001']) {
      const res = await get(`/api/groups/recent?${query}`);
      expect(res.status, query).toBe(400);
      const error = await body<{ message: string; code: string }>(res);
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toMatch(/^(Página|Limite) inválid[oa]$/);
    }
  });
});

describe('GET /api/groups (category lists)', () => {
  it('defaults to 8 per page, newest first, counting public groups of the category', async () => {
    const res = await get('/api/groups?category=esportes');
    expect(res.status).toBe(200);
    const page = await body<GroupPage>(res);
    const total = await publicCount(esportesId);
    expect(page.pagination).toEqual({ total, pages: Math.ceil(total / 8), page: 1, limit: 8 });
    expect(page.groups.length).toBe(Math.min(8, total));
    expect(page.groups.every((g) => g.categorySlug === 'esportes' && g.category === 'Esportes')).toBe(true);
    const dates = page.groups.map((g) => g.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("sorts by the ranking's score ('Relevância', then newest) and by title (A-Z)", async () => {
    const all = async (sortBy: string) =>
      (await body<GroupPage>(await get(`/api/groups?category=esportes&sortBy=${sortBy}&limit=100`))).groups;
    const byScore = await db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.categoryId, esportesId), eq(groups.approved, true), isNull(groups.hiddenAt)))
      .orderBy(desc(groups.rankScore), desc(groups.bumpedAt), desc(groups.id));
    expect((await all('relevance')).map((g) => g.id)).toEqual(byScore.map((r) => r.id));
    // An old link's 'Mais populares' reads as 'Relevância' (#43).
    expect((await all('cliques')).map((g) => g.id)).toEqual(byScore.map((r) => r.id));
    const titles = (await all('title')).map((g) => g.title);
    const rows = await db
      .select({ title: groups.title })
      .from(groups)
      .where(and(eq(groups.categoryId, esportesId), eq(groups.approved, true), isNull(groups.hiddenAt)))
      .orderBy(groups.title, groups.id);
    expect(titles).toEqual(rows.map((r) => r.title));
    const ids = (await all('createdAt')).map((g) => g.id);
    expect(ids).not.toContain(fixtures.pending);
    expect(ids).not.toContain(fixtures.hidden);
  });

  it('gives distinct pages that together hold every group of the category', async () => {
    const total = await publicCount(esportesId);
    const ids: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 8); page++) {
      ids.push(
        ...(await body<GroupPage>(await get(`/api/groups?category=esportes&page=${page}`))).groups.map(
          (g) => g.id,
        ),
      );
    }
    expect(new Set(ids).size).toBe(total);
  });

  it('accepts the category name too, as the old client sent it', async () => {
    const res = await get(`/api/groups?category=${encodeURIComponent('Esportes')}`);
    expect(res.status).toBe(200);
    expect((await body<GroupPage>(res)).pagination.total).toBe(await publicCount(esportesId));
  });

  it('answers 404 "Categoria não encontrada" for an unknown category', async () => {
    const res = await get('/api/groups?category=nao-existe');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Categoria não encontrada', code: 'NOT_FOUND' });
  });

  it('refuses an unknown sort, and A-Z without a category', async () => {
    for (const query of ['category=esportes&sortBy=random', 'sortBy=title']) {
      const res = await get(`/api/groups?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Ordenação inválida', code: 'BAD_REQUEST' });
    }
  });

  it("lists all public groups without a category, by date or by 'Relevância'", async () => {
    const page = await body<GroupPage>(await get('/api/groups?sortBy=relevance&limit=20'));
    expect(page.pagination.total).toBe(await publicCount());
    const newest = await body<GroupPage>(await get('/api/groups?sortBy=createdAt&limit=20'));
    // Every seeded group scores 0 before the ranking runs: 'Relevância' is then the listing order.
    expect(page.groups.map((g) => g.id)).toEqual(newest.groups.map((g) => g.id));
  });

  it('delegates to search when a search parameter is present', async () => {
    const [group] = (await body<GroupPage>(await get('/api/groups/recent?limit=1'))).groups;
    const word = group!.title.split(' ')[0]!;
    const res = await get(`/api/groups?search=${encodeURIComponent(word)}&limit=50`);
    expect(res.status).toBe(200);
    const page = await body<GroupPage>(res);
    expect(page.groups.length).toBeGreaterThan(0);
    expect(page.pagination.limit).toBe(50);
    const bad = await get('/api/groups?search=x&minCliques=abc');
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/groups/{id}', () => {
  it('answers an approved group with its canonical path', async () => {
    const res = await get(`/api/groups/${fixtures['featured-now']}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: fixtures['featured-now'],
      title: 'Fixture featured-now',
      category: 'Esportes',
      categorySlug: 'esportes',
      titleSlug: 'fixture-featured-now',
      path: '/esportes/fixture-featured-now',
      featured: true,
      approved: true,
    });
  });

  it('answers 404 "Grupo não encontrado" for unapproved, hidden, unknown and malformed ids', async () => {
    const ids = [
      fixtures.pending,
      fixtures.hidden,
      randomUUID(),
      'abc',
      '123',
      "1'%20or%20'1'='1",
      '%E0%A4%A',
      'A'.repeat(300),
    ];
    for (const id of ids) {
      const res = await get(`/api/groups/${id}`);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ message: 'Grupo não encontrado', code: 'NOT_FOUND' });
    }
  });

  it('is GET only (POST /api/groups belongs to the submission function)', async () => {
    expect(groupsFn.config.method).toBe('GET');
    expect((await callFunction(groupsFn, '/api/groups', { method: 'POST' })).status).toBe(405);
  });
});

describe('GET /api/groups/{id}/related', () => {
  it('lists other public groups of the same category, not the group itself', async () => {
    const id = fixtures['featured-now']!;
    const res = await get(`/api/groups/${id}/related`);
    expect(res.status).toBe(200);
    const list = await body<GroupJson[]>(res);
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(8);
    expect(list.every((g) => g.categorySlug === 'esportes' && g.id !== id)).toBe(true);
    const ids = list.map((g) => g.id);
    expect(ids).not.toContain(fixtures.pending);
    expect(ids).not.toContain(fixtures.hidden);
    expect((await body<GroupJson[]>(await get(`/api/groups/${id}/related?limit=3`))).length).toBe(3);
  });

  it('answers 404 for a group that is not public or does not exist', async () => {
    for (const id of [fixtures.pending, randomUUID(), 'nope']) {
      expect((await get(`/api/groups/${id}/related`)).status, id).toBe(404);
    }
  });
});

describe('GET /api/groups/slug/{categorySlug}/{titleSlug}', () => {
  it('answers the group at its canonical slugs', async () => {
    const res = await get('/api/groups/slug/esportes/fixture-featured-now');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: fixtures['featured-now'] });
  });

  it('answers 404 for the wrong category, an unapproved or hidden group and unknown slugs', async () => {
    for (const path of [
      'educacao/fixture-featured-now',
      'esportes/fixture-pending',
      'esportes/fixture-hidden',
      'esportes/nao-existe',
      'nao-existe/fixture-featured-now',
      'esportes/%E0%A4%A',
    ]) {
      const res = await get(`/api/groups/slug/${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Grupo não encontrado' });
    }
  });
});

describe('the build reads the catalogue once', () => {
  it('pre-renders the PRERENDER_GROUPS most visited groups, featured first; the sitemap lists them all', async () => {
    const pages = groupPagesForBuild(db);
    expect(groupPagesForBuild(db)).toBe(pages);
    // Public: 18+ groups are never built (decision 0010).
    const publicGroups = await publicCount();
    expect((await pages).length).toBe(Math.min(publicGroups, prerenderCount()));
    // The groups featured now come first, then the most clicked; a smaller count takes the first ones.
    const ids = await groupsToPrerender(db, publicGroups);
    const featured = await db
      .select({ id: groups.id })
      .from(groups)
      .innerJoin(categories, eq(categories.id, groups.categoryId))
      .where(
        and(
          eq(groups.approved, true),
          isNull(groups.hiddenAt),
          eq(categories.adult, false),
          eq(groups.featured, true),
          sql`${groups.featuredUntil} > now()`,
        ),
      );
    expect(featured.length).toBeGreaterThan(0);
    expect(ids.slice(0, featured.length).sort()).toEqual(featured.map((f) => f.id).sort());
    const few = await groupPagesForBuild(db, 3);
    expect(few.map((p) => p.group.id).sort()).toEqual(ids.slice(0, 3).sort());
  });

  it('chooses exactly what sorting every public group would, whatever the count', async () => {
    // Clicks this month on three of the least clicked groups (not featured) put them right after the
    // featured ones;
    // one clicked 40 days ago counts for nothing.
    const least = await db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.approved, true), isNull(groups.hiddenAt), eq(groups.featured, false)))
      .orderBy(groups.cliques, groups.id)
      .limit(4);
    const today = new Date().toISOString().slice(0, 10);
    const longAgo = new Date(Date.now() - 40 * DAY).toISOString().slice(0, 10);
    await db.insert(engagementEvents).values(
      least.flatMap(({ id }, i) =>
        Array.from({ length: (i + 1) * 200 }, (_, n) => ({
          kind: 'group_click' as const,
          targetId: id,
          visitorHash: `visitante-${n}`,
          day: i === 3 ? longAgo : today,
        })),
      ),
    );
    const everything = rowsOf<{ id: string }>(
      await db.execute(sql`
        with recent as (
          select target_id, count(*)::int as clicks from engagement_events
          where kind = 'group_click' and day >= current_date - 30 group by target_id
        )
        select g.id from groups g left join recent r on r.target_id = g.id
        join categories c on c.id = g.category_id
        where g.approved and g.hidden_at is null and not c.adult
        order by (g.featured and coalesce(g.featured_until > now(), false)) desc,
          coalesce(r.clicks, 0) desc, g.cliques desc, g.id desc`),
    ).map((row) => row.id);
    const [featuredNow] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from groups g join categories c on c.id = g.category_id
        where featured and featured_until > now() and approved and hidden_at is null and not c.adult`),
    );
    // Right after the groups featured now, by clicks this month; the old clicks count for nothing.
    expect(everything.slice(featuredNow!.n, featuredNow!.n + 3)).toEqual([
      least[2]!.id,
      least[1]!.id,
      least[0]!.id,
    ]);
    for (const limit of [1, 2, 5, 30, everything.length, everything.length + 10])
      expect(await groupsToPrerender(db, limit), `limit ${limit}`).toEqual(everything.slice(0, limit));
  });
});

describe('the sitemap, served one file at a time', () => {
  const site = 'https://grupos.example';

  it('lists every public group; each file served alone is the file of the whole layout', async () => {
    // Neither 18+ groups nor an 18+ category's page are public (decision 0010).
    const publicGroups = await publicCount();
    // The fixed pages: home, categories, search, submit, auth, privacy, terms, the transparency report and
    // how the lists are ordered; then the categories and the indexed topic pages (#43: the seed tags its groups).
    const topics = (await topicPagesForSitemap(db)).length;
    expect(topics).toBeGreaterThan(0);
    const fixed = 9 + (await db.$count(categories, eq(categories.adult, false))) + topics;
    // Small limits split the fixtures' catalogue: the first part holds the fixed pages and groups too.
    for (const limit of [fixed + 1, 7, Math.ceil((fixed + publicGroups) / 2)]) {
      const whole = await wholeSitemap(db, site, limit);
      expect(whole.entries.length).toBe(publicGroups + fixed);
      expect(whole.files.length, `limit ${limit}`).toBe(1 + Math.ceil(whole.entries.length / limit));
      for (const file of whole.files)
        expect(await sitemapDocument(db, site, file.name, limit), `${file.name} at ${limit}`).toBe(file.xml);
      expect(await sitemapDocument(db, site, `sitemap-${whole.files.length}.xml`, limit)).toBeNull();
      // The admin's preview: the same count, files and sitemap.xml, and the first entries only.
      expect(await sitemapPreview(db, site, { rows: 20, limit })).toEqual({
        count: whole.entries.length,
        files: whole.files.map((f) => f.name),
        entries: whole.entries.slice(0, 20),
        xml: whole.files[0]!.xml,
      });
    }
    // Unsplit: one urlset, no parts.
    const one = await wholeSitemap(db, site, SITEMAP_FILE_URLS);
    expect(one.files.map((f) => f.name)).toEqual(['sitemap.xml']);
    expect(await sitemapDocument(db, site, 'sitemap.xml')).toBe(one.files[0]!.xml);
    expect(await sitemapDocument(db, site, 'sitemap-1.xml')).toBeNull();
    // Served at /sitemap.xml by its function with the CDN's cache ID; a part that does not exist is a 404.
    const served = await callFunction(sitemapFn, '/sitemap.xml');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(served.headers.get('netlify-cache-id')).toBe('sitemap');
    const xml = await served.text();
    expect(xml.match(/<url>/g)).toHaveLength(publicGroups + fixed);
    // The part's address reaches the function (its 404 is the site's page), as on a deploy.
    const missing = await callFunction(sitemapFn, '/sitemap-1.xml');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // Names that are no file of a split sitemap.
    for (const name of ['sitemap-0.xml', 'sitemap-01.xml', 'sitemap-x.xml', 'sitemap-1.xml.gz', 'robots.txt'])
      expect(await sitemapDocument(db, site, name, 7), name).toBeNull();
  });
});

describe('publicGroupBatches', () => {
  it('yields every public group once, in batches of the size asked', async () => {
    const sizes: number[] = [];
    const ids: string[] = [];
    for await (const batch of publicGroupBatches(db, 10)) {
      sizes.push(batch.length);
      ids.push(...batch.map((g) => g.id));
      for (const g of batch) expect(g.path).toBe(`/${g.categorySlug}/${g.titleSlug}`);
    }
    const total = await publicCount();
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
    expect(sizes.slice(0, -1).every((n) => n === 10)).toBe(true);
    expect(ids).not.toContain(fixtures.pending);
  });

  it('yields every public group with all it shows (for page generation), same order and set', async () => {
    const refs: string[] = [];
    for await (const batch of publicGroupBatches(db, 13)) refs.push(...batch.map((g) => g.id));
    const pages: string[] = [];
    for await (const batch of publicGroupJsonBatches(db, 13)) {
      for (const group of batch) {
        expect(group.path).toBe(`/${group.categorySlug}/${group.titleSlug}`);
        expect(Number.isNaN(Date.parse(group.updatedAt))).toBe(false);
        expect(group.approved).toBe(true);
      }
      pages.push(...batch.map((g) => g.id));
    }
    expect(pages).toEqual(refs);
    const featured = await (async () => {
      for await (const batch of publicGroupJsonBatches(db)) {
        const hit = batch.find((g) => g.id === fixtures['featured-expired']);
        if (hit) return hit;
      }
    })();
    expect(featured).toMatchObject({ featured: false, featuredUntil: null });
  });

  it("knows the newest change of a category's public groups", async () => {
    const before = await latestPublicUpdate(db, esportesId);
    expect(before).toBeInstanceOf(Date);
    const changed = new Date(Math.max(Date.now(), before!.getTime()) + 60_000);
    await db.update(groups).set({ updatedAt: changed }).where(eq(groups.id, fixtures['featured-now']!));
    expect((await latestPublicUpdate(db, esportesId))!.getTime()).toBe(changed.getTime());
    // A pending group's change does not count: its page is not public.
    const later = new Date(changed.getTime() + 60_000);
    await db.update(groups).set({ updatedAt: later }).where(eq(groups.id, fixtures.pending!));
    expect((await latestPublicUpdate(db, esportesId))!.getTime()).toBe(changed.getTime());
  });

  it('does not skip groups created in the same millisecond (microsecond timestamps)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await addGroup(`same-ms-${i}`, { createdAt: new Date('2020-01-01T00:00:00.000Z') }));
    // Same millisecond, different microseconds: a Date-based cursor would lose some of them.
    await db.execute(
      sql`update groups set created_at = created_at + (1 + random() * 900)::int * interval '1 microsecond' where title like 'Fixture same-ms-%'`,
    );
    const seen: string[] = [];
    for await (const batch of publicGroupBatches(db, 2)) seen.push(...batch.map((g) => g.id));
    for (const id of ids) expect(seen).toContain(id);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('GET /api/groups?link=… (the panel finds a group by its invite link; search owns the rule)', () => {
  it('answers the public group with that link, normalised, or none', async () => {
    const [group] = await db.select().from(groups).where(eq(groups.id, fixtures['featured-now']!));
    const messy = `${group!.link.replace('https://', 'http://www.')}/?utm=x`;
    const found = await body<GroupPage>(
      await get(`/api/groups?link=${encodeURIComponent(messy)}&approved=true`),
    );
    expect(found.groups.map((g) => g.id)).toEqual([group!.id]);
    const [pending] = await db.select().from(groups).where(eq(groups.id, fixtures.pending!));
    for (const link of [pending!.link]) {
      const res = await get(`/api/groups?link=${encodeURIComponent(link)}`);
      expect(res.status, link).toBe(200);
      expect((await body<GroupPage>(res)).groups, link).toEqual([]);
    }
  });
});

// The plans that keep lists fast at 100k+ groups: each list walks its partial index in order (no
// sort of the table). Checked on every driver CI runs (PGlite, Postgres, Neon), with sequential scans,
// bitmap scans and sorts discouraged on one connection, so a tiny table still shows which index would be
// used; a mismatched ORDER BY (e.g. DESC NULLS FIRST) still shows up as a Sort node.
describe('list query plans', () => {
  type Rows = { rows: Record<string, unknown>[] };
  type Queryable = { query: (query: unknown, params?: unknown[], options?: unknown) => Promise<Rows> };
  // PGlite is one connection; the pg and Neon pools lend one for the knobs and the explains.
  const client = (
    db as unknown as { $client: Queryable & { connect?: () => Promise<Queryable & { release(): void }> } }
  ).$client;

  async function plansOf(run: () => Promise<unknown>) {
    const captured: { text: string; params: unknown[] }[] = [];
    const original = client.query;
    client.query = function capture(this: unknown, query, params, options) {
      const text = typeof query === 'string' ? query : (query as { text: string }).text;
      if (!text.startsWith('explain')) captured.push({ text, params: params ?? [] });
      return original.call(this, query, params, options);
    };
    try {
      await run();
    } finally {
      client.query = original;
    }
    const connection = client.connect ? await client.connect() : client;
    const query = (text: string, params?: unknown[]) => connection.query(text, params);
    // Discourage (not forbid) the alternatives, so a sort shows only when no index gives the order.
    for (const knob of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
      await query(`set ${knob} = off`);
    try {
      const plans: string[] = [];
      for (const { text, params } of captured.filter(
        (c) => /from "groups"/.test(c.text) && /order by/i.test(c.text),
      )) {
        const result = await query(`explain (costs off) ${text}`, params);
        plans.push(result.rows.map((r) => Object.values(r)[0]).join('\n'));
      }
      return plans;
    } finally {
      for (const knob of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await query(`reset ${knob}`);
      if ('release' in connection) connection.release();
    }
  }

  const cases: [string, string, () => Promise<unknown>][] = [
    ['recent', 'groups_public_recent_idx', () => get('/api/groups/recent?page=2')],
    ['all by score', 'groups_public_score_idx', () => get('/api/groups?sortBy=relevance')],
    ['all em alta', 'groups_public_trend_idx', () => get('/api/groups?sortBy=trending')],
    ['category newest', 'groups_category_recent_idx', () => get('/api/groups?category=esportes')],
    [
      'category by score',
      'groups_category_score_idx',
      () => get('/api/groups?category=esportes&sortBy=relevance'),
    ],
    [
      'category em alta',
      'groups_public_trend_idx',
      () => get('/api/groups?category=esportes&sortBy=trending'),
    ],
    ['em alta', 'groups_public_trend_idx', () => get('/api/groups/trending')],
    ['category A-Z', 'groups_category_title_idx', () => get('/api/groups?category=esportes&sortBy=title')],
    ['related', 'groups_category_score_idx', () => get(`/api/groups/${fixtures['featured-now']}/related`)],
    [
      // creation order: a group bumped during a build must not move past the batches' cursor
      'batches',
      'groups_public_created_idx',
      async () => {
        for await (const _ of publicGroupBatches(db, 30)) void _;
        for await (const _ of publicGroupJsonBatches(db, 30)) void _;
      },
    ],
  ];
  for (const [name, index, run] of cases) {
    it(`${name} walks ${index} without sorting`, async () => {
      const plans = await plansOf(run);
      expect(plans.length).toBeGreaterThan(0);
      for (const plan of plans) {
        expect(plan, plan).toContain(`Index Scan using ${index}`);
        expect(plan, plan).not.toMatch(/\bSort\b/);
      }
    });
  }

  it('featured reads only the featured partial index', async () => {
    const [plan] = await plansOf(() => get('/api/groups/featured'));
    expect(plan).toContain('groups_featured_idx');
  });
});
