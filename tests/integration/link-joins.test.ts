// Link checks where the joins are (#33), against the fake WhatsApp server and the real database:
// the policy's due times by joins and age, a join on an overdue group checking it first (a dead answer
// stops the visitor) or, with the shared pace busy, moving it to the front, the
// checker's figures (and the 429 that pauses it), and 'Entrar no Grupo' through /entrar/{id}: the
// current link, one count per visitor and day, a visitor stopped before a link known dead.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  categories,
  engagementEvents,
  groups,
  linkCheckState,
  linkCheckTallies,
  rateLimitBuckets,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as joinFn from '../../functions/join.ts';
import { rollupEngagement } from '../../src/features/analytics/engagement.server.ts';
import {
  checkIntervalMs,
  DAY_MS,
  FRONT_OFFSET_MS,
  INITIAL_INTERVAL_SCALE,
  MAX_CHECK_INTERVAL_MS,
} from '../../src/features/links/check-policy.ts';
import { addTally, pruneTallies } from '../../src/features/links/check-tallies.server.ts';
import {
  checkReportedLink,
  linkCheckFigures,
  runLinkChecks,
  takeCheckSlot,
} from '../../src/features/links/link-health.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { setupTestDb } from '../support/db.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../support/fake-whatsapp.ts';
import { callFunction } from '../support/functions.ts';

const { db } = await setupTestDb();
let fake: FakeWhatsApp;
let categoryId: number;
let categorySlug: string;
const HOUR = 3_600_000;
const T0 = new Date('2026-11-24T12:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
const noSleep = async () => {};
/** The shared pace to WhatsApp taken for the next 10 s (a scheduled run mid-batch): no join checks now. */
const busyPace = () => takeCheckSlot(db, 10_000, 60_000);

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  process.env.WHATSAPP_INVITE_BASE = fake.url;
  resetEnvForTests();
  await seedDatabase(db, { groups: 0 });
  const [category] = await db.select().from(categories).where(eq(categories.adult, false)).limit(1);
  categoryId = category!.id;
  categorySlug = category!.slug;
});
afterAll(async () => {
  delete process.env.WHATSAPP_INVITE_BASE;
  resetEnvForTests();
  await fake.close();
});
beforeEach(async () => {
  await db.delete(engagementEvents);
  await db.delete(groups);
  await db.delete(linkCheckState);
  await db.delete(linkCheckTallies);
  await db.delete(rateLimitBuckets);
  fake.requests.length = 0;
});

let serial = 0;
async function addGroup(values: Partial<typeof groups.$inferInsert> = {}) {
  serial++;
  const code = `Join${String(serial).padStart(6, '0')}Ab`;
  const [row] = await db
    .insert(groups)
    .values({
      title: `Grupo ${serial}`,
      description: 'Descrição de teste',
      link: `https://chat.whatsapp.com/${code}`,
      inviteCode: code,
      categoryId,
      titleSlug: `grupo-j-${serial}`,
      approved: true,
      ...values,
    })
    .returning();
  fake.setInvite(code, 'live');
  return row!;
}
async function row(id: string) {
  const [found] = await db.select().from(groups).where(eq(groups.id, id));
  return found!;
}
const run = (hours: number, batch = 10) =>
  runLinkChecks(db, { batch, paceMs: 0, now: () => at(hours), sleep: noSleep });
const join = (id: string, ip = '198.51.100.1') =>
  callFunction(joinFn, `/entrar/${id}`, { headers: { 'user-agent': 'Mozilla/5.0 test' }, ip });
const clicks = async (id: string) =>
  (
    await db
      .select({ n: count() })
      .from(engagementEvents)
      .where(and(eq(engagementEvents.targetId, id), eq(engagementEvents.kind, 'group_click')))
  )[0]!.n;

