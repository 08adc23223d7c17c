// The transparency report (issue #41, item 2): GET /api/transparency checked against counts this test
// makes itself through the real functions (legal notices and their decisions, reports, an admin's
// hide and removal, a court order, appeals, a paid featuring and its withdrawal, an ad), with no
// personal data in it; a closed year is kept as it was when first read, and a bad year is a pt-BR 400.

import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import {
  categories,
  featureOrders,
  featurePlans,
  groups,
  legalNotices,
  rateLimitBuckets,
  transparencyEvents,
  transparencyReports,
  users,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as adminAdsFn from '../../functions/admin-advertisements.ts';
import * as adminAppealsFn from '../../functions/admin-appeals.ts';
import * as adminGroupsFn from '../../functions/admin-groups.ts';
import * as adminNoticesFn from '../../functions/admin-legal-notices.ts';
import * as adminReportsFn from '../../functions/admin-reports.ts';
import * as withdrawFn from '../../functions/feature-order-withdraw.ts';
import * as featureOrdersFn from '../../functions/feature-orders.ts';
import * as reportsFn from '../../functions/group-reports.ts';
import * as keepFn from '../../functions/keep-transparency-reports.ts';
import * as noticesFn from '../../functions/legal-notices.ts';
import * as webhooksFn from '../../functions/payment-webhooks.ts';
import * as transparencyFn from '../../functions/transparency.ts';
import * as appealsFn from '../../functions/user-group-appeals.ts';
import { signSession } from '../../src/features/auth/session.server.ts';
import { simulatorEvent } from '../../src/features/payments/providers/simulator.ts';
import { saveSettings } from '../../src/features/payments/settings.server.ts';
import { transparencyReport } from '../../src/features/transparency/transparency.server.ts';
import {
  TRANSPARENCY_FIRST_YEAR,
  type TransparencyReport,
  yearBounds,
  yearOf,
} from '../../src/features/transparency/transparency.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { dayOf } from '../../src/lib/time-zone.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { setupMailCatcher } from '../support/mail.ts';
import { signedIn, startBlobs } from './admin-support.ts';

const { db } = await setupTestDb();
await setupMailCatcher();
const hook = http.createServer((_req, res) => res.writeHead(200).end());

let adminToken = '';
let ownerToken = '';
let ownerId = '';
let categoryId = 0;
const OWNER_EMAIL = 'dona.transparencia@teste.local';
const NOTIFIER = { name: 'Notificante Reservada', email: 'notificante.reservada@exemplo.com.br' };

let stopBlobs: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // The active ad's picture goes to Blobs.
  stopBlobs = await startBlobs();
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  process.env.BUILD_HOOK_URL = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`;
  process.env.REBUILD_DEBOUNCE_SECONDS = '0';
  resetEnvForTests();
  await seedDatabase(db, { groups: 0 });
  const [category] = await db.select().from(categories).where(eq(categories.adult, false)).limit(1);
  categoryId = category!.id;
  const [admin, owner] = await db
    .insert(users)
    .values([
      {
        email: 'chefe.t@teste.local',
        password: 'x',
        name: 'Chefe',
        admin: true,
        emailConfirmedAt: new Date(),
      },
      {
        email: OWNER_EMAIL,
        password: 'x',
        name: 'Dona',
        admin: false,
        emailConfirmedAt: new Date(),
        adultDeclaredAt: new Date(),
      },
    ])
    .returning();
  adminToken = await signSession(admin!.id);
  ownerToken = await signSession(owner!.id);
  ownerId = owner!.id;
  // No provider keys: the local simulator takes the checkout (local and test mode only).
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
    preferredPaymentMethod: 'stripe',
    mercadopagoEnabled: false,
    stripeEnabled: true,
  });
});
afterAll(async () => {
  await stopBlobs?.();
  delete process.env.BUILD_HOOK_URL;
  delete process.env.REBUILD_DEBOUNCE_SECONDS;
  resetEnvForTests();
  await new Promise((resolve) => hook.close(resolve));
});
beforeEach(async () => {
  await db.delete(rateLimitBuckets);
});

let serial = 0;
async function addGroup() {
  serial++;
  const code = `TrAnSpCoDe${String(serial).padStart(6, '0')}`;
  const [row] = await db
    .insert(groups)
    .values({
      title: `Grupo do relatório ${serial}`,
      description: 'Um grupo para o relatório de transparência.',
      link: `https://chat.whatsapp.com/${code}`,
      inviteCode: code,
      categoryId,
      titleSlug: `grupo-do-relatorio-${serial}`,
      approved: true,
      userId: ownerId,
    })
    .returning();
  return row!;
}
const post = (body: unknown, ip = '203.0.113.50') => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'user-agent': 'teste' },
  body: JSON.stringify(body),
  ip,
});

