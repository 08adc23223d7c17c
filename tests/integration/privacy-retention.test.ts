// The hourly prune deletes personal data past the periods /privacidade prints (retention.ts), and
// nothing still in use: uncounted clicks, pending e-mails, live e-mail links.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authTokens,
  engagementEvents,
  featureOrders,
  featurePlans,
  legalNoticeEvents,
  legalNotices,
  mailOutbox,
  orderRefunds,
  processedWebhookEvents,
  userEmailHistory,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as pruneFn from '../../functions/prune-rate-limits.ts';
import {
  AUTH_TOKEN_KEEP_DAYS,
  ENGAGEMENT_KEEP_DAYS,
  LEGAL_NOTICE_KEEP_YEARS,
  MAIL_KEEP_DAYS,
  ORDER_TAX_YEARS,
} from '../../src/features/privacy/retention.ts';
import { setupTestDb } from '../support/db.ts';
import { makeAccounts } from './admin-support.ts';

const { db } = await setupTestDb();
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
let userId = '';

beforeAll(async () => {
  userId = (await makeAccounts(db)).user.id;
  const target = randomUUID();
  const event = (visitorHash: string, daysAgo: number, counted: boolean) => ({
    kind: 'group_click' as const,
    targetId: target,
    visitorHash,
    day: dayOf(ago(daysAgo)),
    counted,
  });
  await db
    .insert(engagementEvents)
    .values([
      event('old-counted', ENGAGEMENT_KEEP_DAYS + 2, true),
      event('old-uncounted', ENGAGEMENT_KEEP_DAYS + 2, false),
      event('recent', ENGAGEMENT_KEEP_DAYS - 2, true),
    ]);
  const mail = (recipient: string, daysAgo: number, status: 'sent' | 'pending' | 'failed') => ({
    recipient,
    template: 'test',
    payload: '{}',
    status,
    createdAt: ago(daysAgo),
  });
  await db
    .insert(mailOutbox)
    .values([
      mail('velho@teste.local', MAIL_KEEP_DAYS + 1, 'sent'),
      mail('falhou@teste.local', MAIL_KEEP_DAYS + 1, 'failed'),
      mail('pendente@teste.local', MAIL_KEEP_DAYS + 1, 'pending'),
      mail('novo@teste.local', MAIL_KEEP_DAYS - 1, 'sent'),
    ]);
  const token = (tokenHash: string, expiresAt: Date) => ({
    userId,
    purpose: 'password_reset' as const,
    tokenHash,
    expiresAt,
  });
  await db
    .insert(authTokens)
    .values([
      token('spent', ago(AUTH_TOKEN_KEEP_DAYS + 1)),
      token('just-expired', new Date(Date.now() - 60_000)),
      token('live', new Date(Date.now() + DAY)),
    ]);
  const notice = (
    email: string,
    status: 'pending' | 'kept',
    receivedDaysAgo: number,
    decidedDaysAgo?: number,
  ) => ({
    kind: 'other' as const,
    status,
    groupTitle: 'Grupo denunciado',
    groupUrl: 'https://chat.whatsapp.com/abc',
    name: 'Notificante',
    email,
    description: 'Descrição da denúncia.',
    addressHash: 'hash',
    createdAt: ago(receivedDaysAgo),
    decidedAt: decidedDaysAgo === undefined ? null : ago(decidedDaysAgo),
  });
  const years = LEGAL_NOTICE_KEEP_YEARS * 366;
  const notices = await db
    .insert(legalNotices)
    .values([
      notice('decidida-velha@teste.local', 'kept', years + 30, years + 1),
      notice('decidida-recente@teste.local', 'kept', years + 30, years - 400),
      // Never decided, however old: still owed an answer.
      notice('pendente-velha@teste.local', 'pending', years + 30),
    ])
    .returning();
  await db
    .insert(legalNoticeEvents)
    .values(notices.map((n) => ({ noticeId: n.id, action: 'received' as const })));
  await seedOrders();
});