describe('due times', () => {
  it('come from the joins and the age: a busy group within hours, a quiet old one in weeks', async () => {
    // The scale as the checker left it on its last run (no time has passed: it stays).
    await db.insert(linkCheckState).values({ intervalScale: INITIAL_INTERVAL_SCALE, lastRunAt: at(0) });
    const busy = await addGroup({
      createdAt: at(-200 * 24),
      cliques: 900,
      linkCheckJoins: 600, // 300 joins since the check a day ago
      linkCheckedAt: at(-24),
      linkCheckDueAt: at(-1),
    });
    const quietOld = await addGroup({
      createdAt: at(-400 * 24),
      cliques: 2,
      linkCheckJoins: 2,
      linkCheckedAt: at(-20 * 24),
      linkCheckDueAt: at(-2),
    });
    const quietYoung = await addGroup({ createdAt: at(-5 * 24), linkCheckDueAt: at(-3) });

    expect(await run(0)).toMatchObject({ checked: 3, live: 3 });
    const hours = async (id: string) => ((await row(id)).linkCheckDueAt!.getTime() - T0.getTime()) / HOUR;
    const [busyDue, oldDue, youngDue] = [
      await hours(busy.id),
      await hours(quietOld.id),
      await hours(quietYoung.id),
    ];
    expect(busyDue).toBeLessThanOrEqual(24);
    expect(oldDue).toBeGreaterThanOrEqual(14 * 24);
    expect(oldDue).toBeLessThanOrEqual(MAX_CHECK_INTERVAL_MS / HOUR);
    // Young groups die faster: a quiet young group is checked sooner than a quiet old one.
    expect(youngDue).toBeLessThan(oldDue);
    expect(youngDue).toBeGreaterThan(busyDue);
    // The check resets the joins baseline: the next interval starts from zero joins since.
    expect((await row(busy.id)).linkCheckJoins).toBe(900);
  });

  it('an inconclusive answer is tried again within hours, whatever the joins', () => {
    const base = { now: T0.getTime(), createdAt: T0.getTime() - 400 * DAY_MS, totalJoins: 0 };
    const input = { ...base, joinsSinceCheck: 0, lastCheckedAt: null };
    expect(checkIntervalMs({ ...input, answer: 'unknown' })).toBeLessThan(DAY_MS);
    expect(checkIntervalMs({ ...input, answer: 'live' })).toBeGreaterThan(7 * DAY_MS);
  });
});