async function notice(kind: string, groupId: string) {
  const res = await callFunction(
    noticesFn,
    '/api/legal-notices',
    post({
      kind,
      groupUrl: `/grupo/${groupId}`,
      ...NOTIFIER,
      description: 'O grupo descumpre a lei, como as mensagens anexadas mostram.',
      declaration: true,
    }),
  );
  expect(res.status).toBe(201);
  const { protocol } = (await res.json()) as { protocol: string };
  const [row] = await db.select().from(legalNotices).where(eq(legalNotices.protocol, protocol));
  return row!;
}

async function decideNotice(id: string, body: Record<string, unknown>) {
  const res = await callFunction(
    adminNoticesFn,
    `/api/admin/legal-notices/${id}`,
    signedIn(adminToken, { method: 'POST', json: body }),
  );
  expect(res.status).toBe(200);
}

async function admin(fn: typeof adminGroupsFn, path: string, init: { method: string; json?: unknown }) {
  const res = await callFunction(fn, path, signedIn(adminToken, init));
  expect(res.status).toBe(200);
  return res.json();
}

async function contestAndDecide(groupId: string, decision: 'restore' | 'keep') {
  const filed = await callFunction(
    appealsFn,
    `/api/user/groups/${groupId}/appeals`,
    signedIn(ownerToken, { method: 'POST', json: { text: 'O grupo segue as regras; peço a revisão.' } }),
  );
  expect(filed.status).toBe(201);
  const { open } = (await admin(adminAppealsFn, '/api/admin/appeals', { method: 'GET' })) as {
    open: { id: string; group: { id: string } }[];
  };
  const appeal = open.find((a) => a.group.id === groupId)!;
  await admin(adminAppealsFn, `/api/admin/appeals/${appeal.id}`, {
    method: 'POST',
    json: { decision, reason: 'Revisto pela equipe.' },
  });
}

