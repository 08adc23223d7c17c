import { eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { groupReports, groups, rateLimitBuckets, rebuildRequests, users } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as reportsFn from '../../functions/group-reports.ts';
import { signSession } from '../../src/features/auth/session.server.ts';
import { listOpenReports, reviewReports } from '../../src/features/reports/report-review.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';

const { db } = await setupTestDb();
let groupId = '';
/** Approved groups with no clicks (the smallest threshold), one per test below. */
let spare: string[] = [];

beforeAll(async () => {
  await seedDatabase(db, { groups: 12, now: new Date('2026-06-01T12:00:00Z') });
  const approved = await db.select().from(groups).where(eq(groups.approved, true)).orderBy(groups.id);
  await db
    .update(groups)
    .set({ cliques: 0, hiddenAt: null })
    .where(
      inArray(
        groups.id,
        approved.map((g) => g.id),
      ),
    );
  groupId = approved[0]!.id;
  spare = approved.slice(1).map((g) => g.id);
  expect(spare.length).toBeGreaterThanOrEqual(5);
});
beforeEach(async () => {
  await db.delete(rateLimitBuckets);
});

function report(body: unknown, ip = '203.0.113.10', id = groupId, headers: Record<string, string> = {}) {
  return callFunction(reportsFn, `/api/groups/${id}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'test', ...headers },
    body: JSON.stringify(body),
    ip,
  });
}

describe('POST /api/groups/:id/reports', () => {
  it('validates reason and description with the spec messages', async () => {
    const cases: [unknown, string, string][] = [
      [{ description: 'texto longo' }, 'reason', 'Motivo da denúncia é obrigatório'],
      [{ reason: 'boring', description: 'texto longo' }, 'reason', 'Motivo inválido'],
      [
        { reason: 'spam', description: 'curt' },
        'description',
        'Forneça uma descrição com pelo menos 5 caracteres',
      ],
      [
        { reason: 'spam', description: 'x'.repeat(501) },
        'description',
        'A descrição deve ter no máximo 500 caracteres',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await report(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields[field]).toBe(message);
    }
    expect(
      (
        await report(
          { reason: 'spam', description: 'um texto' },
          undefined,
          '00000000-0000-4000-8000-000000000000',
        )
      ).status,
    ).toBe(404);
  });

  it('accepts one report per visitor per group per day, storing no raw IP', async () => {
    const first = await report({ reason: 'spam', description: 'Só propaganda' }, '203.0.113.20');
    expect(first.status).toBe(201);
    const again = await report({ reason: 'other', description: 'De novo aqui' }, '203.0.113.20');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      'Você já denunciou este grupo hoje. Obrigado!',
    );
    const rows = await db.select().from(groupReports).where(eq(groupReports.groupId, groupId));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
  });

  it('hides the group after N distinct scam/illegal reports and requests a rebuild', async () => {
    process.env.REPORT_HIDE_THRESHOLD = '2';
    resetEnvForTests();
    try {
      const before = (await db.select().from(rebuildRequests)).length;
      const r1 = await report({ reason: 'scam', description: 'Pede pix adiantado' }, '203.0.113.31');
      expect(r1.status).toBe(201);
      let [g] = await db.select().from(groups).where(eq(groups.id, groupId));
      expect(g!.hiddenAt).toBeNull();
      const r2 = await report({ reason: 'illegal', description: 'Venda de drogas' }, '203.0.113.32');
      expect(r2.status).toBe(201);
      // The same answer as the report that hid nothing: the sender cannot tell that it worked.
      const [hid, didNot] = [await r2.json(), await r1.json()];
      expect(hid).toEqual(didNot);
      expect(Object.keys(hid as object)).toEqual(['message']);
      [g] = await db.select().from(groups).where(eq(groups.id, groupId));
      expect(g!.hiddenAt).not.toBeNull();
      expect(g!.hiddenReason).toBe('reports');
      expect((await db.select().from(rebuildRequests)).length).toBe(before + 1);
    } finally {
      delete process.env.REPORT_HIDE_THRESHOLD;
      resetEnvForTests();
    }
  });

  it('refuses a report from a foreign Origin', async () => {
    const res = await report({ reason: 'spam', description: 'Só propaganda' }, '203.0.113.40', groupId, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });
});

const scam = { reason: 'scam', description: 'Pede pix adiantado' };
const hiddenAt = async (id: string) =>
  (await db.select({ hiddenAt: groups.hiddenAt }).from(groups).where(eq(groups.id, id)))[0]!.hiddenAt;

describe('who can hide a group (REPORT_HIDE_THRESHOLD = 3 by default)', () => {
  it('counts reporters by network address: three browsers at one address are one reporter', async () => {
    const id = spare[0]!;
    for (const ua of ['Firefox', 'Chrome', 'Safari']) {
      const res = await report(scam, '198.51.100.60', id, { 'user-agent': ua });
      expect(res.status).toBe(201);
    }
    expect(await hiddenAt(id)).toBeNull();
    // All three reports are there for the admin, under one address hash and no address.
    const rows = await db.select().from(groupReports).where(eq(groupReports.groupId, id));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.addressHash)).size).toBe(1);
    expect(JSON.stringify(rows)).not.toContain('198.51.100');
    await report(scam, '198.51.100.61', id);
    expect(await hiddenAt(id)).toBeNull();
    await report(scam, '198.51.100.62', id);
    expect(await hiddenAt(id)).not.toBeNull();
  });

  it('weighs a logged-in reporter 2, once whatever its address', async () => {
    const id = spare[1]!;
    const [user] = await db
      .insert(users)
      .values({ email: 'denunciante@example.com', password: 'x', name: 'Denunciante' })
      .returning({ id: users.id });
    const auth = { cookie: `session=${await signSession(user!.id)}` };
    // One account from three addresses and browsers: one reporter of weight 2.
    for (const [ip, ua] of [
      ['198.51.100.70', 'a'],
      ['198.51.100.71', 'b'],
      ['198.51.100.73', 'c'],
    ])
      expect((await report(scam, ip, id, { ...auth, 'user-agent': ua! })).status).toBe(201);
    expect(await hiddenAt(id)).toBeNull();
    await report(scam, '198.51.100.72', id);
    expect(await hiddenAt(id)).not.toBeNull();
    // Logged in (2) and one anonymous address (1) reach 3 on another group at once.
    const other = spare[4]!;
    await report(scam, '198.51.100.74', other, auth);
    await report(scam, '198.51.100.75', other);
    expect(await hiddenAt(other)).not.toBeNull();
  });

  it('needs more weight as the audience grows (10,000 clicks: 8)', async () => {
    const id = spare[2]!;
    await db.update(groups).set({ cliques: 10_000 }).where(eq(groups.id, id));
    for (let i = 1; i <= 7; i++) await report(scam, `198.51.100.${80 + i}`, id);
    expect(await hiddenAt(id)).toBeNull();
    await report(scam, '198.51.100.88', id);
    expect(await hiddenAt(id)).not.toBeNull();
  });

  it('does not hide again a group an admin kept: new reports only go back to the queue for 30 days', async () => {
    const id = spare[3]!;
    const [admin] = await db
      .insert(users)
      .values({ email: 'moderador@example.com', password: 'x', name: 'Moderador', admin: true })
      .returning({ id: users.id });
    for (let i = 1; i <= 3; i++) await report(scam, `198.51.100.${90 + i}`, id);
    expect(await hiddenAt(id)).not.toBeNull();
    await reviewReports(db, id, 'dismiss', admin!.id);
    expect(await hiddenAt(id)).toBeNull();
    // The same wave again, and more: the group stays public, its reports wait in the queue.
    for (let i = 1; i <= 6; i++) {
      const res = await report({ reason: 'illegal', description: 'Venda de drogas' }, `198.51.101.${i}`, id);
      expect(res.status).toBe(201);
    }
    expect(await hiddenAt(id)).toBeNull();
    const queue = await listOpenReports(db);
    expect(queue.find((q) => q.group.id === id)).toMatchObject({ count: 6, group: { hidden: false } });
    // The queue shows the window: kept at reportsKeptAt, safe from hiding for 30 days.
    const [kept] = await db.select({ at: groups.reportsKeptAt }).from(groups).where(eq(groups.id, id));
    expect(queue.find((q) => q.group.id === id)!.group.keptUntil).toBe(
      new Date(kept!.at!.getTime() + 30 * 86_400_000).toISOString(),
    );
    // After the grace period, reports made after it can hide the group again.
    await db
      .update(groups)
      .set({ reportsKeptAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(groups.id, id));
    expect((await listOpenReports(db)).find((q) => q.group.id === id)!.group.keptUntil).toBeNull();
    for (let i = 1; i <= 2; i++) await report(scam, `198.51.102.${i}`, id);
    expect(await hiddenAt(id)).not.toBeNull();
  });

  it('dismissing reports does not bring back a group hidden for a dead link', async () => {
    const id = spare[spare.length - 1]!;
    const [admin] = await db
      .insert(users)
      .values({ email: 'moderadora@example.com', password: 'x', name: 'Moderadora', admin: true })
      .returning({ id: users.id });
    expect((await report(scam, '198.51.104.1', id)).status).toBe(201);
    const deadAt = new Date();
    await db
      .update(groups)
      .set({ hiddenAt: deadAt, hiddenReason: 'dead_link', linkStatus: 'dead' })
      .where(eq(groups.id, id));
    await reviewReports(db, id, 'dismiss', admin!.id);
    const [group] = await db.select().from(groups).where(eq(groups.id, id));
    expect(group).toMatchObject({ hiddenAt: deadAt, hiddenReason: 'dead_link', linkStatus: 'dead' });
    expect(group!.reportsKeptAt).not.toBeNull();
  });

  it('limits the groups one address reports: 5 an hour, then 429 in pt-BR and nothing stored', async () => {
    const ip = '198.51.103.1';
    const targets = [groupId, ...spare].slice(0, 6);
    for (const id of targets.slice(0, 5))
      expect(
        (await report({ reason: 'spam', description: 'Só propaganda' }, ip, id, { 'user-agent': 'x' }))
          .status,
      ).toBe(201);
    const count = async () =>
      (await db.select().from(groupReports).where(eq(groupReports.groupId, targets[5]!))).length;
    const before = await count();
    const refused = await report({ reason: 'spam', description: 'Só propaganda' }, ip, targets[5]!, {
      'user-agent': 'x',
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Você enviou muitas denúncias em pouco tempo. Aguarde e tente novamente mais tarde.',
    );
    expect(await count()).toBe(before);
    // Another address is not affected.
    expect(
      (await report({ reason: 'spam', description: 'Só propaganda' }, '198.51.103.2', targets[5]!)).status,
    ).toBe(201);
  });
});