describe('a join', () => {
  it('on an overdue group checks it first: live, the visitor is sent; dead, stopped and the link marked dead', async () => {
    const now = Date.now();
    const old = { createdAt: new Date(now - 100 * DAY_MS), linkCheckedAt: new Date(now - 30 * DAY_MS) };
    const live = await addGroup({ ...old, linkStatus: 'live', linkCheckDueAt: new Date(now - HOUR) });
    const dead = await addGroup({ ...old, linkStatus: 'live', linkCheckDueAt: new Date(now - HOUR) });
    fake.setInvite(dead.inviteCode, 'dead');

    const sent = await join(live.id);
    expect(sent.headers.get('location')).toBe(live.link);
    expect(fake.requests).toEqual([`GET /${live.inviteCode}`]);
    const checked = await row(live.id);
    expect(checked.linkCheckDueAt!.getTime()).toBeGreaterThan(now);
    expect(checked.linkCheckedAt!.getTime()).toBeGreaterThanOrEqual(now);
    expect(await clicks(live.id)).toBe(1);

    const stopped = await join(dead.id);
    expect(new URL(stopped.headers.get('location')!, 'http://localhost').pathname).toBe('/link-quebrado');
    expect(await row(dead.id)).toMatchObject({ linkStatus: 'dead', linkDeadCount: 1, hiddenAt: null });
    expect(await clicks(dead.id)).toBe(0);
    expect(await linkCheckFigures(db)).toMatchObject({ checksToday: 2, deadToday: 1 });

    // Checked now: the next join goes straight to the link, asking WhatsApp nothing.
    fake.requests.length = 0;
    expect((await join(live.id, '198.51.100.9')).headers.get('location')).toBe(live.link);
    expect(fake.requests).toEqual([]);
  });

  it('on an overdue group waits for no 429 pause: sent on, and the group stays queued', async () => {
    const now = Date.now();
    const group = await addGroup({
      linkCheckedAt: new Date(now - 30 * DAY_MS),
      linkCheckDueAt: new Date(now - HOUR),
    });
    await db.insert(linkCheckState).values({ id: 'default', pausedUntil: new Date(now + HOUR) });
    expect((await join(group.id)).headers.get('location')).toBe(group.link);
    expect(fake.requests).toEqual([]);
    expect((await row(group.id)).linkCheckDueAt!.getTime()).toBeLessThanOrEqual(now - FRONT_OFFSET_MS / 2);
  });

  it('on an overdue group, with the pace busy, moves it to the front; on one not due, changes nothing', async () => {
    await busyPace();
    const now = Date.now();
    const overdue = await addGroup({
      createdAt: new Date(now - 100 * DAY_MS),
      linkCheckedAt: new Date(now - 30 * DAY_MS),
      linkCheckDueAt: new Date(now - HOUR),
    });
    const fresh = await addGroup({
      createdAt: new Date(now - 100 * DAY_MS),
      linkCheckedAt: new Date(now - HOUR),
      linkCheckDueAt: new Date(now + 10 * DAY_MS),
    });
    // due before the overdue one: without the join it would be checked first
    const earlier = await addGroup({
      linkCheckedAt: new Date(now - 40 * DAY_MS),
      linkCheckDueAt: new Date(now - 2 * HOUR),
    });

    expect((await join(overdue.id)).status).toBe(302);
    expect((await join(fresh.id)).status).toBe(302);
    const front = (await row(overdue.id)).linkCheckDueAt!.getTime();
    expect(front).toBeLessThanOrEqual(now - FRONT_OFFSET_MS / 2);
    expect((await row(fresh.id)).linkCheckDueAt).toEqual(fresh.linkCheckDueAt);

    const result = await runLinkChecks(db, { batch: 1, paceMs: 0, sleep: noSleep });
    expect(result.checked).toBe(1);
    expect(fake.requests).toEqual([`GET /${overdue.inviteCode}`]);
    expect((await row(earlier.id)).linkCheckDueAt).toEqual(earlier.linkCheckDueAt);
  });

  it('on a quiet group that suddenly draws visitors queues it before its due time', async () => {
    await busyPace();
    const now = Date.now();
    const heating = await addGroup({
      createdAt: new Date(now - 300 * DAY_MS),
      cliques: 40,
      linkCheckJoins: 0, // 40 joins since the check two days ago, due in two weeks when it was quiet
      linkCheckedAt: new Date(now - 2 * DAY_MS),
      linkCheckDueAt: new Date(now + 14 * DAY_MS),
    });
    await join(heating.id);
    expect((await row(heating.id)).linkCheckDueAt!.getTime()).toBeLessThan(now);
  });

  it("is judged by the checker's stored scale, the one its due time was set with (decision 0018)", async () => {
    // At 1M groups the scale ends high: intervals are long, and a join must not call a group overdue
    // by the initial scale's short interval (20 joins a day, old: 15 h at the initial scale).
    await db.insert(linkCheckState).values({ id: 'default', intervalScale: 10, lastRunAt: new Date() });
    await busyPace();
    const now = Date.now();
    const group = await addGroup({
      createdAt: new Date(now - 300 * DAY_MS),
      cliques: 40,
      linkCheckJoins: 0,
      linkCheckedAt: new Date(now - 20 * HOUR),
      linkCheckDueAt: new Date(now + 14 * DAY_MS),
    });
    await join(group.id);
    expect((await row(group.id)).linkCheckDueAt).toEqual(group.linkCheckDueAt);
  });
});