/** A featuring bought through the simulator, the way an owner pays; the order's id. */
async function paidFeaturing(groupId: string) {
  const [plan] = await db.select().from(featurePlans).where(eq(featurePlans.days, 7));
  const created = await callFunction(
    featureOrdersFn,
    '/api/feature-orders',
    signedIn(ownerToken, { method: 'POST', json: { groupId, planId: plan!.id } }),
  );
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect(
    (
      await callFunction(
        featureOrdersFn,
        `/api/feature-orders/${id}/pay`,
        signedIn(ownerToken, { method: 'POST' }),
      )
    ).status,
  ).toBe(200);
  const [order] = await db.select().from(featureOrders).where(eq(featureOrders.id, id));
  const { body, signature } = simulatorEvent({ id, price: order!.price }, 'approve');
  const paid = await callFunction(webhooksFn, '/api/payments/webhook/simulator', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
  expect(await paid.json()).toEqual({ received: true, outcome: 'activated' });
  return { id, price: order!.price };
}

async function report(query = ''): Promise<TransparencyReport> {
  const res = await callFunction(transparencyFn, `/api/transparency${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as TransparencyReport;
}

describe('GET /api/transparency', { timeout: 120_000 }, () => {
  it('counts exactly what happened this year, with no personal data', async () => {
    const before = await report();
    expect(before).toMatchObject({ year: yearOf(new Date()), complete: false });

    // Legal notices: child abuse (hidden at once, removed with the report to the authorities),
    // illegal content (kept), intimate images (unconfirmed), other (pending).
    const abused = await addGroup();
    const abuse = await notice('child_abuse', abused.id);
    const illegal = await notice('illegal_content', (await addGroup()).id);
    await notice('intimate_images', (await addGroup()).id);
    await notice('other', (await addGroup()).id);
    await decideNotice(abuse.id, {
      decision: 'remove',
      reason: 'Material confirmado pela equipe de moderação.',
      authorityReport: {
        reportedOn: dayOf(new Date()),
        agency: 'SaferNet Brasil',
        protocol: 'SN-2026-000123',
      },
    });
    await decideNotice(illegal.id, { decision: 'keep', reason: 'Nada de ilegal foi encontrado no grupo.' });
    // Known durations: the automatic hide 2 h after receipt, the other decision 10 h after.
    await db
      .update(legalNotices)
      .set({ createdAt: sql`${legalNotices.hidGroupAt} - interval '2 hours'` })
      .where(eq(legalNotices.id, abuse.id));
    await db
      .update(legalNotices)
      .set({ createdAt: sql`${legalNotices.decidedAt} - interval '10 hours'` })
      .where(eq(legalNotices.id, illegal.id));

    // Visitors' reports: three serious ones hide a group (automatic); 'Descartar' reverses it.
    const reported = await addGroup();
    for (const ip of ['203.0.113.61', '203.0.113.62', '203.0.113.63']) {
      const res = await callFunction(
        reportsFn,
        `/api/groups/${reported.id}/reports`,
        post({ reason: 'scam', description: 'Pede Pix adiantado.' }, ip),
      );
      expect(res.status).toBe(201);
    }
    await admin(adminReportsFn, `/api/admin/reports/${reported.id}`, {
      method: 'POST',
      json: { action: 'dismiss' },
    });

    // The team: a hide, a removal (contested and restored), a court order (contested and kept).
    await admin(adminGroupsFn, `/api/admin/groups/${(await addGroup()).id}/holds`, {
      method: 'POST',
      json: { reason: 'admin', note: 'Divulgação de apostas' },
    });
    const removed = await addGroup();
    await admin(adminGroupsFn, `/api/admin/groups/${removed.id}`, {
      method: 'DELETE',
      json: { reason: 'Venda de seguidores' },
    });
    await contestAndDecide(removed.id, 'restore');
    const ordered = await addGroup();
    await admin(adminGroupsFn, `/api/admin/groups/${ordered.id}/holds`, {
      method: 'POST',
      json: { reason: 'court_order', note: 'Processo 0000001-00.2026.8.26.0100' },
    });
    await contestAndDecide(ordered.id, 'keep');

    // Advertising: two featurings paid, one withdrawn; one ad switched on.
    const kept = await paidFeaturing((await addGroup()).id);
    const withdrawn = await paidFeaturing((await addGroup()).id);
    const res = await callFunction(
      withdrawFn,
      `/api/feature-orders/${withdrawn.id}/withdraw`,
      signedIn(ownerToken, { method: 'POST' }),
    );
    expect(res.status).toBe(200);
    const ad = new FormData();
    ad.set('title', 'Anúncio do relatório');
    ad.set('description', 'Um anúncio ativo.');
    ad.set('link', 'https://exemplo.com.br/anuncio');
    ad.set('active', 'true');
    // An active ad needs its picture (#45).
    const picture = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#25d366' } })
      .png()
      .toBuffer();
    ad.set('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'anuncio.png');
    const created = await callFunction(
      adminAdsFn,
      '/api/admin/advertisements',
      signedIn(adminToken, { method: 'POST', body: ad }),
    );
    expect(created.status).toBe(201);

    const now = await report();
    expect(now.legalNotices).toEqual({
      received: { child_abuse: 1, intimate_images: 1, illegal_content: 1, other: 1, total: 4 },
      decided: { removed: 1, kept: 1 },
      pendingAtEnd: 2,
      hoursToFirstAction: { count: 2, medianHours: 6, p90Hours: 9.2 },
      hoursToDecision: { count: 2, medianHours: expect.closeTo(6, 0), p90Hours: expect.closeTo(9.2, 0) },
      reportedToAuthorities: 1,
    });
    expect(now).toMatchObject({
      automaticHides: { total: 2, legalNotices: 1, reports: 1, reversed: 1 },
      reports: { received: 3, groupsHidden: 1 },
      groupsRemovedByAdmins: 1,
      groupsHiddenByAdmins: 1,
      courtOrders: 1,
      appeals: { received: 2, decided: 2, reversed: 1, kept: 1 },
      paidFeaturing: {
        sold: 2,
        soldCents: kept.price + withdrawn.price,
        refunded: 1,
        refundedCents: withdrawn.price,
      },
      ads: { shown: 1 },
    });
    // Counts only: no notifier, owner, admin or group in it.
    const text = JSON.stringify(now);
    for (const personal of [
      NOTIFIER.name,
      NOTIFIER.email,
      OWNER_EMAIL,
      'chefe.t@teste.local',
      'Grupo do relatório',
    ])
      expect(text).not.toContain(personal);
  });

  it('answers a clear pt-BR 400 for a bad year', async () => {
    const last = yearOf(new Date());
    for (const year of ['abc', '26', '1999', String(last + 1), '2026.5']) {
      const res = await callFunction(transparencyFn, `/api/transparency?year=${year}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        `Ano inválido: informe um ano com quatro dígitos, de ${TRANSPARENCY_FIRST_YEAR} a ${last}.`,
      );
    }
  });

  it('keeps a closed year as it was when first read (or by the schedule), and never changes it', async () => {
    const thisYear = yearOf(new Date());
    const last = thisYear - 1;
    const lastYear = yearBounds(last);
    const inLastYear = new Date(lastYear.from.getTime() + 86_400_000 * 100);
    await db.insert(transparencyEvents).values([
      { kind: 'report_received', detail: 'spam', at: inLastYear },
      { kind: 'hold_placed', detail: 'court_order', at: inLastYear },
    ]);
    expect(await report(`?year=${last}`)).toMatchObject({
      year: last,
      complete: true,
      from: `${last}-01-01`,
      to: `${thisYear}-01-01`,
      reports: { received: 1 },
      courtOrders: 1,
    });
    // A fact that arrives late for that year changes nothing in the kept report.
    await db
      .insert(transparencyEvents)
      .values({ kind: 'hold_placed', detail: 'court_order', at: inLastYear });
    expect((await report(`?year=${last}`)).courtOrders).toBe(1);
    // The schedule writes every closed year still missing, once.
    await db.delete(transparencyReports);
    const res = await keepFn.default();
    const { written } = (await res.json()) as { written: number[] };
    expect(written).toEqual(
      Array.from({ length: last - TRANSPARENCY_FIRST_YEAR + 1 }, (_, i) => TRANSPARENCY_FIRST_YEAR + i),
    );
    expect((await (await keepFn.default()).json()) as { written: number[] }).toEqual({ written: [] });
    // The current year is never kept: it is computed live.
    expect((await transparencyReport(db, undefined)).complete).toBe(false);
    expect(await db.select().from(transparencyReports).where(eq(transparencyReports.year, thisYear))).toEqual(
      [],
    );
  });
});

