import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { engagementEvents, groups } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as engagementFn from '../../functions/group-engagement.ts';
import * as reportsFn from '../../functions/group-reports.ts';
import * as groupsFn from '../../functions/groups.ts';
import * as rollupFn from '../../functions/rollup-engagement.ts';
import { rollupEngagement, rollupEngagementBatch } from '../../src/features/analytics/engagement.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';

const { db } = await setupTestDb();

let categoryId = 0;
async function addGroup(values: Partial<typeof groups.$inferInsert> = {}) {
  const id = randomUUID();
  const code = id.replace(/-/g, '').slice(0, 20);
  await db.insert(groups).values({
    id,
    title: `Engajamento ${code}`,
    description: 'Grupo de teste',
    link: `https://chat.whatsapp.com/${code}`,
    inviteCode: code,
    categoryId,
    titleSlug: `engajamento-${code}`,
    approved: true,
    ...values,
  });
  return id;
}

/** A request from one visitor (IP + user agent). */
function post(path: string, visitor: { ip: string; ua: string }, init: RequestInit = {}) {
  return callFunction(engagementFn, path, {
    method: 'POST',
    ...init,
    headers: { 'user-agent': visitor.ua, ...(init.headers as Record<string, string>) },
    ip: visitor.ip,
  });
}

const alice = { ip: '198.51.100.10', ua: 'Mozilla/5.0 (Alice)' };
const bob = { ip: '198.51.100.11', ua: 'Mozilla/5.0 (Bob)' };

async function counters(id: string) {
  const [row] = await db
    .select({ cliques: groups.cliques, shares: groups.shares, updatedAt: groups.updatedAt })
    .from(groups)
    .where(eq(groups.id, id));
  return row!;
}