describe('a free slot of the pace after a join (decision 0022)', () => {
  const fresh = () => {
    const now = Date.now();
    return addGroup({
      createdAt: new Date(now - 100 * DAY_MS),
      linkCheckedAt: new Date(now - HOUR),
      linkCheckDueAt: new Date(now + 10 * DAY_MS),
    });
  };

  it('confirms a dead answer waiting in the queue: the group is held for its dead link', async () => {
    const joined = await fresh();
    const suspect = await addGroup({
      linkStatus: 'dead',
      linkDeadCount: 1,
      linkDeadAt: new Date(Date.now() - 2 * HOUR),
      linkCheckedAt: new Date(Date.now() - 2 * HOUR),
    });
    fake.setInvite(suspect.inviteCode, 'dead');

    const res = await join(joined.id);
    expect(res.headers.get('location')).toBe(joined.link);
    // The join itself asked nothing (checked an hour ago); its free slot went to the suspect.
    expect(fake.requests).toEqual([`GET /${suspect.inviteCode}`]);
    expect(await row(suspect.id)).toMatchObject({ linkStatus: 'dead', linkDeadCount: 2 });
    expect((await row(suspect.id)).hiddenAt).not.toBeNull();
  });

  it('checks the earliest due group when nothing waits ahead of it, and spends no slot the pace lacks', async () => {
    const joined = await fresh();
    const due = await addGroup({
      createdAt: new Date(Date.now() - 100 * DAY_MS),
      linkCheckedAt: new Date(Date.now() - 20 * DAY_MS),
      linkCheckDueAt: new Date(Date.now() - HOUR),
    });
    await join(joined.id);
    expect(fake.requests).toEqual([`GET /${due.inviteCode}`]);
    expect((await row(due.id)).linkCheckDueAt!.getTime()).toBeGreaterThan(Date.now());

    // The slot it took is the pace's for the next second: a second join right away asks nothing.
    fake.requests.length = 0;
    await db
      .update(groups)
      .set({ linkCheckDueAt: new Date(Date.now() - HOUR) })
      .where(eq(groups.id, due.id));
    await busyPace();
    await join(joined.id, '198.51.100.2');
    expect(fake.requests).toEqual([]);
  });

  it('asks nothing while a 429 pause is on', async () => {
    const joined = await fresh();
    await addGroup({
      linkCheckedAt: new Date(Date.now() - 20 * DAY_MS),
      linkCheckDueAt: new Date(Date.now() - HOUR),
    });
    await db.insert(linkCheckState).values({ id: 'default', pausedUntil: new Date(Date.now() + HOUR) });
    await join(joined.id);
    expect(fake.requests).toEqual([]);
  });
});

describe('/entrar/{id}', () => {
  it('sends the visitor to the current link, never cached, and follows a new link at once', async () => {
    const group = await addGroup({ linkStatus: 'live' });
    const first = await join(group.id);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(group.link);
    expect(first.headers.get('cache-control')).toBe('private, no-store');

    const newLink = 'https://chat.whatsapp.com/NovoCodigo123Xy';
    await db
      .update(groups)
      .set({ link: newLink, inviteCode: 'NovoCodigo123Xy' })
      .where(eq(groups.id, group.id));
    expect((await join(group.id)).headers.get('location')).toBe(newLink);
  });

  it('counts one join per visitor and day, and the rollup adds it to the clicks', async () => {
    const group = await addGroup();
    await join(group.id, '198.51.100.1');
    await join(group.id, '198.51.100.1');
    expect(await clicks(group.id)).toBe(1);
    await join(group.id, '198.51.100.2');
    expect(await clicks(group.id)).toBe(2);
    await rollupEngagement(db);
    expect((await row(group.id)).cliques).toBe(2);
  });

  it('stops the visitor of a group hidden for its dead link, or whose last answer was dead', async () => {
    const hidden = await addGroup({ hiddenAt: at(-1), hiddenReason: 'dead_link', linkStatus: 'dead' });
    const suspect = await addGroup({ linkStatus: 'dead', linkDeadCount: 1, linkDeadAt: at(-1) });
    for (const group of [hidden, suspect]) {
      const response = await join(group.id);
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!, 'http://localhost');
      expect(location.pathname).toBe('/link-quebrado');
      expect(location.searchParams.get('grupo')).toBe(group.id);
      expect(location.searchParams.get('categoria')).toBe(categorySlug);
      expect(await clicks(group.id)).toBe(0);
    }
  });

  it('answers 404 for a group hidden by reports, unapproved, or unknown', async () => {
    const reported = await addGroup({ hiddenAt: at(-1), hiddenReason: 'reports' });
    const pending = await addGroup({ approved: false });
    for (const id of [reported.id, pending.id, '00000000-0000-4000-8000-000000000000', 'nao-e-um-id'])
      expect((await join(id)).status).toBe(404);
  });

  it('answers 404 for an 18+ group, closed by default: its invite link reaches nobody (decision 0010)', async () => {
    const [adult] = await db.select().from(categories).where(eq(categories.adult, true)).limit(1);
    const group = await addGroup({ categoryId: adult!.id, linkStatus: 'live' });
    const response = await join(group.id);
    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
    expect(await clicks(group.id)).toBe(0);
  });
});