const TAX_DAYS = ORDER_TAX_YEARS * 366;

/** Orders (one refunded) and payment notifications on both sides of the tax records' years. */
async function seedOrders() {
  await seedDatabase(db, { groups: 0 });
  const [plan] = await db.select().from(featurePlans).limit(1);
  const order = (metadata: string, daysAgo: number) => ({
    userId,
    planId: plan!.id,
    price: 3990,
    days: 7,
    status: 'refunded' as const,
    orderDate: ago(daysAgo),
    metadata,
  });
  const orders = await db
    .insert(featureOrders)
    .values([order('velho', TAX_DAYS + 2), order('recente', TAX_DAYS - 30)])
    .returning();
  await db
    .insert(orderRefunds)
    .values(
      orders.map((o) => ({ orderId: o.id, source: 'owner' as const, provider: 'stripe', amount: 3990 })),
    );
  await db.insert(processedWebhookEvents).values([
    {
      provider: 'stripe',
      eventId: 'evt_velho',
      orderId: orders[0]!.id,
      outcome: 'refunded',
      receivedAt: ago(TAX_DAYS + 2),
    },
    {
      provider: 'stripe',
      eventId: 'evt_recente',
      orderId: orders[1]!.id,
      outcome: 'refunded',
      receivedAt: ago(TAX_DAYS - 30),
    },
  ]);
  await db.insert(userEmailHistory).values([
    { userId, email: 'antigo-velho@teste.local', replacedAt: ago(MAIL_KEEP_DAYS + 1) },
    { userId, email: 'antigo-recente@teste.local', replacedAt: ago(MAIL_KEEP_DAYS - 1) },
  ]);
}

describe('the hourly prune of personal data', () => {
  it('deletes what is past its period and keeps what is still needed', async () => {
    const res = await pruneFn.default();
    const body = (await res.json()) as { personalData: Record<string, number> };
    expect(body.personalData).toEqual({
      engagementEvents: 1,
      mailOutbox: 2,
      authTokens: 1,
      legalNotices: 1,
      featureOrders: 1,
      processedWebhookEvents: 1,
      userEmailHistory: 1,
    });

    const events = (await db.select().from(engagementEvents)).map((e) => e.visitorHash).sort();
    expect(events).toEqual(['old-uncounted', 'recent']);
    const mails = (await db.select().from(mailOutbox)).map((m) => m.recipient).sort();
    expect(mails).toEqual(['novo@teste.local', 'pendente@teste.local']);
    const tokens = (await db.select().from(authTokens)).map((t) => t.tokenHash).sort();
    expect(tokens).toEqual(['just-expired', 'live']);
    const notices = (await db.select().from(legalNotices)).map((n) => n.email).sort();
    expect(notices).toEqual(['decidida-recente@teste.local', 'pendente-velha@teste.local']);
    // The deleted notice's history went with it.
    expect(await db.select().from(legalNoticeEvents)).toHaveLength(2);
    // Orders past the tax records' years went, their refunds with them; the payment notifications too.
    expect((await db.select().from(featureOrders)).map((o) => o.metadata)).toEqual(['recente']);
    expect(await db.select().from(orderRefunds)).toHaveLength(1);
    expect((await db.select().from(processedWebhookEvents)).map((e) => e.eventId)).toEqual(['evt_recente']);
    expect((await db.select().from(userEmailHistory)).map((e) => e.email)).toEqual([
      'antigo-recente@teste.local',
    ]);

    // A second run finds nothing more.
    const again = (await (await pruneFn.default()).json()) as { personalData: Record<string, number> };
    expect(again.personalData).toEqual({
      engagementEvents: 0,
      mailOutbox: 0,
      authTokens: 0,
      legalNotices: 0,
      featureOrders: 0,
      processedWebhookEvents: 0,
      userEmailHistory: 0,
    });
  });
});