describe('the migration that starts the facts', () => {
  it('fills transparency_events from the reports, holds, appeals and ads the database already holds', async () => {
    await db.delete(transparencyEvents);
    const file = new URL('../../db/migrations/0032_transparency.sql', import.meta.url);
    // The custom part, from the line after its heading comment.
    const after = (await readFile(file, 'utf8')).split('-- Custom part (#41).')[1]!;
    const custom = after.slice(after.indexOf('\n'));
    for (const statement of custom.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const count = async (query: string) =>
      Number(
        rowsOf<{ n: string | number }>(await db.execute(sql.raw(`select count(*) as n from ${query}`)))[0]!.n,
      );
    const facts = async (kind: string) => count(`transparency_events where kind = '${kind}'`);
    expect(await facts('report_received')).toBe(await count('group_reports'));
    expect(await facts('hold_placed')).toBe(await count('group_holds'));
    expect(await facts('hold_lifted')).toBe(await count('group_holds where lifted_at is not null'));
    expect(await facts('appeal_filed')).toBe(await count('hold_appeals'));
    expect(await facts('appeal_decided')).toBe(await count("hold_appeals where status <> 'open'"));
    expect(await facts('ad_active')).toBe(await count('advertisements where active'));
    // This file made some of each, so the counts above compare real rows.
    expect(await facts('hold_placed')).toBeGreaterThan(0);
    expect(await facts('appeal_decided')).toBeGreaterThan(0);
    expect(await count('legal_notices where declaration_version is null')).toBe(0);
  });
});
