import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { featureOrders, featurePlans, groupReports, groups } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as authFn from '../../functions/auth.ts';
import * as userFn from '../../functions/user.ts';
import { expectConsoleError } from '../support/console-errors.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction, sessionCookieOf } from '../support/functions.ts';

// Registering sends the confirmation e-mail after the answer; this file starts no mail catcher.
expectConsoleError(/SMTP_URL não configurado/);

const { db } = await setupTestDb();

async function register(email: string) {
  const res = await callFunction(authFn, '/api/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Pessoa Teste',
      email,
      password: 'segredo1',
      confirmPassword: 'segredo1',
      adult: true,
    }),
    ip: `198.51.100.${email.length}`,
  });
  const token = sessionCookieOf(res);
  const { user } = (await res.json()) as { user: { id: string } };
  return { id: user.id, auth: { cookie: `session=${token}` } };
}

let alice: Awaited<ReturnType<typeof register>>;
let bob: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  await seedDatabase(db, { groups: 6, now: new Date('2026-06-01T12:00:00Z') });
  alice = await register('alice@example.com');
  bob = await register('bob@example.com');
  const all = await db.select().from(groups).limit(3);
  await db.update(groups).set({ userId: alice.id }).where(eq(groups.id, all[0]!.id));
  await db.update(groups).set({ userId: alice.id }).where(eq(groups.id, all[1]!.id));
  await db.update(groups).set({ userId: bob.id }).where(eq(groups.id, all[2]!.id));
  const [plan] = await db.select().from(featurePlans).limit(1);
  const end = new Date(Date.now() + 3.5 * 86_400_000);
  await db.insert(featureOrders).values([
    {
      userId: alice.id,
      groupId: all[0]!.id,
      planId: plan!.id,
      price: plan!.price,
      days: plan!.days,
      status: 'active',
      startDate: new Date(),
      endDate: end,
    },
    {
      userId: bob.id,
      groupId: all[2]!.id,
      planId: plan!.id,
      price: plan!.price,
      days: plan!.days,
      status: 'pending',
    },
  ]);
});

describe('GET /api/user/groups and /api/user/feature-orders', () => {
  it('answers 401 without a session', async () => {
    expect((await callFunction(userFn, '/api/user/groups')).status).toBe(401);
    expect((await callFunction(userFn, '/api/user/feature-orders')).status).toBe(401);
  });

  it("shows only the caller's groups and orders, never another user's", async () => {
    const aliceGroups = (await (
      await callFunction(userFn, '/api/user/groups', { headers: alice.auth })
    ).json()) as { id: string }[];
    const bobGroups = (await (
      await callFunction(userFn, '/api/user/groups', { headers: bob.auth })
    ).json()) as { id: string }[];
    expect(aliceGroups).toHaveLength(2);
    expect(bobGroups).toHaveLength(1);
    expect(aliceGroups.map((g) => g.id)).not.toContain(bobGroups[0]!.id);
    const orders = (await (
      await callFunction(userFn, '/api/user/feature-orders', { headers: alice.auth })
    ).json()) as {
      status: string;
      daysRemaining: number | null;
      planName: string;
      groupTitle: string;
    }[];
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'active', daysRemaining: 4 });
    const bobOrders = (await (
      await callFunction(userFn, '/api/user/feature-orders', { headers: bob.auth })
    ).json()) as {
      status: string;
    }[];
    expect(bobOrders.map((o) => o.status)).toEqual(['pending']);
  });
});

describe('a hidden group in the panel', () => {
  it('says it is hidden, why and for which report reasons, with nothing about the reporters', async () => {
    const [mine] = await db.select().from(groups).where(eq(groups.userId, alice.id)).limit(1);
    await db.insert(groupReports).values([
      {
        groupId: mine!.id,
        reason: 'scam',
        description: 'texto secreto um',
        reporterHash: 'hash-a',
        addressHash: 'addr-a',
      },
      {
        groupId: mine!.id,
        reason: 'scam',
        description: 'texto secreto dois',
        reporterHash: 'hash-b',
        addressHash: 'addr-b',
      },
      {
        groupId: mine!.id,
        reason: 'illegal',
        description: 'texto secreto três',
        reporterHash: 'hash-c',
        addressHash: 'addr-c',
        userId: bob.id,
      },
    ]);
    await db
      .update(groups)
      .set({ hiddenAt: new Date(), hiddenReason: 'reports' })
      .where(eq(groups.id, mine!.id));
    const res = await callFunction(userFn, '/api/user/groups', { headers: alice.auth });
    const list = (await res.json()) as {
      id: string;
      hidden: boolean;
      hiddenReason: string | null;
      reportReasons: string[];
    }[];
    expect(list.find((g) => g.id === mine!.id)).toMatchObject({
      hidden: true,
      hiddenReason: 'reports',
      reportReasons: ['scam', 'illegal'],
    });
    expect(list.filter((g) => g.id !== mine!.id).every((g) => !g.hidden && g.hiddenReason === null)).toBe(
      true,
    );
    const text = JSON.stringify(list);
    for (const secret of ['texto secreto', 'hash-', 'addr-', bob.id]) expect(text).not.toContain(secret);
  });
});
