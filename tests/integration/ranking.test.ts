// The ranking (#43): joins through /entrar/{id} from distinct visitors raise the score, one address is a
// few visitors whatever user agents it sends, a burst from one /24 in a minute is discounted, reports
// and holds lower it, paid featuring never enters it, a held group is in no ranked list; 'Em alta' and
// its floor; the sort options of /api/groups; the owner's position in the panel's statistics.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import {
  categories,
  engagementEvents,
  groupHolds,
  groupReports,
  groups,
  groupTags,
  rateLimitBuckets,
  tags,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as authFn from '../../functions/auth.ts';
import * as engageFn from '../../functions/group-engagement.ts';
import * as reportsFn from '../../functions/group-reports.ts';
import * as groupsFn from '../../functions/groups.ts';
import * as joinFn from '../../functions/join.ts';
import * as rankFn from '../../functions/rank-groups.ts';
import { saoPauloDay } from '../../src/features/analytics/visitor.server.ts';
import type { GroupJson, GroupPage } from '../../src/features/groups/groups.server.ts';
import { liftHolds, placeHold } from '../../src/features/holds/holds.server.ts';
import { addDays } from '../../src/features/panel/engage.ts';
import { rankGroups } from '../../src/features/ranking/ranking.server.ts';
import { TREND_FLOOR } from '../../src/features/ranking/ranking.ts';
import { getEnv, resetEnvForTests } from '../../src/lib/env.server.ts';
import { expectConsoleError } from '../support/console-errors.ts';
import { setupTestDb } from '../support/db.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../support/fake-whatsapp.ts';
import { callFunction, sessionCookieOf } from '../support/functions.ts';

// Registering sends the confirmation e-mail after the answer; this file starts no mail catcher.
expectConsoleError(/SMTP_URL não configurado/);

const { db } = await setupTestDb();
const DAY = 86_400_000;
const later = () => new Date(Date.now() + 30 * DAY);
let category: { id: number; slug: string; name: string };
let other: { id: number; slug: string };

// The joins' spare slots ask WhatsApp about the queue (decision 0022): a stand-in that is never
// conclusive, so no check changes a group's score here.
let fake: FakeWhatsApp;
beforeAll(async () => {
  fake = await startFakeWhatsApp({ unknownCodes: 'server-error' });
  process.env.WHATSAPP_INVITE_BASE = fake.url;
  resetEnvForTests();
  await seedDatabase(db, { groups: 0 });
  const rows = await db.select().from(categories).where(eq(categories.adult, false)).limit(2);
  category = rows[0]!;
  other = rows[1]!;
});

afterAll(async () => {
  delete process.env.WHATSAPP_INVITE_BASE;
  resetEnvForTests();
  await fake.close();
});

beforeEach(async () => {
  await db.delete(engagementEvents);
  await db.delete(groups);
  await db.delete(rateLimitBuckets);
});

// Every join goes through the real function and database: dozens of them take a while on 2 cores.
vi.setConfig({ testTimeout: 120_000 });

let serial = 0;
/** An old, approved, quiet group (score 0), its link check not due (joins go straight through). */
async function addGroup(values: Partial<typeof groups.$inferInsert> = {}) {
  serial++;
  const id = randomUUID();
  const code = `Rank${String(serial).padStart(6, '0')}${id.slice(0, 8)}`;
  await db.insert(groups).values({
    id,
    title: `Ranking ${serial}`,
    description: 'Grupo para testar a ordem dos grupos',
    link: `https://chat.whatsapp.com/${code}`,
    inviteCode: code,
    categoryId: category.id,
    titleSlug: `ranking-${serial}-${id.slice(0, 6)}`,
    approved: true,
    createdAt: new Date(Date.now() - 60 * DAY),
    linkCheckedAt: new Date(),
    linkCheckDueAt: later(),
    ...values,
  });
  return id;
}

/** 'Entrar no Grupo' from one address and user agent, through the real function. */
async function join(id: string, ip: string, ua = 'Mozilla/5.0 (Linux; Android 14)') {
  const res = await callFunction(joinFn, `/entrar/${id}`, { headers: { 'user-agent': ua }, ip });
  expect(res.status).toBe(302);
}

