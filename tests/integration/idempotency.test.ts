// Work a client may send twice (a retry after a timeout, a double press) is done once per
// Idempotency-Key: checkout start gives the same order, a CSV part is imported once (issue #32).
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureOrders, featurePlans, groups, idempotencyKeys } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as adminGroupsFn from '../../functions/admin-groups.ts';
import * as featureOrdersFn from '../../functions/feature-orders.ts';
import { saveSettings } from '../../src/features/payments/settings.server.ts';
import { pruneIdempotencyKeys, requestHash } from '../../src/lib/idempotency.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { startBlobs } from './admin-support.ts';
import { makeGroup, makeUser, signedIn } from './payments-helpers.ts';

const { db } = await setupTestDb();
let stopBlobs: () => Promise<void>;

beforeAll(async () => {
  await seedDatabase(db, { groups: 0 });
  // No provider keys: locally the simulator takes the orders.
  await saveSettings(db, {
    mercadoPagoAccessToken: '',
    mercadoPagoWebhookSecret: '',
    mercadoPagoPublicKey: '',
    stripeSecretKey: '',
    stripePublicKey: '',
    stripeWebhookSecret: '',
    callbackUrl: '',
    returnUrl: '',
    mode: 'sandbox',
    preferredPaymentMethod: 'mercadopago',
    mercadopagoEnabled: true,
    stripeEnabled: false,
  });
  stopBlobs = await startBlobs();
});
afterAll(async () => {
  await stopBlobs();
});

async function planId() {
  const [plan] = await db.select().from(featurePlans).where(eq(featurePlans.active, true)).limit(1);
  return plan!.id;
}

function startCheckout(token: string, body: unknown, key?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== undefined) headers['idempotency-key'] = key;
  return callFunction(
    featureOrdersFn,
    '/api/feature-orders',
    signedIn(token, { method: 'POST', headers, body: JSON.stringify(body) }),
  );
}

const ordersOf = async (groupId: string) =>
  db.select({ id: featureOrders.id }).from(featureOrders).where(eq(featureOrders.groupId, groupId));

describe('checkout start by Idempotency-Key', () => {
  it('a retried checkout start with the same key gives the same order, never a second one', async () => {
    const { user, token } = await makeUser(db, 'dona');
    const group = await makeGroup(db, user.id);
    const body = { groupId: group.id, planId: await planId() };
    const key = randomUUID();
    const first = await startCheckout(token, body, key);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    const retry = await startCheckout(token, body, key);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ id });
    // Tries at once (a double press while the first is still running): still one order.
    const together = await Promise.all([1, 2, 3].map(() => startCheckout(token, body, key)));
    for (const res of together) expect(await res.json()).toEqual({ id });
    expect(await ordersOf(group.id)).toEqual([{ id }]);
    // A new key, or none at all, finds the same order too: one pending order per group and plan.
    expect(await (await startCheckout(token, body, randomUUID())).json()).toEqual({ id });
    expect(await (await startCheckout(token, body)).json()).toEqual({ id });
    expect(await ordersOf(group.id)).toEqual([{ id }]);
  });

  it('a key is its owner’s and its request’s: another request with it is refused, another person gets their own', async () => {
    const owner = await makeUser(db, 'dono');
    const other = await makeUser(db, 'outra');
    const group = await makeGroup(db, owner.user.id);
    const otherGroup = await makeGroup(db, other.user.id);
    const plan = await planId();
    const key = randomUUID();
    const first = await startCheckout(owner.token, { groupId: group.id, planId: plan }, key);
    expect(first.status).toBe(201);
    const reused = await startCheckout(owner.token, { groupId: otherGroup.id, planId: plan }, key);
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as { message: string }).message).toMatch(/chave de repetição já foi usada/);
    const theirs = await startCheckout(other.token, { groupId: otherGroup.id, planId: plan }, key);
    expect(theirs.status).toBe(201);
    expect(await theirs.json()).not.toEqual(await first.clone().json());
  });

  it('a refused checkout keeps no key, and a malformed key is a 400', async () => {
    const { user, token } = await makeUser(db, 'tentativa');
    const group = await makeGroup(db, user.id, { approved: false });
    const key = randomUUID();
    const refused = await startCheckout(token, { groupId: group.id, planId: await planId() }, key);
    expect(refused.status).toBe(400);
    await db.update(groups).set({ approved: true }).where(eq(groups.id, group.id));
    const accepted = await startCheckout(token, { groupId: group.id, planId: await planId() }, key);
    expect(accepted.status).toBe(201);
    expect(await ordersOf(group.id)).toHaveLength(1);
    const bad = await startCheckout(token, { groupId: group.id, planId: await planId() }, 'curta');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/Idempotency-Key/);
  });
});

