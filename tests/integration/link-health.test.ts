// Link health against the fake WhatsApp server (real HTTP, real HTML parsing, real database): the
// rotation's order and claims, two dead answers apart hide a group, the 429 backoff, unknown answers,
// broken-link reports, the admin's 'Verificar agora' and restore, and the owner's new link.

import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  categories,
  groupReports,
  groups,
  linkCheckState,
  rateLimitBuckets,
  rebuildRequests,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as groupsFn from '../../functions/admin-groups.ts';
import * as reportsFn from '../../functions/group-reports.ts';
import * as publicGroupsFn from '../../functions/groups.ts';
import * as userFn from '../../functions/user.ts';
import * as linkFn from '../../functions/user-group-link.ts';
import { placeHold } from '../../src/features/holds/holds.server.ts';
import { UNKNOWN_RETRY_MS } from '../../src/features/links/check-policy.ts';
import {
  checkGroupLink,
  claimLinkBatch,
  DEAD_INVITE_MESSAGE,
  runLinkChecks,
} from '../../src/features/links/link-health.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { setupTestDb } from '../support/db.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../support/fake-whatsapp.ts';
import { callFunction } from '../support/functions.ts';
import { makeAccounts, signedIn } from './admin-support.ts';

const { db } = await setupTestDb();
let fake: FakeWhatsApp;
let adminToken: string;
let owner: { id: string; token: string };
let other: { id: string; token: string };
let categoryId: number;
const MINUTE = 60_000;
const T0 = new Date('2026-11-24T12:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);
const noSleep = async () => {};

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  process.env.WHATSAPP_INVITE_BASE = fake.url;
  resetEnvForTests();
  await seedDatabase(db, { groups: 0 });
  const accounts = await makeAccounts(db);
  adminToken = accounts.adminToken;
  owner = { id: accounts.user.id, token: accounts.userToken };
  other = { id: accounts.admin.id, token: accounts.adminToken };
  const [category] = await db.select().from(categories).limit(1);
  categoryId = category!.id;
});
afterAll(async () => {
  delete process.env.WHATSAPP_INVITE_BASE;
  resetEnvForTests();
  await fake.close();
});
beforeEach(async () => {
  await db.delete(groups);
  await db.delete(linkCheckState);
  await db.delete(rateLimitBuckets);
  fake.requests.length = 0;
});

let serial = 0;
/** A group; `hiddenAt` with `hiddenReason` places that hold (hidden_at is the holds' summary, #40). */
async function addGroup(values: Partial<typeof groups.$inferInsert> = {}) {
  const { hiddenAt, hiddenReason, ...rest } = values;
  const row = await insertGroup(rest);
  if (!hiddenAt) return row;
  await db.transaction((tx) =>
    placeHold(tx, row.id, { reason: hiddenReason ?? 'admin', at: hiddenAt as Date }),
  );
  return { ...row, ...(await reloadGroup(row.id)) };
}
async function reloadGroup(id: string) {
  const [found] = await db.select().from(groups).where(eq(groups.id, id));
  return found!;
}
async function insertGroup(values: Partial<typeof groups.$inferInsert>) {
  serial++;
  const code = `Code${String(serial).padStart(6, '0')}Ab`;
  const [row] = await db
    .insert(groups)
    .values({
      title: `Grupo ${serial}`,
      description: 'Descrição de teste',
      link: `https://chat.whatsapp.com/${code}`,
      inviteCode: code,
      categoryId,
      titleSlug: `grupo-${serial}`,
      approved: true,
      ...values,
    })
    .returning();
  return row!;
}
const codeOf = (group: { inviteCode: string }) => group.inviteCode;
async function row(id: string) {
  const [found] = await db.select().from(groups).where(eq(groups.id, id));
  return found!;
}
const rebuilds = async () => (await db.select({ n: count() }).from(rebuildRequests))[0]!.n;
const run = (minutes: number, batch = 10) =>
  runLinkChecks(db, { batch, paceMs: 0, now: () => at(minutes), sleep: noSleep });
const admin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  callFunction(groupsFn, path, signedIn(adminToken, init));