/** A tag with these groups in it. */
async function addTag(slug: string, groupIds: string[]) {
  const [tag] = await db
    .insert(tags)
    .values({ slug, name: `Assunto ${slug}` })
    .returning();
  if (groupIds.length)
    await db.insert(groupTags).values(groupIds.map((groupId) => ({ groupId, tagId: tag!.id })));
  return tag!;
}

async function scoreOf(id: string) {
  const [row] = await db
    .select({ score: groups.rankScore, trend: groups.trendScore })
    .from(groups)
    .where(eq(groups.id, id));
  return row!;
}

async function rank() {
  const res = await rankFn.default();
  expect(res.status).toBe(200);
}

async function list<T = GroupPage>(query: string): Promise<T> {
  const res = await callFunction(groupsFn, `/api/groups${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

describe('the score', () => {
  it('rises with joins from distinct visitors, and an address rotating user agents is a few visitors', async () => {
    const quiet = await addGroup();
    const liked = await addGroup();
    const pumped = await addGroup();
    // Eight visitors from eight networks.
    for (let i = 1; i <= 8; i++) await join(liked, `198.51.${i}.20`);
    // One address sending 20 different user agents (a script pretending to be a crowd).
    for (let i = 0; i < 20; i++) await join(pumped, '203.0.113.77', `Bot/${i} (X11; Linux)`);
    await rank();
    expect((await scoreOf(quiet)).score).toBe(0);
    expect((await scoreOf(liked)).score).toBe(800);
    // At most VISITORS_PER_ADDRESS visitor-days, whatever the user agents.
    const pumpedScore = (await scoreOf(pumped)).score;
    expect(pumpedScore).toBeGreaterThan(0);
    expect(pumpedScore).toBeLessThanOrEqual(getEnv().VISITORS_PER_ADDRESS * 100);
    const ordered = (await list('?sortBy=relevance&limit=3')).groups.map((g) => g.id);
    expect(ordered).toEqual([liked, pumped, quiet]);
  });

  it('discounts a burst from one /24 in a minute', async () => {
    const spread = await addGroup();
    const burst = await addGroup();
    for (let i = 1; i <= 12; i++) await join(spread, `192.0.${i}.9`);
    // Twelve addresses of one /24 within the same minute (or two).
    for (let i = 1; i <= 12; i++) await join(burst, `192.0.2.${i}`);
    const events = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(engagementEvents)
      .where(eq(engagementEvents.targetId, burst));
    expect(events[0]!.n).toBe(12); // every visitor is counted in the group's clicks…
    await rank();
    expect((await scoreOf(spread)).score).toBe(1200);
    // …but in the score only the first two per minute count fully, the rest a tenth (4.8 at most).
    expect((await scoreOf(burst)).score).toBeLessThanOrEqual(480);
  });

  it('is lowered by an open report and by a hold placed lately, and paid featuring does not move it', async () => {
    const plain = await addGroup();
    const reported = await addGroup();
    const wasHeld = await addGroup();
    const featured = await addGroup();
    await db
      .insert(engagementEvents)
      .values([plain, reported, wasHeld, featured].flatMap((id) => pastJoins(id, 0, 5)));
    const reportRes = await callFunction(reportsFn, `/api/groups/${reported}/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'test' },
      body: JSON.stringify({ reason: 'spam', description: 'Só propaganda de apostas' }),
      ip: '203.0.113.50',
    });
    expect(reportRes.status).toBe(201);
    await db.transaction((tx) => placeHold(tx, wasHeld, { reason: 'admin', note: 'Conferir', tell: false }));
    await db.transaction((tx) => liftHolds(tx, wasHeld, { reason: 'admin' }, { reason: 'Conferido' }));
    await rank();
    const before = (await scoreOf(featured)).score;
    expect(before).toBe((await scoreOf(plain)).score);
    expect((await scoreOf(reported)).score).toBeLessThan(before);
    expect((await scoreOf(wasHeld)).score).toBeLessThan(before);

    await db.update(groups).set({ featured: true, featuredUntil: later() }).where(eq(groups.id, featured));
    await rank();
    expect((await scoreOf(featured)).score).toBe(before);
  });

  it('never shows a held group in a ranked list, however high its score', async () => {
    const held = await addGroup({ title: 'Grupo Retido Ranking' });
    const shown = await addGroup();
    await db
      .insert(engagementEvents)
      .values([...pastJoins(held, 0, 12), ...pastJoins(held, 8, 2), ...pastJoins(shown, 0, 2)]);
    await rank();
    expect((await scoreOf(held)).trend).toBeGreaterThan(0);
    await db.transaction((tx) => placeHold(tx, held, { reason: 'admin', note: 'Conferir', tell: false }));
    await rank();
    const lists = [
      (await list('?sortBy=relevance')).groups,
      (await list('?sortBy=trending')).groups,
      (await list(`?category=${category.slug}&sortBy=relevance`)).groups,
      (await list(`?category=${category.slug}&sortBy=trending`)).groups,
      (await list('?search=&sortBy=relevance')).groups,
      (await list('?search=ranking&sortBy=relevance')).groups,
      (await list('?search=&sortBy=trending')).groups,
      await list<GroupJson[]>('/trending'),
      await list<GroupJson[]>(`/trending?category=${category.slug}`),
    ];
    for (const groupsOfList of lists) expect(groupsOfList.map((g) => g.id)).not.toContain(held);
    expect((await list('?sortBy=relevance')).groups.map((g) => g.id)).toContain(shown);
  });
});