describe('CSV import parts by Idempotency-Key', () => {
  let token: string;
  beforeAll(async () => {
    token = (await makeUser(db, 'chefe', true)).token;
  });
  const csv = (codes: string[]) =>
    `titulo,link,categoria\n${codes.map((c) => `Grupo ${c},https://chat.whatsapp.com/${c},Tecnologia`).join('\n')}\n`;
  function importPart(content: string, key?: string) {
    const form = new FormData();
    form.set('csvFile', new Blob([content], { type: 'text/csv' }), 'grupos.csv');
    const headers: Record<string, string> = key ? { 'idempotency-key': key } : {};
    return callFunction(
      adminGroupsFn,
      '/api/admin/groups/import',
      signedIn(token, { method: 'POST', headers, body: form }),
    );
  }
  type Answer = { results: { total: number; success: number; failed: number } };
  const codes = () => Array.from({ length: 3 }, () => `Idem${randomBytes(8).toString('hex')}`);

  it('a retried part gets the first answer instead of three duplicates', async () => {
    const content = csv(codes());
    const key = randomUUID();
    const first = (await (await importPart(content, key)).json()) as Answer;
    expect(first.results).toMatchObject({ total: 3, success: 3, failed: 0 });
    expect(await (await importPart(content, key)).json()).toEqual(first);
    // The same part without a key is a second import: every row is a duplicate.
    expect(((await (await importPart(content)).json()) as Answer).results).toMatchObject({ failed: 3 });
  });

  it('waits while the first try runs, and after a try that died imports again counting its rows', async () => {
    const admin = await makeUser(db, 'chefe2', true);
    token = admin.token;
    const rows = codes();
    const content = csv(rows);
    // A first try still running (a key without an answer, just written): the retry is told to wait.
    const running = randomUUID();
    await db.insert(idempotencyKeys).values({
      scope: 'csv-import',
      owner: admin.user.id,
      key: running,
      requestHash: requestHash({ lineOffset: 0 }),
    });
    const wait = await importPart(content, running);
    expect(wait.status).toBe(409);
    expect(wait.headers.get('retry-after')).toBe('5');
    // A try that died after writing two of the rows (stopped at its time limit, never answered).
    const dead = randomUUID();
    await importPart(csv(rows.slice(0, 2)));
    await db.insert(idempotencyKeys).values({
      scope: 'csv-import',
      owner: admin.user.id,
      key: dead,
      requestHash: requestHash({ lineOffset: 0 }),
      createdAt: new Date(Date.now() - 120_000),
    });
    const resumed = await importPart(content, dead);
    expect(resumed.status).toBe(200);
    expect(((await resumed.json()) as Answer).results).toMatchObject({ total: 3, success: 3, failed: 0 });
    const [kept] = await db
      .select({ response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.owner, admin.user.id), eq(idempotencyKeys.key, dead)));
    expect(JSON.parse(kept!.response!)).toMatchObject({ results: { success: 3 } });
  });

  it('keys are pruned after a day', async () => {
    const { user } = await makeUser(db, 'antiga');
    await db.insert(idempotencyKeys).values({
      scope: 'feature-order',
      owner: user.id,
      key: 'chave-antiga',
      requestHash: 'x',
      response: '{}',
      createdAt: new Date(Date.now() - 25 * 3_600_000),
    });
    expect(await pruneIdempotencyKeys(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.owner, user.id));
    expect(left[0]!.n).toBe(0);
  });
});
