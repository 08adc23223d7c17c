// The owner's free bump (POST /api/user/groups/{id}/bump) and group stats (GET …/stats): who may,
// the 24-hour cooldown, where a bumped group shows, and the daily clicks and shares.
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, engagementEvents, groups, rebuildRequests, users } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as adminGroupsFn from '../../functions/admin-groups.ts';
import * as authFn from '../../functions/auth.ts';
import * as engageFn from '../../functions/group-engagement.ts';
import * as groupsFn from '../../functions/groups.ts';
import * as userFn from '../../functions/user.ts';
import { saoPauloDay } from '../../src/features/analytics/visitor.server.ts';
import { bumpGroup } from '../../src/features/panel/engage.server.ts';
import { addDays } from '../../src/features/panel/engage.ts';
import { formatDateTime } from '../../src/lib/format.ts';
import { expectConsoleError } from '../support/console-errors.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction, sessionCookieOf } from '../support/functions.ts';

// Registering sends the confirmation e-mail after the answer; this file starts no mail catcher.
expectConsoleError(/SMTP_URL não configurado/);

const { db } = await setupTestDb();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function register(email: string, ip: string) {
  const res = await callFunction(authFn, '/api/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Dona do Grupo',
      email,
      password: 'segredo1',
      confirmPassword: 'segredo1',
      adult: true,
    }),
    ip,
  });
  const token = sessionCookieOf(res);
  const { user } = (await res.json()) as { user: { id: string } };
  return { id: user.id, auth: { cookie: `session=${token}` } };
}

let owner: Awaited<ReturnType<typeof register>>;
let stranger: Awaited<ReturnType<typeof register>>;
let admin: Awaited<ReturnType<typeof register>>;
let category: { id: number; slug: string };
const ids: Record<string, string> = {};

async function addGroup(name: string, values: Partial<typeof groups.$inferInsert>) {
  const id = randomUUID();
  const code = id.replace(/-/g, '').slice(0, 22);
  await db.insert(groups).values({
    id,
    title: `Renovação ${name}`,
    description: 'Grupo para testar a renovação gratuita',
    link: `https://chat.whatsapp.com/${code}`,
    inviteCode: code,
    categoryId: category.id,
    titleSlug: `renovacao-${name}`,
    approved: true,
    ...values,
  });
  ids[name] = id;
  return id;
}

const bump = (id: string, headers: Record<string, string> = owner.auth) =>
  callFunction(engageFn, `/api/user/groups/${id}/bump`, { method: 'POST', headers });
const stats = (id: string, query = '', headers: Record<string, string> = owner.auth) =>
  callFunction(engageFn, `/api/user/groups/${id}/stats${query}`, { headers });