describe('the rotation', () => {
  it('checks never-checked groups first, then the earliest due, and only public groups', async () => {
    const old = await addGroup({ linkCheckedAt: at(-3 * 24 * 60), linkCheckDueAt: at(-2 * 24 * 60) });
    // due later even though checked earlier: the due time orders the queue, not the last check
    const recent = await addGroup({ linkCheckedAt: at(-10 * 24 * 60), linkCheckDueAt: at(60) });
    const never = await addGroup();
    const older = await addGroup({ linkCheckedAt: at(-5 * 24 * 60), linkCheckDueAt: at(-4 * 24 * 60) });
    await addGroup({ approved: false });
    await addGroup({ hiddenAt: at(-10), hiddenReason: 'reports' });
    for (const g of [old, recent, never, older]) fake.setInvite(codeOf(g), 'live');
    // The name the group has on WhatsApp is kept ('No WhatsApp: …' on its card, #45).
    fake.setInvite(codeOf(never), 'live', 'Trilhas  do\nFim de Semana');

    const first = await run(0, 3);
    expect(first).toMatchObject({ claimed: 3, checked: 3, live: 3 });
    expect(fake.requests).toEqual([`GET /${codeOf(never)}`, `GET /${codeOf(older)}`, `GET /${codeOf(old)}`]);
    fake.requests.length = 0;
    await run(1, 1);
    // Then the one due in an hour (pulled ahead: nothing else is due), never the unapproved or hidden.
    expect(fake.requests).toEqual([`GET /${codeOf(recent)}`]);
    const checked = await row(never.id);
    expect(checked.linkStatus).toBe('live');
    expect(checked.whatsappTitle).toBe('Trilhas do Fim de Semana');
    expect(checked.linkLiveAt).toEqual(at(0));
    expect(checked.linkCheckedAt).toEqual(at(0));
  });

  it('leaves updated_at alone (pages are not re-rendered for a check)', async () => {
    const group = await addGroup();
    fake.setInvite(codeOf(group), 'live');
    await run(0);
    expect((await row(group.id)).updatedAt).toEqual(group.updatedAt);
  });

  it('never gives one group to two overlapping runs', async () => {
    for (let i = 0; i < 8; i++) await addGroup();
    const [a, b] = await Promise.all([claimLinkBatch(db, 4, at(0)), claimLinkBatch(db, 4, at(0))]);
    const ids = [...a, ...b].map((c) => c.id);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
  });
});

describe('two dead answers apart', () => {
  it('hide the group: a dead answer sooner than LINK_DEAD_CONFIRM_MINUTES counts once', async () => {
    const group = await addGroup({
      linkStatus: 'live',
      linkLiveAt: at(-100),
      linkCheckedAt: at(-100),
      linkCheckDueAt: at(-100),
    });
    const bystander = await addGroup({ linkCheckedAt: at(-50), linkCheckDueAt: at(-50) });
    fake.setInvite(codeOf(group), 'dead');
    fake.setInvite(codeOf(bystander), 'live');
    const before = await rebuilds();

    await run(0, 1);
    let state = await row(group.id);
    expect(state).toMatchObject({ linkStatus: 'dead', linkDeadCount: 1, hiddenAt: null });
    expect(state.linkLiveAt).toEqual(at(-100));

    // 30 minutes later (a broken-link report or an admin's check): still one dead answer, still public.
    expect(await checkGroupLink(db, group.id, { now: at(30) })).toMatchObject({
      linkStatus: 'dead',
      hidden: false,
    });
    state = await row(group.id);
    expect(state).toMatchObject({ linkDeadCount: 1, hiddenAt: null });
    expect(state.linkDeadAt).toEqual(at(0));

    // The rotation puts the suspect first once the confirmation time has passed.
    fake.requests.length = 0;
    const result = await run(61, 1);
    expect(fake.requests).toEqual([`GET /${codeOf(group)}`]);
    expect(result).toMatchObject({ dead: 1, hidden: 1 });
    state = await row(group.id);
    expect(state).toMatchObject({ linkDeadCount: 2, hiddenReason: 'dead_link' });
    expect(state.hiddenAt).toEqual(at(61));
    expect(await rebuilds()).toBe(before + 1);
    // An admin's check moments after the run hid it: too soon to count, and reported hidden all the same.
    expect(await checkGroupLink(db, group.id, { now: at(62) })).toMatchObject({
      answer: 'dead',
      hidden: true,
    });
    expect(await row(group.id)).toMatchObject({ linkDeadCount: 2, hiddenReason: 'dead_link' });
    expect(await rebuilds()).toBe(before + 1);

    // Gone from the public API, in the admin's 'Links quebrados' queue.
    const byId = await callFunction(publicGroupsFn, `/api/groups/${group.id}`);
    expect(byId.status).toBe(404);
    const queue = await admin('/api/admin/groups?status=dead_link');
    const body = (await queue.json()) as {
      groups: { id: string; hiddenReason: string; linkStatus: string }[];
    };
    expect(body.groups.map((g) => g.id)).toEqual([group.id]);
    expect(body.groups[0]).toMatchObject({ hiddenReason: 'dead_link', linkStatus: 'dead' });
  });

  it('a live answer resets the count', async () => {
    const group = await addGroup({ linkDeadCount: 1, linkDeadAt: at(-120), linkStatus: 'dead' });
    fake.setInvite(codeOf(group), 'live');
    await run(0, 1);
    expect(await row(group.id)).toMatchObject({ linkStatus: 'live', linkDeadCount: 0, linkDeadAt: null });
  });
});

