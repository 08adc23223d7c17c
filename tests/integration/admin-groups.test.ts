// Group moderation through /api/admin/groups: list and filters, edit, approve, feature, delete and
// every bulk action, with the database rows and the rebuild requests they leave.
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, featureOrders, featurePlans, groups, rebuildRequests, users } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as dashboardFn from '../../functions/admin-dashboard.ts';
import * as groupsFn from '../../functions/admin-groups.ts';
import { daysRemaining } from '../../src/features/payments/payments.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { makeAccounts, signedIn } from './admin-support.ts';

const { db } = await setupTestDb();
let token: string;

beforeAll(async () => {
  await seedDatabase(db, { groups: 60, now: new Date() });
  token = (await makeAccounts(db)).adminToken;
});

const call = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  callFunction(groupsFn, path, signedIn(token, init));
const rebuilds = async () => (await db.select({ n: count() }).from(rebuildRequests))[0]!.n;

interface ListBody {
  groups: {
    id: string;
    title: string;
    approved: boolean;
    featured: boolean;
    featuredUntil: string | null;
    category: string;
  }[];
  pagination: { total: number; pages: number };
}

async function insertGroup(values: Partial<typeof groups.$inferInsert> & { title: string }) {
  const code = `Test${Math.random().toString(36).slice(2, 14)}`;
  const [category] = await db.select().from(categories).limit(1);
  const [row] = await db
    .insert(groups)
    .values({
      description: 'Descrição de teste',
      link: `https://chat.whatsapp.com/${code}`,
      inviteCode: code,
      categoryId: category!.id,
      titleSlug: `slug-${code.toLowerCase()}`,
      ...values,
    })
    .returning();
  return row!;
}

describe('GET /api/admin/groups', () => {
  it('pages by 15 with totals and filters by status', async () => {
    const res = await call('/api/admin/groups?page=1&limit=15');
    expect(res.status).toBe(200);
    const body = (await res.json()) as ListBody;
    expect(body.groups).toHaveLength(15);
    expect(body.pagination).toMatchObject({ total: 60, pages: 4 });

    const pending = (await (await call('/api/admin/groups?status=pending&limit=100')).json()) as ListBody;
    const [dbPending] = await db.select({ n: count() }).from(groups).where(eq(groups.approved, false));
    expect(pending.pagination.total).toBe(dbPending!.n);
    expect(pending.groups.every((g) => !g.approved)).toBe(true);

    const featured = (await (await call('/api/admin/groups?featured=true&limit=100')).json()) as ListBody;
    expect(featured.groups.length).toBeGreaterThan(0);
    expect(featured.groups.every((g) => g.approved && g.featured)).toBe(true);

    const approved = (await (await call('/api/admin/groups?approved=true&limit=100')).json()) as ListBody;
    expect(approved.pagination.total).toBe(60 - dbPending!.n);
  });

  it('searches titles without treating % or _ as wildcards', async () => {
    await insertGroup({ title: 'Clube 100% Xadrez' });
    const found = (await (
      await call(`/api/admin/groups?search=${encodeURIComponent('100% xadrez')}`)
    ).json()) as ListBody;
    expect(found.groups.map((g) => g.title)).toEqual(['Clube 100% Xadrez']);
    const none = (await (await call('/api/admin/groups?search=%25%25')).json()) as ListBody;
    expect(none.groups.every((g) => g.title.includes('%'))).toBe(true);
  });
});