/** `n` stored joins of distinct visitors (distinct networks) on the São Paulo day `daysAgo` days back. */
function pastJoins(id: string, daysAgo: number, n: number) {
  const day = addDays(saoPauloDay(), -daysAgo);
  return Array.from({ length: n }, (_, i) => ({
    kind: 'group_click' as const,
    targetId: id,
    visitorHash: `passado-${id}-${daysAgo}-${i}`,
    day,
    networkHash: `rede-${i}`,
    counted: true,
  }));
}

describe("'Em alta'", () => {
  it('needs the floor of joins this week, and puts the fastest growth first', async () => {
    const handful = await addGroup();
    const steady = await addGroup();
    const rising = await addGroup();
    // A handful through the real joins; the rest of this week and the week before as stored join events.
    for (let i = 1; i < TREND_FLOOR - 4; i++) await join(handful, `10.1.${i}.1`); // 5 joins from nothing
    await db
      .insert(engagementEvents)
      .values([
        ...pastJoins(steady, 0, 12),
        ...pastJoins(steady, 9, 10),
        ...pastJoins(rising, 1, 15),
        ...pastJoins(rising, 9, 3),
      ]);
    await rank();
    expect((await scoreOf(handful)).trend).toBe(0);
    expect((await scoreOf(steady)).trend).toBe(20); // 12 against 10
    expect((await scoreOf(rising)).trend).toBe(240); // 15 against 3 (counted as 5)

    const trending = await list<(GroupJson & { trend: number })[]>('/trending');
    expect(trending.map((g) => [g.id, g.trend])).toEqual([
      [rising, 240],
      [steady, 20],
    ]);
    const res = await callFunction(groupsFn, '/api/groups/trending');
    expect(res.headers.get('cache-control')).toContain('s-maxage=300');
    expect(await list<GroupJson[]>(`/trending?category=${other.slug}`)).toEqual([]);
    // A topic page's 'Em alta': the groups of that tag only.
    const topic = await addTag(`em-alta-${randomUUID().slice(0, 8)}`, [steady]);
    expect((await list<GroupJson[]>(`/trending?tag=${topic.slug}`)).map((g) => g.id)).toEqual([steady]);
    // The sort option lists only the groups em alta, fastest first, and pages by cursor.
    const page = await list<GroupPage & { pagination: { nextCursor: string | null } }>(
      '?search=&sortBy=trending&limit=1',
    );
    expect(page.groups.map((g) => g.id)).toEqual([rising]);
    expect(page.pagination.total).toBe(2);
    const next = await list(`?search=&sortBy=trending&limit=1&page=2&after=${page.pagination.nextCursor}`);
    expect(next.groups.map((g) => g.id)).toEqual([steady]);
    // A quiet week later nothing is em alta: the scores and trends decay to 0 on the schedule.
    await rankGroups(db, new Date(Date.now() + 15 * DAY));
    expect(await scoreOf(rising)).toEqual({ score: 0, trend: 0 });
  });
});