async function getJson<T>(path: string): Promise<T> {
  const res = await callFunction(groupsFn, path);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
type Page = { groups: { id: string; createdAt: string }[]; pagination: { nextCursor?: string | null } };

beforeAll(async () => {
  await seedDatabase(db, { groups: 30, now: new Date(Date.now() - 2 * DAY) });
  const [row] = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .orderBy(desc(categories.publicGroups))
    .limit(1);
  category = row!;
  owner = await register('dona@example.com', '198.51.100.31');
  stranger = await register('outra@example.com', '198.51.100.32');
  admin = await register('admin-stats@example.com', '198.51.100.33');
  await db.update(users).set({ admin: true }).where(eq(users.id, admin.id));
  const now = Date.now();
  await addGroup('antigo', { userId: owner.id, createdAt: new Date(now - 20 * DAY) });
  await addGroup('pendente', { userId: owner.id, approved: false, createdAt: new Date(now - 20 * DAY) });
  await addGroup('oculto', {
    userId: owner.id,
    hiddenAt: new Date(),
    hiddenReason: 'reports',
    createdAt: new Date(now - 20 * DAY),
  });
  await addGroup('novo', { userId: owner.id, createdAt: new Date(now - HOUR) });
  await addGroup('destaque', {
    userId: stranger.id,
    createdAt: new Date(now - 30 * DAY),
    featured: true,
    featuredUntil: new Date(now + 5 * DAY),
  });
});

describe('POST /api/user/groups/{id}/bump', () => {
  it('a group is listed at its creation until bumped (inserted with its own date)', async () => {
    const [row] = await db
      .select({ createdAt: groups.createdAt, bumpedAt: groups.bumpedAt })
      .from(groups)
      .where(eq(groups.id, ids.antigo!));
    expect(row!.bumpedAt.toISOString()).toBe(row!.createdAt.toISOString());
  });

  it('refuses anyone but the owner: 401 without a session, 404 for another user or an unknown id', async () => {
    expect((await bump(ids.antigo!, {})).status).toBe(401);
    expect((await bump(ids.antigo!, stranger.auth)).status).toBe(404);
    expect((await bump(randomUUID())).status).toBe(404);
    expect((await bump('nao-e-um-id')).status).toBe(404);
    // Even an admin does not bump someone else's group for them.
    expect((await bump(ids.antigo!, admin.auth)).status).toBe(404);
  });

  it('refuses pending and hidden groups with a pt-BR 400', async () => {
    for (const name of ['pendente', 'oculto']) {
      const res = await bump(ids[name]!);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Só grupos aprovados e visíveis no site podem ser renovados.',
      );
    }
  });

  it('puts the group on top of the recent, category and search lists; featuring stays apart', async () => {
    const before = await getJson<Page>('/api/groups/recent?limit=5');
    expect(before.groups.map((g) => g.id)).not.toContain(ids.antigo);
    const rebuildsBefore = (await db.select().from(rebuildRequests)).length;

    const res = await bump(ids.antigo!);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { bumpedAt: string; nextBumpAt: string };
    expect(new Date(body.nextBumpAt).getTime() - new Date(body.bumpedAt).getTime()).toBe(DAY);

    const recent = await getJson<Page>('/api/groups/recent?limit=5');
    expect(recent.groups[0]!.id).toBe(ids.antigo);
    // The page still says when the group was added.
    const [created] = await db
      .select({ at: groups.createdAt })
      .from(groups)
      .where(eq(groups.id, ids.antigo!));
    expect(recent.groups[0]!.createdAt).toBe(created!.at.toISOString());
    const list = await getJson<Page>('/api/groups?sortBy=createdAt&limit=3');
    expect(list.groups[0]!.id).toBe(ids.antigo);
    const inCategory = await getJson<Page>(`/api/groups?category=${category.slug}&sortBy=createdAt&limit=3`);
    expect(inCategory.groups[0]!.id).toBe(ids.antigo);
    const searched = await getJson<Page>('/api/groups?search=renovacao&sortBy=createdAt&limit=2');
    expect(searched.groups.map((g) => g.id)).toEqual([ids.antigo, ids.novo]);
    // Filters only, newest first, and its cursor carries on after the bumped group without repeats.
    const first = await getJson<Page>('/api/groups?search=&minCliques=0&sortBy=createdAt&limit=3');
    expect(first.groups[0]!.id).toBe(ids.antigo);
    const second = await getJson<Page>(
      `/api/groups?search=&minCliques=0&sortBy=createdAt&limit=3&page=2&after=${first.pagination.nextCursor}`,
    );
    const third = await getJson<Page>('/api/groups?search=&minCliques=0&sortBy=createdAt&limit=6');
    expect([...first.groups, ...second.groups].map((g) => g.id)).toEqual(third.groups.map((g) => g.id));

    // Paid featuring is its own list, shown above the recent one, and a bump does not enter it.
    const featured = await getJson<{ id: string }[]>('/api/groups/featured');
    expect(featured.map((g) => g.id)).toContain(ids.destaque);
    expect(featured.map((g) => g.id)).not.toContain(ids.antigo);

    const rebuilds = await db.select().from(rebuildRequests);
    expect(rebuilds.length).toBe(rebuildsBefore + 1);
    expect(rebuilds.at(-1)!.reason).toBe('group bumped');

    const panel = (await (
      await callFunction(userFn, '/api/user/groups', { headers: owner.auth })
    ).json()) as {
      id: string;
      nextBumpAt: string;
    }[];
    expect(panel.find((g) => g.id === ids.antigo)!.nextBumpAt).toBe(body.nextBumpAt);
  });

  it('answers 429 within 24 hours, saying when in São Paulo time, with Retry-After', async () => {
    const res = await bump(ids.antigo!);
    expect(res.status).toBe(429);
    const [row] = await db.select({ at: groups.bumpedAt }).from(groups).where(eq(groups.id, ids.antigo!));
    const next = new Date(row!.at.getTime() + DAY);
    const { message } = (await res.json()) as { message: string };
    expect(message).toBe(`Você poderá renovar este grupo novamente em ${formatDateTime(next)}.`);
    expect(message).toMatch(/em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(DAY / 1000 - 120);
    expect(retryAfter).toBeLessThanOrEqual(DAY / 1000);
    // A group created an hour ago is already on top: its first bump opens 24 hours after creation.
    expect((await bump(ids.novo!)).status).toBe(429);
  });

  it('opens again 24 hours after the last bump', async () => {
    const [row] = await db.select({ at: groups.bumpedAt }).from(groups).where(eq(groups.id, ids.antigo!));
    await expect(
      bumpGroup(db, owner.id, ids.antigo!, new Date(row!.at.getTime() + DAY - 1000)),
    ).rejects.toMatchObject({
      code: 'TOO_MANY',
    });
    const later = new Date(row!.at.getTime() + DAY);
    await expect(bumpGroup(db, owner.id, ids.antigo!, later)).resolves.toEqual({
      bumpedAt: later.toISOString(),
      nextBumpAt: new Date(later.getTime() + DAY).toISOString(),
    });
  });
});

describe('the listing time is the approval (or the last bump)', () => {
  type PanelGroup = { id: string; nextBumpAt: string; renewed: boolean; listedAt: string };
  const panelGroup = async (id: string) => {
    const res = await callFunction(userFn, '/api/user/groups', { headers: owner.auth });
    return ((await res.json()) as PanelGroup[]).find((g) => g.id === id)!;
  };
  const listedAt = async (id: string) =>
    (await db.select({ at: groups.bumpedAt }).from(groups).where(eq(groups.id, id)))[0]!.at;
  const approve = (path: string, method = 'PATCH') =>
    callFunction(adminGroupsFn, path, { method, headers: admin.auth });

  it('approval lists the group on top of the recent list and starts its first bump from there', async () => {
    const id = await addGroup('moderado', {
      userId: owner.id,
      approved: false,
      createdAt: new Date(Date.now() - 20 * HOUR),
    });
    // Sent 20 hours ago: listed (and bumpable) from then until now.
    expect((await listedAt(id)).getTime()).toBeLessThan(Date.now() - 19 * HOUR);
    const before = Date.now();
    expect((await approve(`/api/admin/groups/${id}/approve`)).status).toBe(200);
    const at = await listedAt(id);
    expect(at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // On top, below only 'antigo' (the test above bumped it at a moment a day ahead).
    const recent = await getJson<Page>('/api/groups/recent?limit=2');
    expect(recent.groups.map((g) => g.id).filter((g) => g !== ids.antigo)[0]).toBe(id);
    // Its first 'Renovar' is 24 hours after the approval, and the panel says it was never renewed.
    expect(await panelGroup(id)).toMatchObject({
      listedAt: at.toISOString(),
      nextBumpAt: new Date(at.getTime() + DAY).toISOString(),
      renewed: false,
    });
    expect((await bump(id)).status).toBe(429);
    // Approving an approved group again does not move it.
    const earlier = new Date(Date.now() - 30 * HOUR);
    await db.update(groups).set({ bumpedAt: earlier }).where(eq(groups.id, id));
    expect((await approve(`/api/admin/groups/${id}/approve`)).status).toBe(200);
    expect((await listedAt(id)).toISOString()).toBe(earlier.toISOString());
    // Now open: the bump renews it, and the panel words the next wait as 'de novo'.
    expect((await bump(id)).status).toBe(200);
    expect(await panelGroup(id)).toMatchObject({ renewed: true });
  });

  it('the bulk approval lists each pending group at its approval too', async () => {
    const id = await addGroup('lote', {
      userId: owner.id,
      approved: false,
      createdAt: new Date(Date.now() - 3 * DAY),
    });
    const before = Date.now();
    expect((await approve('/api/admin/groups/approve-all-pending', 'POST')).status).toBe(200);
    expect((await listedAt(id)).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await panelGroup(id)).toMatchObject({ renewed: false });
  });
});

describe('GET /api/user/groups/{id}/stats', () => {
  const today = saoPauloDay();
  beforeAll(async () => {
    const event = (kind: 'group_click' | 'group_share', day: string, n: number, target = ids.novo!) =>
      Array.from({ length: n }, (_, i) => ({
        kind,
        targetId: target,
        day,
        visitorHash: `v-${kind}-${day}-${i}`,
      }));
    await db.insert(engagementEvents).values([
      ...event('group_click', today, 2),
      ...event('group_share', today, 1),
      ...event('group_click', addDays(today, -5), 1),
      ...event('group_click', addDays(today, -29), 4),
      ...event('group_click', addDays(today, -30), 3), // the previous 30 days
      ...event('group_share', addDays(today, -59), 2),
      ...event('group_click', addDays(today, -60), 7), // before both periods
      ...event('group_click', today, 5, ids.antigo!), // another group
    ]);
  });

  it('answers every day of the period (zeros included) and the totals against the period before', async () => {
    const res = await stats(ids.novo!, '?days=30');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as {
      days: { date: string; clicks: number; shares: number }[];
      totals: Record<string, number>;
    };
    expect(body.days).toHaveLength(30);
    expect(body.days[0]!.date).toBe(addDays(today, -29));
    expect(body.days.at(-1)).toEqual({ date: today, clicks: 2, shares: 1 });
    expect(body.days[0]).toEqual({ date: addDays(today, -29), clicks: 4, shares: 0 });
    expect(body.days.find((d) => d.date === addDays(today, -5))).toEqual({
      date: addDays(today, -5),
      clicks: 1,
      shares: 0,
    });
    expect(body.days.filter((d) => d.clicks === 0 && d.shares === 0)).toHaveLength(27);
    expect(body.totals).toEqual({ clicks: 7, shares: 1, previousClicks: 3, previousShares: 2 });
  });

  it('defaults to 30 days and takes 1 to 90', async () => {
    const byDefault = (await (await stats(ids.novo!)).json()) as { days: unknown[] };
    expect(byDefault.days).toHaveLength(30);
    const one = (await (await stats(ids.novo!, '?days=1')).json()) as {
      days: unknown[];
      totals: Record<string, number>;
    };
    expect(one.days).toEqual([{ date: today, clicks: 2, shares: 1 }]);
    expect(one.totals).toEqual({ clicks: 2, shares: 1, previousClicks: 0, previousShares: 0 });
    expect(((await (await stats(ids.novo!, '?days=90')).json()) as { days: unknown[] }).days).toHaveLength(
      90,
    );
    for (const bad of ['0', '91', 'abc', '2.5']) {
      const res = await stats(ids.novo!, `?days=${bad}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Informe um número de dias entre 1 e 90.',
      );
    }
  });

  it('a group with no engagement answers zeros', async () => {
    const body = (await (await stats(ids.pendente!, '?days=7')).json()) as {
      days: { clicks: number; shares: number }[];
      totals: Record<string, number>;
    };
    expect(body.days).toHaveLength(7);
    expect(body.days.every((d) => d.clicks === 0 && d.shares === 0)).toBe(true);
    expect(body.totals).toEqual({ clicks: 0, shares: 0, previousClicks: 0, previousShares: 0 });
  });

  it('only the owner or an admin may read them', async () => {
    expect((await stats(ids.novo!, '', {})).status).toBe(401);
    expect((await stats(ids.novo!, '', stranger.auth)).status).toBe(404);
    expect((await stats(ids.novo!, '', admin.auth)).status).toBe(200);
    expect((await stats(randomUUID())).status).toBe(404);
    expect((await stats('x')).status).toBe(404);
  });

  it('answers 405 for the wrong method on each action', async () => {
    expect(
      (
        await callFunction(engageFn, `/api/user/groups/${ids.novo}/stats`, {
          method: 'POST',
          headers: owner.auth,
        })
      ).status,
    ).toBe(405);
    expect(
      (await callFunction(engageFn, `/api/user/groups/${ids.novo}/bump`, { headers: owner.auth })).status,
    ).toBe(405);
  });
});
