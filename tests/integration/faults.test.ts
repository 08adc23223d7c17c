// Faults: the build hook failing keeps the rebuild request and a later dispatch retries it; the
// payment provider timing out at checkout leaves the order pending and a retry works; the database
// connection dying mid-request (an order, a crowd of clicks) answers a pt-BR 503 and writes nothing
// (Postgres server runs only).
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from 'node:net';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DbHandle, installDb, openDb } from '../../db/client.ts';
import {
  engagementEvents,
  featureOrders,
  featurePlans,
  rateLimitBuckets,
  rebuildRequests,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as adminGroupsFn from '../../functions/admin-groups.ts';
import * as featureOrdersFn from '../../functions/feature-orders.ts';
import * as clickFn from '../../functions/group-engagement.ts';
import { saveSettings } from '../../src/features/payments/settings.server.ts';
import { dispatchRebuilds, requestRebuild } from '../../src/features/rebuilds/rebuilds.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { expectConsoleError } from '../support/console-errors.ts';
import { setupTestDb } from '../support/db.ts';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe.ts';
import { callFunction } from '../support/functions.ts';
import { adminUrl, withDatabaseName } from '../support/server-db.ts';
import { makeGroup, makeUser, postJson, signedIn } from './payments-helpers.ts';

// At the top level, not in beforeAll: setupTestDb registers the afterAll that drops the database.
const handle = await setupTestDb();
let server: Server;
let hookStatus = 500;
let hookCalls = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    hookCalls++;
    res.writeHead(hookStatus).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.BUILD_HOOK_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.BUILD_HOOK_URL;
  resetEnvForTests();
  await new Promise((resolve) => server.close(resolve));
});

describe('build hook failing', () => {
  it('keeps the rebuild request as failed, and the next dispatch retries and sends it', async () => {
    expectConsoleError(/dispatch failed: Error: build hook answered 500/);
    await requestRebuild(handle.db, 'grupo aprovado');
    expect(hookCalls).toBe(1);
    const [failed] = await handle.db.select().from(rebuildRequests);
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toContain('500');
    expect(failed?.attempts).toBe(1);

    hookStatus = 200;
    expect(await dispatchRebuilds(handle.db)).toBe(1);
    expect(hookCalls).toBe(2);
    const [sent] = await handle.db.select().from(rebuildRequests);
    expect(sent?.status).toBe('running');
    expect(sent?.attempts).toBe(2);
  });
});

const UNAVAILABLE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';

async function orderFor(db: DbHandle['db']) {
  const { user, token } = await makeUser(db, 'Falha');
  const group = await makeGroup(db, user.id);
  const [plan] = await db.select().from(featurePlans).where(eq(featurePlans.days, 7));
  return { token, groupId: group.id, planId: plan!.id };
}

describe('payment provider timing out at checkout', { timeout: 120_000 }, () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    await seedDatabase(handle.db, { groups: 0 });
    stripe = await startFakeStripe();
    process.env.STRIPE_API_BASE = stripe.url;
    // The hanging provider is given up after 1.5 s a try here (15 s in production): same path, less waiting.
    process.env.PAYMENT_PROVIDER_TIMEOUT_MS = '1500';
    resetEnvForTests();
    await saveSettings(handle.db, {
      mercadoPagoAccessToken: '',
      mercadoPagoWebhookSecret: '',
      mercadoPagoPublicKey: '',
      stripeSecretKey: 'sk_test_123456789',
      stripePublicKey: 'pk_test_123',
      stripeWebhookSecret: 'whsec_teste',
      callbackUrl: '',
      returnUrl: '',
      mode: 'sandbox',
      preferredPaymentMethod: 'stripe',
      mercadopagoEnabled: false,
      stripeEnabled: true,
    });
  });
  afterAll(async () => {
    delete process.env.STRIPE_API_BASE;
    delete process.env.PAYMENT_PROVIDER_TIMEOUT_MS;
    resetEnvForTests();
    await stripe?.close();
  });

  it('answers a pt-BR 503, keeps the order pending without a payment, and a retry opens the checkout', async () => {
    expectConsoleError(/stripe checkout failed/);
    const { token, groupId, planId } = await orderFor(handle.db);
    const created = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(token, { groupId, planId }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    stripe.hangCheckouts(2); // the first try and the SDK's own retry both time out
    const pay = () =>
      callFunction(featureOrdersFn, `/api/feature-orders/${id}/pay`, signedIn(token, { method: 'POST' }));
    const failed = await pay();
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({
      message: 'Não foi possível iniciar o pagamento. Tente novamente em instantes.',
    });
    const [pending] = await handle.db.select().from(featureOrders).where(eq(featureOrders.id, id));
    expect(pending).toMatchObject({ status: 'pending', paymentId: null });

    const retried = await pay();
    expect(retried.status).toBe(200);
    const body = (await retried.json()) as { payment: { id: string; provider: string } };
    expect(body.payment.provider).toBe('stripe');
    const [paid] = await handle.db.select().from(featureOrders).where(eq(featureOrders.id, id));
    expect(paid).toMatchObject({ status: 'pending', paymentMethod: 'stripe', paymentId: body.payment.id });
  });
});