describe('unknown answers', () => {
  it('change nothing: 5xx and the consent interstitial', async () => {
    const live = await addGroup({ linkStatus: 'live', linkLiveAt: at(-500), linkCheckedAt: at(-500) });
    const suspect = await addGroup({
      linkStatus: 'dead',
      linkDeadCount: 1,
      linkDeadAt: at(-300),
      linkCheckedAt: at(-300),
    });
    fake.setInvite(codeOf(live), 'server-error');
    fake.setInvite(codeOf(suspect), 'interstitial');
    const result = await run(0);
    expect(result).toMatchObject({ checked: 2, unknown: 2, hidden: 0 });
    expect(await row(live.id)).toMatchObject({ linkStatus: 'live', linkLiveAt: at(-500), linkDeadCount: 0 });
    // Tried again within hours, behind the groups already due: never stuck at the head of the queue.
    expect((await row(live.id)).linkCheckDueAt).toEqual(new Date(at(0).getTime() + UNKNOWN_RETRY_MS));
    expect(await row(suspect.id)).toMatchObject({
      linkStatus: 'dead',
      linkDeadCount: 1,
      linkDeadAt: at(-300),
      hiddenAt: null,
    });
  });
});

describe('429', () => {
  it('stops the run, gives the unchecked groups their place back and skips runs until Retry-After', async () => {
    const limited = await addGroup({ linkCheckedAt: at(-30), linkCheckDueAt: at(-30) });
    const next = await addGroup({ linkCheckedAt: at(-20), linkCheckDueAt: at(-20) });
    fake.setInvite(codeOf(limited), 'rate-limited');
    fake.setInvite(codeOf(next), 'live');

    const result = await run(0);
    expect(result.claimed).toBe(2);
    expect(result.checked).toBe(0);
    expect(fake.requests).toEqual([`GET /${codeOf(limited)}`]);
    const pausedUntil = new Date(result.pausedUntil!);
    expect(pausedUntil.getTime()).toBeGreaterThanOrEqual(at(1).getTime());
    expect((await row(limited.id)).linkCheckedAt).toEqual(at(-30));
    expect((await row(next.id)).linkCheckedAt).toEqual(at(-20));
    expect((await row(next.id)).linkCheckDueAt).toEqual(at(-20));

    fake.requests.length = 0;
    const paused = await runLinkChecks(db, {
      paceMs: 0,
      now: () => new Date(pausedUntil.getTime() - 1000),
      sleep: noSleep,
    });
    expect(paused.skipped).toBe(true);
    expect(fake.requests).toEqual([]);

    // A second 429 in a row backs off longer than the first.
    const second = await runLinkChecks(db, { paceMs: 0, now: () => pausedUntil, sleep: noSleep });
    const secondPause = new Date(second.pausedUntil!).getTime() - pausedUntil.getTime();
    expect(secondPause).toBeGreaterThan(pausedUntil.getTime() - at(0).getTime());

    fake.setInvite(codeOf(limited), 'live');
    const after = await runLinkChecks(db, {
      paceMs: 0,
      now: () => new Date(second.pausedUntil!),
      sleep: noSleep,
    });
    expect(after).toMatchObject({ skipped: false, checked: 2, live: 2 });
  });
});

