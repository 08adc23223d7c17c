// A category cannot take a slug that a page, public file or function answers at (/<slug>).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as categoriesFn from '../../functions/admin-categories.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { makeAccounts, signedIn } from './admin-support.ts';

const { db } = await setupTestDb();
let token: string;

beforeAll(async () => {
  await seedDatabase(db, { groups: 5, now: new Date() });
  token = (await makeAccounts(db)).adminToken;
});

const call = (path: string, init: RequestInit & { json?: unknown }) =>
  callFunction(categoriesFn, path, signedIn(token, init));
const message = 'Este slug é reservado para uma página do site; escolha outro';

describe('reserved category slugs', () => {
  it('refuses creating a category at a route, with a pt-BR message and nothing written', async () => {
    for (const slug of ['grupo', 'admin', 'api', 'buscar', 'planos-destaque', 'sitemap-1']) {
      const res = await call('/api/admin/categories', {
        method: 'POST',
        json: { name: `Categoria ${slug}`, slug, icon: 'tag' },
      });
      expect(res.status, slug).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields, slug).toEqual({
        slug: message,
      });
      expect(await db.select().from(categories).where(eq(categories.slug, slug))).toHaveLength(0);
    }
  });

  it('refuses renaming a category to a route and keeps its slug', async () => {
    const [category] = await db.select().from(categories).limit(1);
    const res = await call(`/api/admin/categories/${category!.id}`, {
      method: 'PATCH',
      json: { slug: 'painel' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ slug: message });
    const [after] = await db.select().from(categories).where(eq(categories.id, category!.id));
    expect(after!.slug).toBe(category!.slug);
  });
});
