import { eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, groups } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as categoriesFn from '../../functions/categories.ts';
import * as groupsFn from '../../functions/groups.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';

const { db } = await setupTestDb();

beforeAll(async () => {
  await seedDatabase(db, { groups: 60, now: new Date('2026-06-01T12:00:00Z') });
});

describe('GET /api/categories', () => {
  it('lists the ten categories in order with counts of public groups only', async () => {
    const res = await callFunction(categoriesFn, '/api/categories');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as {
      id: number;
      name: string;
      slug: string;
      icon: string;
      count: number;
    }[];
    expect(body.map((c) => c.name)).toEqual([
      'Educação',
      'Esportes',
      'Entretenimento',
      'Tecnologia',
      'Games',
      '18+',
      'Religião',
      'Carro e Moto',
      'Negócios Digitais',
      'Vídeos em Geral',
    ]);
    const all = await db.select().from(groups);
    for (const category of body) {
      // An 18+ category's groups are public to nobody (decision 0010): it counts 0.
      const expected =
        category.slug === '18'
          ? 0
          : all.filter((g) => g.categoryId === category.id && g.approved && !g.hiddenAt).length;
      expect(category.count, category.name).toBe(expected);
    }
    expect(body.reduce((n, c) => n + c.count, 0)).toBeLessThan(all.length); // some are pending
  });

  it('stops counting a group once it is hidden or unapproved', async () => {
    const [group] = await db.select().from(groups).where(eq(groups.approved, true)).limit(1);
    const [category] = (
      (await (await callFunction(categoriesFn, '/api/categories')).json()) as { id: number; slug: string }[]
    ).filter((c) => c.id === group!.categoryId);
    const count = async () =>
      (
        (await (await callFunction(categoriesFn, `/api/categories/${category!.slug}`)).json()) as {
          count: number;
        }
      ).count;
    const initial = await count();
    await db.update(groups).set({ hiddenAt: new Date() }).where(eq(groups.id, group!.id));
    expect(await count()).toBe(initial - 1);
    await db.update(groups).set({ hiddenAt: null, approved: false }).where(eq(groups.id, group!.id));
    expect(await count()).toBe(initial - 1);
  });
});

describe('GET /api/categories/{slug}', () => {
  it('answers the category with its count', async () => {
    const res = await callFunction(categoriesFn, '/api/categories/esportes');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Esportes', slug: 'esportes', icon: 'trophy' });
  });

  it('answers 404 with the pt-BR message for an unknown or hostile slug', async () => {
    for (const slug of ['nao-existe', "x'%20or%201=1--", '%F0%9F%94%A5', 'A'.repeat(300)]) {
      const res = await callFunction(categoriesFn, `/api/categories/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(await res.json()).toEqual({ message: 'Categoria não encontrada', code: 'NOT_FOUND' });
    }
  });

  it('answers 405 with Allow for other methods', async () => {
    const res = await callFunction(categoriesFn, '/api/categories', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(await res.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });
});

describe('public group counts (kept by triggers)', () => {
  /** Every category's kept count against a count of the rows, and the lists' totals against both. */
  async function expectCountsTrue() {
    const all = await db.select().from(groups);
    const body = (await (await callFunction(categoriesFn, '/api/categories')).json()) as {
      id: number;
      slug: string;
      count: number;
      adult: boolean;
    }[];
    for (const category of body) {
      // An 18+ category's groups are public to nobody (decision 0010): it counts 0, adult=1 or not.
      const expected = category.adult
        ? 0
        : all.filter((g) => g.categoryId === category.id && g.approved && !g.hiddenAt).length;
      expect(category.count, category.slug).toBe(expected);
      const page = (await (
        await callFunction(groupsFn, `/api/groups?category=${category.slug}&page=1&adult=1`)
      ).json()) as { pagination: { total: number } };
      expect(page.pagination.total, category.slug).toBe(expected);
    }
    const recent = (await (await callFunction(groupsFn, '/api/groups/recent?page=1')).json()) as {
      pagination: { total: number };
    };
    // The home's list leaves adult (18+) categories out.
    const adult = new Set(body.filter((c) => c.adult).map((c) => c.id));
    expect(recent.pagination.total).toBe(
      all.filter((g) => g.approved && !g.hiddenAt && !adult.has(g.categoryId)).length,
    );
  }

  it('follow moves between categories, deletion and bulk inserts', async () => {
    await expectCountsTrue();
    const [group] = await db.select().from(groups).where(eq(groups.approved, true)).limit(1);
    const [other] = await db.select().from(categories).where(ne(categories.id, group!.categoryId)).limit(1);
    await db.update(groups).set({ categoryId: other!.id }).where(eq(groups.id, group!.id));
    await expectCountsTrue();
    await db.update(groups).set({ cliques: 999 }).where(eq(groups.id, group!.id)); // counters change nothing
    await db.delete(groups).where(eq(groups.id, group!.id));
    await expectCountsTrue();
    const rows = await db.select().from(groups).limit(3);
    await db.insert(groups).values(
      rows.map((row, i) => ({
        ...row,
        id: undefined,
        titleSlug: `${row.titleSlug}-copia-${i}`,
        inviteCode: `${row.inviteCode}C${i}`,
        link: `${row.link}C${i}`,
        searchVector: undefined,
      })),
    );
    await expectCountsTrue();
  });
});