describe('the broken_link report', () => {
  const report = (id: string, ip: string) =>
    callFunction(reportsFn, `/api/groups/${id}/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'test' },
      body: JSON.stringify({ reason: 'broken_link', description: 'O link não abre mais' }),
      ip,
    });

  it('checks the link at once: a dead answer counts once, a second one apart hides', async () => {
    process.env.REPORT_HIDE_THRESHOLD = '1';
    resetEnvForTests();
    try {
      const group = await addGroup();
      fake.setInvite(codeOf(group), 'dead');
      const first = await report(group.id, '203.0.113.50');
      expect(first.status).toBe(201);
      expect(fake.requests).toEqual([`GET /${codeOf(group)}`]);
      expect(await row(group.id)).toMatchObject({ linkStatus: 'dead', linkDeadCount: 1, hiddenAt: null });
      const stored = await db.select().from(groupReports).where(eq(groupReports.groupId, group.id));
      expect(stored.map((r) => r.reason)).toEqual(['broken_link']);

      await db
        .update(groups)
        .set({ linkDeadAt: sql`now() - interval '61 minutes'` })
        .where(eq(groups.id, group.id));
      const second = await report(group.id, '203.0.113.51');
      expect(second.status).toBe(201);
      expect(await row(group.id)).toMatchObject({ linkDeadCount: 2, hiddenReason: 'dead_link' });
    } finally {
      delete process.env.REPORT_HIDE_THRESHOLD;
      resetEnvForTests();
    }
  });

  it('never hides a live group, whatever the number of reports', async () => {
    process.env.REPORT_HIDE_THRESHOLD = '1';
    resetEnvForTests();
    try {
      const group = await addGroup();
      fake.setInvite(codeOf(group), 'live');
      for (const ip of ['203.0.113.60', '203.0.113.61'])
        expect((await report(group.id, ip)).status).toBe(201);
      expect(await row(group.id)).toMatchObject({ linkStatus: 'live', hiddenAt: null });
    } finally {
      delete process.env.REPORT_HIDE_THRESHOLD;
      resetEnvForTests();
    }
  });
});

describe("the admin's 'Verificar agora' and restore", () => {
  it('answers the new status and applies the hiding rule', async () => {
    const group = await addGroup();
    fake.setInvite(codeOf(group), 'live');
    const live = await admin(`/api/admin/groups/${group.id}/check-link`, { method: 'POST' });
    expect(live.status).toBe(200);
    const body = (await live.json()) as { linkStatus: string; answer: string; group: { linkLiveAt: string } };
    expect(body).toMatchObject({ linkStatus: 'live', answer: 'live' });
    expect(body.group.linkLiveAt).toBeTruthy();

    fake.setInvite(codeOf(group), 'dead');
    await admin(`/api/admin/groups/${group.id}/check-link`, { method: 'POST' });
    await db
      .update(groups)
      .set({ linkDeadAt: sql`now() - interval '2 hours'` })
      .where(eq(groups.id, group.id));
    const dead = await admin(`/api/admin/groups/${group.id}/check-link`, { method: 'POST' });
    expect(await dead.json()).toMatchObject({ linkStatus: 'dead', hidden: true });
    expect((await row(group.id)).hiddenReason).toBe('dead_link');

    const notAdmin = await callFunction(
      groupsFn,
      `/api/admin/groups/${group.id}/check-link`,
      signedIn(owner.token, { method: 'POST' }),
    );
    expect(notAdmin.status).toBe(403);

    const before = await rebuilds();
    const restored = await admin(`/api/admin/groups/${group.id}/restore-link`, { method: 'POST' });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ hidden: false, linkStatus: 'unknown' });
    expect(await row(group.id)).toMatchObject({ hiddenAt: null, hiddenReason: null, linkDeadCount: 0 });
    expect(await rebuilds()).toBe(before + 1);

    const again = await admin(`/api/admin/groups/${group.id}/restore-link`, { method: 'POST' });
    expect(again.status).toBe(409);
  });

  it('a new link in the edit dialog brings a dead-link group back, unverified', async () => {
    const group = await addGroup({
      hiddenAt: at(0),
      hiddenReason: 'dead_link',
      linkStatus: 'dead',
      linkDeadCount: 2,
    });
    const res = await admin(`/api/admin/groups/${group.id}`, {
      method: 'PATCH',
      json: { link: 'https://chat.whatsapp.com/BrandNewCode123' },
    });
    expect(res.status).toBe(200);
    expect(await row(group.id)).toMatchObject({
      hiddenAt: null,
      linkStatus: 'unknown',
      linkDeadCount: 0,
      link: 'https://chat.whatsapp.com/BrandNewCode123',
    });
  });
});

describe("the owner's new link", () => {
  const send = (id: string, link: unknown, token = owner.token) =>
    callFunction(linkFn, `/api/user/groups/${id}/link`, signedIn(token, { method: 'POST', json: { link } }));

  it('refuses a revoked, an invalid or a taken link, and other people’s groups', async () => {
    const group = await addGroup({ userId: owner.id, hiddenAt: at(0), hiddenReason: 'dead_link' });
    const taken = await addGroup({ title: 'Já Existe' });
    fake.setInvite('RevokedNew0001', 'dead');

    const dead = await send(group.id, 'https://chat.whatsapp.com/RevokedNew0001');
    expect(dead.status).toBe(400);
    expect(await dead.json()).toMatchObject({
      message: DEAD_INVITE_MESSAGE,
      fields: { link: DEAD_INVITE_MESSAGE },
    });

    const invalid = await send(group.id, 'https://example.com/x');
    expect(invalid.status).toBe(400);
    const duplicate = await send(group.id, taken.link);
    expect(duplicate.status).toBe(409);
    // someone else's group: not named (it may be pending or hidden), the claim path offered instead
    const answer = (await duplicate.json()) as { message: string; code: string };
    expect(answer.message).not.toContain('Já Existe');
    expect(answer.code).toBe('INVITE_TAKEN');
    expect((await send(group.id, 'https://chat.whatsapp.com/LiveNew00001', other.token)).status).toBe(404);
    expect((await callFunction(linkFn, `/api/user/groups/${group.id}/link`, { method: 'POST' })).status).toBe(
      401,
    );
    expect(await row(group.id)).toMatchObject({ link: group.link, hiddenReason: 'dead_link' });
  });

  it('takes a live link and sends the group back to moderation', async () => {
    const group = await addGroup({
      userId: owner.id,
      hiddenAt: at(0),
      hiddenReason: 'dead_link',
      linkStatus: 'dead',
      linkDeadCount: 2,
      whatsappTitle: 'O nome do link antigo',
    });
    fake.setInvite('LiveNew00002', 'live', 'O nome do link novo');
    const res = await send(group.id, 'chat.whatsapp.com/LiveNew00002?utm=x');
    expect(res.status).toBe(200);
    expect(await row(group.id)).toMatchObject({
      link: 'https://chat.whatsapp.com/LiveNew00002',
      inviteCode: 'LiveNew00002',
      approved: false,
      hiddenAt: null,
      hiddenReason: null,
      linkStatus: 'live',
      linkDeadCount: 0,
      whatsappTitle: 'O nome do link novo',
    });
    const panel = (await (await callFunction(userFn, '/api/user/groups', signedIn(owner.token))).json()) as {
      id: string;
      hidden: boolean;
      approved: boolean;
      hiddenReason: string | null;
    }[];
    expect(panel.find((g) => g.id === group.id)).toMatchObject({
      hidden: false,
      approved: false,
      hiddenReason: null,
    });
  });

  it('shows a dead-link group in the panel as such', async () => {
    const group = await addGroup({ userId: owner.id, hiddenAt: at(0), hiddenReason: 'dead_link' });
    const panel = (await (await callFunction(userFn, '/api/user/groups', signedIn(owner.token))).json()) as {
      id: string;
      hidden: boolean;
      hiddenReason: string | null;
    }[];
    expect(panel.find((g) => g.id === group.id)).toMatchObject({ hidden: true, hiddenReason: 'dead_link' });
  });
});