describe('one group', () => {
  it('approves a pending group and asks for a rebuild', async () => {
    const group = await insertGroup({ title: 'Pendente para aprovar', approved: false });
    const before = await rebuilds();
    const res = await call(`/api/admin/groups/${group.id}/approve`, { method: 'PATCH' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: group.id, approved: true });
    const [row] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(row!.approved).toBe(true);
    expect(await rebuilds()).toBe(before + 1);
  });

  it('features for 30 days by default and for 7 days when asked', async () => {
    const group = await insertGroup({ title: 'Para destacar', approved: true });
    const quick = await call(`/api/admin/groups/${group.id}/feature`, {
      method: 'PATCH',
      json: { days: 30 },
    });
    expect(quick.status).toBe(200);
    let [row] = await db.select().from(groups).where(eq(groups.id, group.id));
    const days = (row!.featuredUntil!.getTime() - Date.now()) / 86_400_000;
    expect(row!.featured).toBe(true);
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // The edit dialog sends days, added to the time still featured: 30 + 7.
    const week = await call(`/api/admin/groups/${group.id}`, {
      method: 'PATCH',
      json: { featured: true, featureDays: 7 },
    });
    expect(week.status).toBe(200);
    [row] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(Math.round((row!.featuredUntil!.getTime() - Date.now()) / 86_400_000)).toBe(37);

    // An end date computed on someone's clock is no longer accepted.
    const dated = await call(`/api/admin/groups/${group.id}`, {
      method: 'PATCH',
      json: { featured: true, featuredUntil: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(dated.status).toBe(400);
    [row] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(Math.round((row!.featuredUntil!.getTime() - Date.now()) / 86_400_000)).toBe(37);

    // Featured without days: a new featuring lasts 7 days, a running one is left as it is.
    const fresh = await insertGroup({ title: 'Destaque pelo diálogo', approved: true });
    await call(`/api/admin/groups/${fresh.id}`, { method: 'PATCH', json: { featured: true } });
    [row] = await db.select().from(groups).where(eq(groups.id, fresh.id));
    expect(Math.round((row!.featuredUntil!.getTime() - Date.now()) / 86_400_000)).toBe(7);
    const end = row!.featuredUntil!.getTime();
    await call(`/api/admin/groups/${fresh.id}`, {
      method: 'PATCH',
      json: { featured: true, title: 'Outro' },
    });
    [row] = await db.select().from(groups).where(eq(groups.id, fresh.id));
    expect(row!.featuredUntil!.getTime()).toBe(end);

    const bad = await call(`/api/admin/groups/${group.id}/feature`, { method: 'PATCH', json: { days: 3 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'Duração inválida: escolha 1, 7 ou 30 dias',
    );
  });

  it("refuses to feature a pending group; 'Desfazer' takes back exactly the days added, only while nothing moved the end", async () => {
    const pending = await insertGroup({ title: 'Ainda pendente', approved: false });
    const refused = await call(`/api/admin/groups/${pending.id}/feature`, {
      method: 'PATCH',
      json: { days: 30 },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: 'Aprove o grupo antes de destacá-lo.' });
    expect((await db.select().from(groups).where(eq(groups.id, pending.id)))[0]).toMatchObject({
      approved: false,
      featured: false,
    });

    const paidEnd = new Date(Date.now() + 5 * 86_400_000);
    const group = await insertGroup({
      title: 'Destaque desfeito',
      approved: true,
      featured: true,
      featuredUntil: paidEnd,
    });
    const featured = (await (
      await call(`/api/admin/groups/${group.id}/feature`, { method: 'PATCH', json: { days: 30 } })
    ).json()) as { featuredUntil: string };
    const undo = (until: string) =>
      call(`/api/admin/groups/${group.id}/feature-undo`, { method: 'PATCH', json: { days: 30, until } });
    // An end that is not the one the featuring answered (another change came first) is refused.
    const stale = await undo(paidEnd.toISOString());
    expect(stale.status).toBe(409);
    const res = await undo(featured.featuredUntil);
    expect(res.status).toBe(200);
    const [row] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(row).toMatchObject({ featured: true, featuredUntil: paidEnd });

    // Never featured before: undone, it is not featured at all.
    const fresh = await insertGroup({ title: 'Sem destaque antes', approved: true });
    const once = (await (
      await call(`/api/admin/groups/${fresh.id}/feature`, { method: 'PATCH', json: { days: 30 } })
    ).json()) as { featuredUntil: string };
    expect(
      (
        await call(`/api/admin/groups/${fresh.id}/feature-undo`, {
          method: 'PATCH',
          json: { days: 30, until: once.featuredUntil },
        })
      ).status,
    ).toBe(200);
    expect((await db.select().from(groups).where(eq(groups.id, fresh.id)))[0]).toMatchObject({
      featured: false,
      featuredUntil: null,
    });
  });

  it("adds an admin's featuring to an owner's paid time and leaves the paid order as it is", async () => {
    const [owner] = await db
      .insert(users)
      .values({ email: 'dono-pago@teste.local', password: 'x', name: 'Dono' })
      .returning();
    const paidEnd = new Date(Date.now() + 10 * 86_400_000);
    const group = await insertGroup({
      title: 'Destaque pago',
      approved: true,
      userId: owner!.id,
      featured: true,
      featuredUntil: paidEnd,
    });
    const [plan] = await db.select().from(featurePlans).limit(1);
    const [order] = await db
      .insert(featureOrders)
      .values({
        userId: owner!.id,
        groupId: group.id,
        planId: plan!.id,
        price: plan!.price,
        days: 10,
        status: 'active',
        startDate: new Date(),
        endDate: paidEnd,
      })
      .returning();

    const res = await call(`/api/admin/groups/${group.id}/feature`, { method: 'PATCH', json: { days: 7 } });
    expect(res.status).toBe(200);
    const [row] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(row!.featuredUntil!.getTime()).toBe(paidEnd.getTime() + 7 * 86_400_000);
    expect(daysRemaining(row!.featuredUntil)).toBe(17);
    const [after] = await db.select().from(featureOrders).where(eq(featureOrders.id, order!.id));
    expect(after).toEqual(order);

    // The same through the edit dialog: 17 + 1.
    await call(`/api/admin/groups/${group.id}`, {
      method: 'PATCH',
      json: { featured: true, featureDays: 1 },
    });
    const [again] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(daysRemaining(again!.featuredUntil)).toBe(18);
  });

  it('edits title, description, link and category; unfeaturing clears the date', async () => {
    const group = await insertGroup({
      title: 'Antes',
      approved: false,
      featured: true,
      featuredUntil: new Date(Date.now() + 86_400_000),
    });
    const res = await call(`/api/admin/groups/${group.id}`, {
      method: 'PATCH',
      json: {
        title: 'Depois da Edição',
        description: 'Nova descrição',
        link: 'http://www.chat.whatsapp.com/NovoCodigo123?x=1',
        category: 'Games',
        approved: true,
        featured: false,
        featuredUntil: null,
      },
    });
    expect(res.status).toBe(200);
    const [row] = await db.select().from(groups).where(eq(groups.id, group.id));
    const [games] = await db.select().from(categories).where(eq(categories.name, 'Games'));
    expect(row).toMatchObject({
      title: 'Depois da Edição',
      description: 'Nova descrição',
      link: 'https://chat.whatsapp.com/NovoCodigo123',
      inviteCode: 'NovoCodigo123',
      categoryId: games!.id,
      titleSlug: 'depois-da-edicao',
      approved: true,
      featured: false,
      featuredUntil: null,
    });
  });

  it('refuses a bad link, a taken link and an unknown category with pt-BR messages, changing nothing', async () => {
    const a = await insertGroup({ title: 'Grupo A' });
    const b = await insertGroup({ title: 'Grupo B' });
    const bad = await call(`/api/admin/groups/${a.id}`, {
      method: 'PATCH',
      json: { link: 'https://example.com/x' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'O link deve começar com https://chat.whatsapp.com/ (grupo) ou https://whatsapp.com/channel/ (canal)',
    );
    const taken = await call(`/api/admin/groups/${a.id}`, {
      method: 'PATCH',
      json: { title: 'Mudou', link: b.link },
    });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { message: string }).message).toBe('Já existe um grupo com este link');
    const unknown = await call(`/api/admin/groups/${a.id}`, { method: 'PATCH', json: { category: 'Nada' } });
    expect(unknown.status).toBe(400);
    const [row] = await db.select().from(groups).where(eq(groups.id, a.id));
    expect(row!.title).toBe('Grupo A');
  });

  it('deletes a group; unknown or malformed ids are 404', async () => {
    const group = await insertGroup({ title: 'Para excluir' });
    expect((await call(`/api/admin/groups/${group.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await db.select().from(groups).where(eq(groups.id, group.id))).toHaveLength(0);
    expect((await call(`/api/admin/groups/${group.id}`, { method: 'DELETE' })).status).toBe(404);
    const malformed = await call("/api/admin/groups/1'%20or%201=1/approve", { method: 'PATCH' });
    expect(malformed.status).toBe(404);
    expect(await malformed.json()).toMatchObject({ message: 'Grupo não encontrado' });
  });
});

describe('bulk actions', () => {
  it('approve-all-pending approves every pending group', async () => {
    await insertGroup({ title: 'Pendente 1', approved: false });
    const res = await call('/api/admin/groups/approve-all-pending', { method: 'POST' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; message: string };
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/aprovado/);
    const [left] = await db.select({ n: count() }).from(groups).where(eq(groups.approved, false));
    expect(left!.n).toBe(0);
    const again = (await (
      await call('/api/admin/groups/approve-all-pending', { method: 'POST' })
    ).json()) as { message: string };
    expect(again.message).toBe('Nenhum grupo pendente para aprovar');
  });

  it('reset-featured removes every highlight', async () => {
    await insertGroup({
      title: 'Destacado',
      approved: true,
      featured: true,
      featuredUntil: new Date(Date.now() + 86_400_000),
    });
    const res = await call('/api/admin/groups/reset-featured', { method: 'POST' });
    expect(res.status).toBe(200);
    const [left] = await db
      .select({ n: count() })
      .from(groups)
      .where(sql`${groups.featured} or ${groups.featuredUntil} is not null`);
    expect(left!.n).toBe(0);
    const metrics = (await (
      await callFunction(dashboardFn, '/api/admin/dashboard-metrics', signedIn(token))
    ).json()) as {
      groups: { featured: number };
    };
    expect(metrics.groups.featured).toBe(0);
  });

  it('delete-empty-titles deletes only titles blank to a reader, invisible characters included', async () => {
    const blank = await insertGroup({ title: '   ' });
    const empty = await insertGroup({ title: '' });
    const invisible = await insertGroup({ title: '\u200B\u200B\u200B' });
    const fillers = await insertGroup({ title: ' \u202E\u2800\u3164\uFEFF ' });
    const kept = await insertGroup({ title: 'Tem título' });
    const keptEmoji = await insertGroup({ title: '⚽\uFE0F' });
    const res = await call('/api/admin/groups/delete-empty-titles', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: '4 grupos sem título excluídos' });
    const ids = (await db.select({ id: groups.id }).from(groups)).map((g) => g.id);
    for (const gone of [blank, empty, invisible, fillers]) expect(ids).not.toContain(gone.id);
    expect(ids).toContain(kept.id);
    expect(ids).toContain(keptEmoji.id);
  });

  it("delete-by-title deletes exact matches (case-insensitive) and answers 'Título não encontrado' otherwise", async () => {
    await insertGroup({ title: 'Spam Repetido' });
    await insertGroup({ title: 'spam repetido ' });
    await insertGroup({ title: 'Spam Repetido e mais' });
    const res = await call(`/api/admin/groups/delete-by-title/${encodeURIComponent('Spam Repetido')}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: '2 grupos excluídos' });
    const left = await db
      .select({ title: groups.title })
      .from(groups)
      .where(sql`${groups.title} ilike 'spam repetido%'`);
    expect(left.map((g) => g.title)).toEqual(['Spam Repetido e mais']);
    const missing = await call(
      `/api/admin/groups/delete-by-title/${encodeURIComponent('Não existe / mesmo')}`,
      { method: 'DELETE' },
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: 'Título não encontrado' });
  });
});