beforeAll(async () => {
  await seedDatabase(db, { groups: 10, now: new Date() });
  const [row] = rowsOf<{ id: number }>(await db.execute(sql`select id from categories limit 1`));
  categoryId = row!.id;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/groups/{id}/click', () => {
  it('counts two visitors twice and the same visitor once per day', async () => {
    const id = await addGroup();
    const before = await counters(id);
    const first = await post(`/api/groups/${id}/click`, alice);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, counted: true });
    const again = await post(`/api/groups/${id}/click`, alice);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true, counted: false });
    expect((await post(`/api/groups/${id}/click`, bob)).status).toBe(200);

    // The request path only appends events; the counter moves on the rollup.
    expect((await counters(id)).cliques).toBe(0);
    await rollupEngagement(db);
    const after = await counters(id);
    expect(after.cliques).toBe(2);
    // Counting clicks is not an edit of the group (its page's cache key stays put).
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());

    // Alice again the same day: still 2, even after another rollup.
    await post(`/api/groups/${id}/click`, alice);
    await rollupEngagement(db);
    expect((await counters(id)).cliques).toBe(2);
  });

  it('counts the same visitor again on the next São Paulo day', async () => {
    const id = await addGroup();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
    await post(`/api/groups/${id}/click`, alice);
    // 02:30 UTC is still 23:30 of the same day in São Paulo (UTC-3).
    vi.setSystemTime(new Date('2026-03-11T02:30:00Z'));
    expect(await (await post(`/api/groups/${id}/click`, alice)).json()).toMatchObject({ counted: false });
    vi.setSystemTime(new Date('2026-03-11T03:30:00Z'));
    expect(await (await post(`/api/groups/${id}/click`, alice)).json()).toMatchObject({ counted: true });
    vi.useRealTimers();
    await rollupEngagement(db);
    expect((await counters(id)).cliques).toBe(2);
  });

  it('never stores the raw IP or user agent', async () => {
    const id = await addGroup();
    await post(`/api/groups/${id}/click`, alice);
    const events = await db.select().from(engagementEvents).where(eq(engagementEvents.targetId, id));
    expect(events).toHaveLength(1);
    const stored = JSON.stringify(events);
    expect(stored).not.toContain(alice.ip);
    expect(stored).not.toContain('Alice');
    expect(events[0]!.visitorHash).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('answers 404 for unapproved, hidden, unknown and malformed ids and records nothing', async () => {
    const pending = await addGroup({ approved: false });
    const hidden = await addGroup({ hiddenAt: new Date() });
    const [{ n: before }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from engagement_events`),
    ) as [{ n: number }];
    for (const id of [pending, hidden, randomUUID(), 'abc', '%E0%A4%A', "1'%20or%201=1"]) {
      const res = await post(`/api/groups/${id}/click`, bob);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ message: 'Grupo não encontrado', code: 'NOT_FOUND' });
    }
    const [{ n: after }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from engagement_events`),
    ) as [{ n: number }];
    expect(after).toBe(before);
  });

  it('refuses a burst of clicks from one visitor with 429 and the pt-BR message', async () => {
    const burster = { ip: '198.51.100.99', ua: 'bot/1.0' };
    const ids = await Promise.all(Array.from({ length: 3 }, () => addGroup()));
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 35; i++) {
      last = await post(`/api/groups/${ids[i % 3]}/click`, burster);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await last!.json()).toEqual({
      message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
      code: 'TOO_MANY',
    });
    // Another visitor is not affected.
    expect((await post(`/api/groups/${ids[0]}/click`, { ip: '198.51.100.98', ua: 'x' })).status).toBe(200);
  });

  it('answers 405 for GET', async () => {
    const id = await addGroup();
    expect((await callFunction(engagementFn, `/api/groups/${id}/click`)).status).toBe(405);
  });

  it('counts one address as at most 5 visitors a day (VISITORS_PER_ADDRESS), whatever user agents it rotates', async () => {
    const id = await addGroup();
    const statuses: number[] = [];
    for (let v = 0; v < 100; v++)
      statuses.push(
        (await post(`/api/groups/${id}/click`, { ip: '198.51.100.150', ua: `Mozilla/5.0 (${v})` })).status,
      );
    // Its few visitors each hit the burst limit long before 100: refused, never counted.
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    // Other addresses still count, one each.
    for (const ip of ['198.51.100.151', '198.51.100.152'])
      await post(`/api/groups/${id}/click`, { ip, ua: 'x' });
    await rollupEngagement(db);
    const { cliques } = await counters(id);
    expect(cliques).toBeGreaterThan(2);
    expect(cliques).toBeLessThanOrEqual(5 + 2);
  });

  it('so rotating user agents cannot raise the reports needed to hide a scam group', async () => {
    const id = await addGroup();
    // 100 'visitors' from one address: uncapped, 100 clicks would need 4 reporters (2 × ⌊log10 100⌋).
    for (let v = 0; v < 100; v++)
      await post(`/api/groups/${id}/click`, { ip: '198.51.100.160', ua: `golpe-${v}` });
    await rollupEngagement(db);
    expect((await counters(id)).cliques).toBeLessThan(10);
    for (const ip of ['198.51.100.161', '198.51.100.162', '198.51.100.163']) {
      const res = await callFunction(reportsFn, `/api/groups/${id}/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'scam', description: 'Pede Pix adiantado e some.' }),
        ip,
      });
      expect(res.status).toBe(201);
    }
    expect((await callFunction(groupsFn, `/api/groups/${id}`)).status).toBe(404);
  });
});

describe('concurrent clicks, written together', () => {
  // The calls below all start before the first statement answers, so they share statements.
  it('writes a crowd of clicks in a few statements, each counted once', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => addGroup()));
    const execute = vi.spyOn(db, 'execute');
    const bodies = await Promise.all(
      Array.from({ length: 200 }, async (_, v) => {
        const res = await post(`/api/groups/${ids[v % 5]}/click`, {
          ip: `10.40.0.${v + 1}`,
          ua: `crowd-${v}`,
        });
        expect(res.status).toBe(200);
        return (await res.json()) as { counted: boolean };
      }),
    );
    const statements = execute.mock.calls.length;
    execute.mockRestore();
    expect(bodies.every((b) => b.counted)).toBe(true);
    // Written through db.execute at all (a spy that saw nothing would pass any upper bound), and batched.
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(10);
    await rollupEngagement(db);
    for (const id of ids) expect((await counters(id)).cliques).toBe(40);
  });

  it('keeps the burst limit exact and counts a visitor once per group inside one statement', async () => {
    const ids = await Promise.all(Array.from({ length: 40 }, () => addGroup()));
    const burster = { ip: '198.51.100.41', ua: 'crowd-burster' };
    const statuses = await Promise.all(
      ids.map(async (id) => (await post(`/api/groups/${id}/click`, burster)).status),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // In arrival order: the first 30 pass, as if the clicks came one by one.
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);

    const same = await addGroup();
    const repeat = { ip: '198.51.100.42', ua: 'crowd-repeat' };
    const repeated = await Promise.all(
      Array.from({ length: 8 }, async () => (await post(`/api/groups/${same}/click`, repeat)).json()),
    );
    expect(repeated.filter((b) => (b as { counted: boolean }).counted)).toHaveLength(1);
    await rollupEngagement(db);
    expect((await counters(same)).cliques).toBe(1);
  });

  it('answers each click in a mixed crowd for itself: unknown and hidden groups 404, the rest count', async () => {
    const open = await addGroup();
    const hidden = await addGroup({ hiddenAt: new Date() });
    const targets = [open, randomUUID(), hidden, open, open];
    const responses = await Promise.all(
      targets.map((id, v) => post(`/api/groups/${id}/click`, { ip: `10.43.0.${v + 1}`, ua: `mixed-${v}` })),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 404, 404, 200, 200]);
    expect(await responses[1]!.json()).toEqual({ message: 'Grupo não encontrado', code: 'NOT_FOUND' });
    await rollupEngagement(db);
    expect((await counters(open)).cliques).toBe(3);
    expect((await counters(hidden)).cliques).toBe(0);
  });
});

// Needs a second connection: PGlite has one, so this runs on the Postgres server (TEST_DATABASE_URL).
describe.runIf((process.env.TEST_DB_DRIVER ?? 'pglite') !== 'pglite')('no lock on the group', () => {
  it('registers clicks while another transaction holds the group row locked', async () => {
    const id = await addGroup();
    const results = await db.transaction(async (tx) => {
      await tx.execute(sql`select id from groups where id = ${id} for update`);
      // The clicks run on other pooled connections while this lock is held.
      return Promise.all(
        ['a', 'b', 'c'].map(
          async (v, i) => (await post(`/api/groups/${id}/click`, { ip: `10.70.0.${i + 1}`, ua: v })).status,
        ),
      );
    });
    expect(results).toEqual([200, 200, 200]);
    await rollupEngagement(db);
    expect((await counters(id)).cliques).toBe(3);
  });
});

describe('POST /api/groups/{id}/share', () => {
  it('counts a share once per visitor per day whatever the platform, with or without a body', async () => {
    const id = await addGroup();
    const json = { 'content-type': 'application/json' };
    const first = await post(`/api/groups/${id}/share`, alice, {
      headers: json,
      body: JSON.stringify({ platform: 'whatsapp' }),
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, counted: true });
    const second = await post(`/api/groups/${id}/share`, alice, {
      headers: json,
      body: JSON.stringify({ platform: 'telegram' }),
    });
    expect(await second.json()).toEqual({ success: true, counted: false });
    // sendBeacon-style text/plain body and an empty body both work.
    const beacon = await post(`/api/groups/${id}/share`, bob, {
      headers: { 'content-type': 'text/plain' },
      body: '{"platform":"mobile-fab"}',
    });
    expect(beacon.status).toBe(200);
    expect((await post(`/api/groups/${id}/share`, { ip: '198.51.100.12', ua: 'c' })).status).toBe(200);

    const [event] = await db
      .select()
      .from(engagementEvents)
      .where(eq(engagementEvents.targetId, id))
      .limit(1);
    expect(event!.platform).toBe('whatsapp');
    await rollupEngagement(db);
    expect(await counters(id)).toMatchObject({ shares: 3, cliques: 0 });
  });

  it('answers 400 with a pt-BR message for an unknown platform or bad JSON', async () => {
    const id = await addGroup();
    const res = await post(`/api/groups/${id}/share`, alice, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'myspace' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: 'Plataforma de compartilhamento inválida',
      code: 'BAD_REQUEST',
      fields: { platform: 'Plataforma de compartilhamento inválida' },
    });
    const bad = await post(`/api/groups/${id}/share`, alice, { body: '{nope' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers 404 for a group that is not public', async () => {
    const pending = await addGroup({ approved: false });
    expect((await post(`/api/groups/${pending}/share`, alice)).status).toBe(404);
  });
});

describe('rollup', () => {
  it('never double counts when two rollups run at once', async () => {
    const ids = await Promise.all(Array.from({ length: 4 }, () => addGroup()));
    const visitors = 60;
    const today = '2026-01-15';
    await db.insert(engagementEvents).values(
      ids.flatMap((id) =>
        Array.from({ length: visitors }, (_, v) => ({
          kind: 'group_click' as const,
          targetId: id,
          visitorHash: `visitor-${v}`,
          day: today,
        })),
      ),
    );
    // Small batches so both rollups have several rounds to interleave.
    const [a, b] = await Promise.all([
      rollupEngagement(db, { batchSize: 25 }),
      rollupEngagement(db, { batchSize: 25 }),
      rollupEngagementBatch(db, 25),
    ]);
    expect(a + b).toBeLessThanOrEqual(ids.length * visitors);
    // Whatever the interleaving, a final rollup finishes the rest and each event counts once.
    await rollupEngagement(db);
    for (const id of ids) expect((await counters(id)).cliques).toBe(visitors);
    const [left] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from engagement_events where not counted`),
    );
    expect(left!.n).toBe(0);
    expect(await rollupEngagement(db)).toBe(0);
  });

  it('runs as a scheduled function every minute', async () => {
    const id = await addGroup();
    await post(`/api/groups/${id}/click`, { ip: '198.51.100.50', ua: 'scheduled' });
    expect(rollupFn.config.schedule).toBe('* * * * *');
    const res = await rollupFn.default();
    expect(res.status).toBe(200);
    expect(((await res.json()) as { counted: number }).counted).toBeGreaterThanOrEqual(1);
    expect((await counters(id)).cliques).toBe(1);
  });
});