describe('the checker figures', () => {
  it('count checks and dead links today, and a 429 pauses the whole checker', async () => {
    const dead = await addGroup({ linkCheckDueAt: at(-3) });
    fake.setInvite(dead.inviteCode, 'dead');
    const live = await addGroup({ linkCheckDueAt: at(-2) });
    const limited = await addGroup({ linkCheckDueAt: at(-1) });
    fake.setInvite(limited.inviteCode, 'rate-limited');

    const result = await run(0);
    expect(result).toMatchObject({ checked: 2, dead: 1, live: 1 });
    expect(result.pausedUntil).not.toBeNull();
    const figures = await linkCheckFigures(db, at(0));
    expect(figures).toMatchObject({ checksToday: 3, deadToday: 1, rateLimitedToday: 1 });
    expect(figures.pausedUntil).toBe(result.pausedUntil);
    expect(figures.lastRateLimitedAt).toBe(at(0).toISOString());

    // Paused: the next run asks WhatsApp nothing, and the limited group kept its place.
    fake.requests.length = 0;
    expect(await run(0.01)).toMatchObject({ skipped: true, checked: 0 });
    expect(fake.requests).toEqual([]);
    expect((await row(limited.id)).linkCheckDueAt).toEqual(at(-1));
    expect((await row(live.id)).linkCheckDueAt!.getTime()).toBeGreaterThan(at(0).getTime());
  });

  it('count by cause over 24 hours and 7 days: checks, dead, joins stopped, inconclusive and 429s (#42)', async () => {
    const now = Date.now();
    // a scheduled run: one dead, one inconclusive
    const dead = await addGroup({ linkCheckDueAt: new Date(now - 3 * HOUR) });
    fake.setInvite(dead.inviteCode, 'dead');
    const flaky = await addGroup({ linkCheckDueAt: new Date(now - 2 * HOUR) });
    fake.setInvite(flaky.inviteCode, 'server-error');
    expect(await runLinkChecks(db, { batch: 2, paceMs: 0, sleep: noSleep })).toMatchObject({ checked: 2 });
    // a join that checks first and finds the link dead, then a join on that known-dead link: both stopped
    const overdue = await addGroup({
      createdAt: new Date(now - 100 * DAY_MS),
      linkCheckedAt: new Date(now - 30 * DAY_MS),
      linkCheckDueAt: new Date(now + 30 * DAY_MS),
    });
    fake.setInvite(overdue.inviteCode, 'dead');
    await join(overdue.id);
    await join(overdue.id, '198.51.100.9');
    // a visitor's report, answered by a 429
    const reported = await addGroup();
    fake.setInvite(reported.inviteCode, 'rate-limited');
    await checkReportedLink(db, reported.id);
    // three days ago: in the week, not in the day; nine days ago: pruned
    await addTally(db, 'claim', { checks: 4, dead: 1 }, new Date(now - 3 * DAY_MS));
    await addTally(db, 'claim', { checks: 50 }, new Date(now - 9 * DAY_MS));
    expect(await pruneTallies(db)).toBe(1);

    const { byCause } = await linkCheckFigures(db);
    expect(byCause.day.scheduled).toEqual({
      checks: 2,
      dead: 1,
      inconclusive: 1,
      rateLimited: 0,
      stopped: 0,
    });
    expect(byCause.day.join).toEqual({ checks: 1, dead: 1, inconclusive: 0, rateLimited: 0, stopped: 2 });
    expect(byCause.day.report).toEqual({ checks: 1, dead: 0, inconclusive: 1, rateLimited: 1, stopped: 0 });
    expect(byCause.day.claim.checks).toBe(0);
    expect(byCause.week.claim).toEqual({ checks: 4, dead: 1, inconclusive: 0, rateLimited: 0, stopped: 0 });
    expect(byCause.week.scheduled.checks).toBe(2);
  });
});