/** A TCP proxy to Postgres that can be told to cut every connection when a query contains `marker`. */
async function startCuttingProxy(target: { host: string; port: number }) {
  let marker: string | undefined;
  let cuts = 0;
  const sockets = new Set<Socket>();
  const server = createTcpServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (marker && chunk.toString('utf8').includes(marker)) {
        cuts++;
        for (const socket of sockets) socket.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    for (const socket of [client, upstream]) {
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        (socket === client ? upstream : client).destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cutOn(text: string | undefined) {
      marker = text;
    },
    get cuts() {
      return cuts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl || !inject('serverTemplate'))(
  'database going away mid-request',
  { timeout: 120_000 },
  () => {
    let direct: DbHandle;
    let viaProxy: DbHandle;
    let proxy: Awaited<ReturnType<typeof startCuttingProxy>>;
    let admin: Awaited<ReturnType<typeof adminUrl>>;
    const name = `wa_f_${randomBytes(6).toString('hex')}`;

    beforeAll(async () => {
      admin = await adminUrl(serverUrl!);
      await admin.query(`create database ${name} template ${inject('serverTemplate')}`);
      const url = new URL(withDatabaseName(serverUrl!, name));
      direct = await openDb({ url: url.toString(), driver: 'pg', max: 2 });
      await seedDatabase(direct.db, { groups: 0 });
      proxy = await startCuttingProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      viaProxy = await openDb({ url: url.toString(), driver: 'pg', max: 2 });
      installDb(viaProxy);
    });
    afterAll(async () => {
      installDb(handle);
      await viaProxy?.close().catch(() => {});
      await proxy?.close();
      await direct?.close();
      await admin?.query(`drop database if exists ${name} with (force)`);
      await admin?.end();
    });

    it('answers a pt-BR 503 with Retry-After when the connection dies at the order insert, and writes nothing', async () => {
      expectConsoleError(/^\[unavailable\]|^\[db\] (connection lost|idle connection error)/);
      const { token, groupId, planId } = await orderFor(direct.db);
      const before = await direct.db.select().from(featureOrders);
      proxy.cutOn('insert into "feature_orders"');
      const res = await callFunction(
        featureOrdersFn,
        '/api/feature-orders',
        postJson(token, { groupId, planId }),
      );
      expect(proxy.cuts).toBeGreaterThan(0);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await res.json()).toMatchObject({ message: UNAVAILABLE });
      expect(await direct.db.select().from(featureOrders)).toHaveLength(before.length);

      // The database is back: the same request succeeds on fresh connections.
      proxy.cutOn(undefined);
      const retried = await callFunction(
        featureOrdersFn,
        '/api/feature-orders',
        postJson(token, { groupId, planId }),
      );
      expect(retried.status).toBe(201);
      expect(await direct.db.select().from(featureOrders)).toHaveLength(before.length + 1);
    });

    it('fails every click of a crowd whose statement dies with a pt-BR 503, writes none of them, and the next crowd is written', async () => {
      expectConsoleError(/^\[unavailable\]|^\[db\] (connection lost|idle connection error)/);
      const group = await makeGroup(direct.db, null);
      const crowd = () =>
        Promise.all(
          Array.from({ length: 20 }, (_, v) =>
            callFunction(clickFn, `/api/groups/${group.id}/click`, {
              method: 'POST',
              headers: { 'user-agent': `falha-${v}` },
              ip: `10.60.0.${v + 1}`,
            }),
          ),
        );
      // Group commit: the crowd goes in one or two statements, and each of them is cut.
      const cutsBefore = proxy.cuts;
      proxy.cutOn('engagement_events');
      const failed = await crowd();
      expect(proxy.cuts).toBeGreaterThan(cutsBefore);
      for (const res of failed) {
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({ message: UNAVAILABLE });
      }
      expect(await direct.db.select().from(engagementEvents)).toHaveLength(0);
      const clickBuckets = like(rateLimitBuckets.key, 'engagement:%');
      expect(await direct.db.select().from(rateLimitBuckets).where(clickBuckets)).toHaveLength(0);

      // The writer is not left waiting on the failed statement: the same crowd is written now.
      proxy.cutOn(undefined);
      const written = await crowd();
      for (const res of written) expect(await res.json()).toEqual({ success: true, counted: true });
      expect(await direct.db.select().from(engagementEvents)).toHaveLength(20);
    });

    it('answers a CSV import whose database goes away mid-import with the pt-BR 503, like every route', async () => {
      expectConsoleError(/^\[unavailable\]|^\[db\] (connection lost|idle connection error)/);
      const { token } = await makeUser(direct.db, 'Importadora', true);
      const rows = Array.from(
        { length: 30 },
        (_, i) => `Grupo Importado ${i},https://chat.whatsapp.com/Imp${randomBytes(8).toString('hex')},games`,
      );
      const form = new FormData();
      form.set(
        'csvFile',
        new Blob([`titulo,link,categoria\n${rows.join('\n')}\n`], { type: 'text/csv' }),
        'grupos.csv',
      );
      proxy.cutOn('insert into "groups"');
      const res = await callFunction(
        adminGroupsFn,
        '/api/admin/groups/import',
        signedIn(token, { method: 'POST', body: form, headers: { 'idempotency-key': 'corte-no-meio-1' } }),
      );
      proxy.cutOn(undefined);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await res.json()).toMatchObject({ message: UNAVAILABLE, code: 'UNAVAILABLE' });
    });
  },
);