describe('sort options of /api/groups', () => {
  it("'Relevância' by score (then newest), 'Novos' by listing date, 'Mais populares' gone", async () => {
    const old = await addGroup({ cliques: 5000 });
    const newer = await addGroup({ createdAt: new Date(Date.now() - 10 * DAY) });
    const joined = await addGroup({ createdAt: new Date(Date.now() - 20 * DAY) });
    for (let i = 1; i <= 3; i++) await join(joined, `172.16.${i}.5`);
    await rank();
    const ids = (page: GroupPage) => page.groups.map((g) => g.id);
    expect(ids(await list('?sortBy=relevance'))).toEqual([joined, newer, old]);
    expect(ids(await list('?search=&sortBy=relevance'))).toEqual([joined, newer, old]);
    expect(ids(await list(`?category=${category.slug}&sortBy=relevance`))).toEqual([joined, newer, old]);
    expect(ids(await list('?search=&sortBy=createdAt'))).toEqual([newer, joined, old]);
    // Bought clicks do not buy the first place: an old link's sortBy=cliques reads as 'Relevância'.
    expect(ids(await list('?search=&sortBy=cliques'))).toEqual([joined, newer, old]);
    expect(ids(await list('?sortBy=cliques'))).toEqual([joined, newer, old]);
    // With a term, the title tier is in score order too; the cursor pages in it.
    const first = await list<GroupPage & { pagination: { nextCursor: string } }>(
      '?search=ranking&sortBy=relevance&limit=2',
    );
    expect(ids(first)).toEqual([joined, newer]);
    expect(first.pagination.nextCursor).toMatch(/^t\./);
    const second = await list(
      `?search=ranking&sortBy=relevance&limit=2&page=2&after=${first.pagination.nextCursor}`,
    );
    expect(ids(second)).toEqual([old]);
    // /buscar's category filter, with or without a term.
    const elsewhere = await addGroup({ categoryId: other.id });
    expect(ids(await list(`?search=&category=${other.slug}`))).toEqual([elsewhere]);
    expect(ids(await list(`?search=ranking&category=${category.slug}&limit=10`))).toEqual([
      joined,
      newer,
      old,
    ]);
    expect(ids(await list('?search=&category=nao-existe'))).toEqual([]);
    const bad = await callFunction(groupsFn, '/api/groups?search=&sortBy=populares');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Ordenação inválida');
  });
});

describe("the owner's position in the panel's statistics", () => {
  it('says where the group stands in its category this week', async () => {
    const register = await callFunction(authFn, '/api/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Dona',
        email: `dona-${randomUUID()}@example.com`,
        password: 'segredo1',
        confirmPassword: 'segredo1',
        adult: true,
      }),
      ip: '198.51.100.90',
    });
    const { user } = (await register.json()) as { user: { id: string } };
    const auth = { cookie: `session=${sessionCookieOf(register)}` };
    const mine = await addGroup({ userId: user.id });
    const first = await addGroup();
    await addGroup(); // quiet, behind
    await addGroup({ categoryId: other.id }); // another category: not counted
    for (let i = 1; i <= 4; i++) await join(first, `198.19.${i}.7`);
    for (let i = 1; i <= 2; i++) await join(mine, `198.20.${i}.7`);
    await rank();
    const stats = async () => {
      const res = await callFunction(engageFn, `/api/user/groups/${mine}/stats`, { headers: auth });
      expect(res.status).toBe(200);
      return ((await res.json()) as { standings: unknown[] }).standings;
    };
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select public_groups as n from categories where id = ${category.id}`),
    );
    expect(await stats()).toEqual([
      { kind: 'category', name: category.name, slug: category.slug, position: 2, total: Number(row!.n) },
    ]);
    // And in each of its tags: first of two there.
    const topic = await addTag(`posicao-${randomUUID().slice(0, 8)}`, [mine, first]);
    await db.delete(groupTags).where(eq(groupTags.groupId, first));
    const other2 = await addGroup();
    await db.insert(groupTags).values({ groupId: other2, tagId: topic.id });
    expect((await stats())[1]).toEqual({
      kind: 'tag',
      name: topic.name,
      slug: topic.slug,
      position: 1,
      total: 2,
    });
    // Held: in no list, so no position.
    await db.transaction((tx) => placeHold(tx, mine, { reason: 'admin', note: 'Conferir', tell: false }));
    expect(await stats()).toEqual([]);
    await db.delete(groupHolds);
    await db.delete(groupReports);
  });
});
