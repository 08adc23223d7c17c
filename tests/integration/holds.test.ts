// Holds (issue #40): every reason a group is off the public site is its own hold, placed and lifted by
// its own decision through the real functions; no decision lifts another's hold. Evidence (a pending or
// upheld legal notice, a court order) survives the owner's deletion and the account's, pictures and
// invite link included. Real database, real SMTP catcher, a local build hook and local Blobs.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { and, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  categories,
  featureOrders,
  featurePlans,
  groupHolds,
  groupReports,
  groupRevisions,
  groups,
  type HoldReason,
  legalNotices,
  rateLimitBuckets,
  users,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as adminAppealsFn from '../../functions/admin-appeals.ts';
import * as adminGroupsFn from '../../functions/admin-groups.ts';
import * as adminNoticesFn from '../../functions/admin-legal-notices.ts';
import * as adminReportsFn from '../../functions/admin-reports.ts';
import * as authFn from '../../functions/auth.ts';
import * as reportsFn from '../../functions/group-reports.ts';
import * as groupsFn from '../../functions/groups.ts';
import * as noticesFn from '../../functions/legal-notices.ts';
import * as submitFn from '../../functions/submit-group.ts';
import * as userFn from '../../functions/user.ts';
import * as accountFn from '../../functions/user-account.ts';
import * as appealsFn from '../../functions/user-group-appeals.ts';
import * as userGroupsFn from '../../functions/user-groups.ts';
import { signSession } from '../../src/features/auth/session.server.ts';
import { HOLD_MESSAGES } from '../../src/features/holds/holds.ts';
import {
  imageUrl,
  prepareImageBytes,
  readImage,
  saveImage,
} from '../../src/features/images/stored-images.server.ts';
import { recordLinkAnswer } from '../../src/features/links/link-health.server.ts';
import { queueFeaturingReminders } from '../../src/features/mail/notify.server.ts';
import { getAdminGroup, toAdminGroupJson } from '../../src/features/moderation/group-moderation.server.ts';
import { listUserFeatureOrders } from '../../src/features/panel/panel.server.ts';
import { expireFeatures } from '../../src/features/payments/expiry.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction, sessionCookieOf, withSessionCookie } from '../support/functions.ts';
import { setupMailCatcher } from '../support/mail.ts';
import { signedIn, startBlobs } from './admin-support.ts';

const { db } = await setupTestDb();
const catcher = await setupMailCatcher();

const hook = http.createServer((_req, res) => res.writeHead(200).end());
let stopBlobs: () => Promise<void>;
let adminToken = '';
let ownerToken = '';
let ownerId = '';
let categoryId = 0;
const PASSWORD = 'segredo1';

beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  process.env.BUILD_HOOK_URL = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`;
  process.env.REBUILD_DEBOUNCE_SECONDS = '0';
  resetEnvForTests();
  stopBlobs = await startBlobs();
  await seedDatabase(db, { groups: 0 });
  const [category] = await db.select().from(categories).where(eq(categories.adult, false)).limit(1);
  categoryId = category!.id;
  const [admin, owner] = await db
    .insert(users)
    .values([
      { email: 'chefe@teste.local', password: 'x', name: 'Chefe', admin: true, emailConfirmedAt: new Date() },
      { email: 'dono@teste.local', password: 'x', name: 'Dono', admin: false, emailConfirmedAt: new Date() },
    ])
    .returning();
  adminToken = await signSession(admin!.id);
  ownerToken = await signSession(owner!.id);
  ownerId = owner!.id;
});
afterAll(async () => {
  delete process.env.BUILD_HOOK_URL;
  delete process.env.REBUILD_DEBOUNCE_SECONDS;
  resetEnvForTests();
  await stopBlobs();
  await new Promise((resolve) => hook.close(resolve));
});
beforeEach(async () => {
  await db.delete(rateLimitBuckets);
});

let serial = 0;
/** A public group of the owner's (or of `userId`). */
async function addGroup(values: Partial<typeof groups.$inferInsert> = {}) {
  serial++;
  const code = `HoLdCoDe${String(serial).padStart(6, '0')}`;
  const [row] = await db
    .insert(groups)
    .values({
      title: `Grupo retido ${serial}`,
      description: 'Um grupo para os testes de retenções.',
      link: `https://chat.whatsapp.com/${code}`,
      inviteCode: code,
      categoryId,
      titleSlug: `grupo-retido-${serial}`,
      approved: true,
      userId: ownerId,
      ...values,
    })
    .returning();
  return row!;
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Whether the public API answers the group (200) or not (404). */
async function isPublic(id: string): Promise<boolean> {
  const res = await callFunction(groupsFn, `/api/groups/${id}`);
  expect([200, 404]).toContain(res.status);
  return res.status === 200;
}
const activeReasons = async (id: string) =>
  (
    await db
      .select({ reason: groupHolds.reason })
      .from(groupHolds)
      .where(and(eq(groupHolds.groupId, id), isNull(groupHolds.liftedAt)))
  )
    .map((h) => h.reason)
    .sort();

let ip = 0;
const nextIp = () => `203.0.113.${(++ip % 250) + 1}`;
const T0 = new Date();
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

async function adminHolds(id: string) {
  const res = await callFunction(adminGroupsFn, `/api/admin/groups/${id}/holds`, signedIn(adminToken));
  expect(res.status).toBe(200);
  return ((await res.json()) as { holds: { id: string; reason: HoldReason; placedAt: string }[] }).holds;
}

/** Each reason's own placing decision, through the real path. */
const place: Record<HoldReason, (id: string) => Promise<void>> = {
  async reports(id) {
    for (let i = 0; i < 3; i++) {
      const res = await callFunction(reportsFn, `/api/groups/${id}/reports`, {
        ...json({ reason: 'scam', description: 'Pede Pix adiantado e some.' }),
        headers: { 'content-type': 'application/json', 'user-agent': 'test' },
        ip: nextIp(),
      });
      expect(res.status).toBe(201);
    }
  },
  async admin(id) {
    const res = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${id}/holds`,
      signedIn(adminToken, { method: 'POST', json: { reason: 'admin', note: 'Conteúdo fora das regras' } }),
    );
    expect(res.status).toBe(200);
  },
  async court_order(id) {
    const res = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${id}/holds`,
      signedIn(adminToken, {
        method: 'POST',
        json: { reason: 'court_order', note: 'Processo 0001234-56.2026.8.26.0100' },
      }),
    );
    expect(res.status).toBe(200);
  },
  // An admin's 'Excluir' of an owned public group removes it: held for good, contestable (#41).
  async removed(id) {
    const res = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${id}`,
      signedIn(adminToken, { method: 'DELETE', json: { reason: 'Venda de seguidores falsos' } }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'removed' });
  },
  async dead_link(id) {
    await recordLinkAnswer(db, id, 'dead', minutes(0));
    expect((await recordLinkAnswer(db, id, 'dead', minutes(61))).hidden).toBe(true);
  },
  async legal_notice(id) {
    const res = await callFunction(noticesFn, '/api/legal-notices', {
      ...json({
        kind: 'child_abuse',
        groupUrl: `/grupo/${id}`,
        name: 'Maria Silva',
        email: `notificante${serial}-${ip}@exemplo.com.br`,
        description: 'O grupo compartilha material de abuso infantil.',
        declaration: true,
      }),
      ip: nextIp(),
    });
    expect(res.status).toBe(201);
  },
};

/** Each reason's own lifting decision, through the real path. */
const lift: Record<HoldReason, (id: string) => Promise<void>> = {
  async reports(id) {
    const res = await callFunction(
      adminReportsFn,
      `/api/admin/reports/${id}`,
      signedIn(adminToken, { method: 'POST', json: { action: 'dismiss' } }),
    );
    expect(res.status).toBe(200);
  },
  admin: (id) => liftFromDialog(id, 'admin'),
  court_order: (id) => liftFromDialog(id, 'court_order'),
  // Only a restored appeal brings a removed group back (the lone admin may decide it).
  async removed(id) {
    const hold = (await adminHolds(id)).find((h) => h.reason === 'removed')!;
    const filed = await callFunction(
      appealsFn,
      `/api/user/groups/${id}/appeals`,
      signedIn(ownerToken, {
        method: 'POST',
        json: { text: 'Os seguidores são reais; envio as provas.', holdId: hold.id },
      }),
    );
    expect(filed.status).toBe(201);
    const { open } = (await (
      await callFunction(adminAppealsFn, '/api/admin/appeals', signedIn(adminToken))
    ).json()) as { open: { id: string; group: { id: string } }[] };
    const appeal = open.find((a) => a.group.id === id)!;
    const decided = await callFunction(
      adminAppealsFn,
      `/api/admin/appeals/${appeal.id}`,
      signedIn(adminToken, { method: 'POST', json: { decision: 'restore', reason: 'Provas aceitas.' } }),
    );
    expect(decided.status).toBe(200);
  },
  async dead_link(id) {
    await recordLinkAnswer(db, id, 'live', minutes(62));
  },
  async legal_notice(id) {
    const [notice] = await db
      .select()
      .from(legalNotices)
      .where(and(eq(legalNotices.groupId, id), eq(legalNotices.status, 'pending')));
    const res = await callFunction(
      adminNoticesFn,
      `/api/admin/legal-notices/${notice!.id}`,
      signedIn(adminToken, {
        method: 'POST',
        json: { decision: 'keep', reason: 'Verificamos e o conteúdo não está no grupo.' },
      }),
    );
    expect(res.status).toBe(200);
  },
};

async function liftFromDialog(id: string, reason: HoldReason) {
  const hold = (await adminHolds(id)).find((h) => h.reason === reason)!;
  const res = await callFunction(
    adminGroupsFn,
    `/api/admin/groups/${id}/holds/${hold.id}/lift`,
    signedIn(adminToken, { method: 'POST', json: { reason: 'A ordem foi revogada pelo juízo.' } }),
  );
  expect(res.status).toBe(200);
}

const REASONS: HoldReason[] = ['reports', 'admin', 'dead_link', 'legal_notice', 'court_order', 'removed'];
const PAIRS = REASONS.flatMap((a) => REASONS.filter((b) => b !== a).map((b) => [a, b] as const));

describe('every pair of holds: each lift leaves the other standing', () => {
  it.each(PAIRS)('%s, then %s: lifting the first leaves the second standing', async (first, second) => {
    const group = await addGroup();
    expect(await isPublic(group.id)).toBe(true);
    await place[first](group.id);
    expect(await isPublic(group.id)).toBe(false);
    await place[second](group.id);
    expect(await activeReasons(group.id)).toEqual([first, second].sort());
    await lift[first](group.id);
    expect(await activeReasons(group.id)).toEqual([second]);
    expect(await isPublic(group.id)).toBe(false);
    await lift[second](group.id);
    expect(await activeReasons(group.id)).toEqual([]);
    expect(await isPublic(group.id)).toBe(true);
    // Every lift stays in the trail (the dialog shows it): who, when and why.
    const res = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${group.id}/holds`,
      signedIn(adminToken),
    );
    const { lifted } = (await res.json()) as { lifted: { reason: string; liftReason: string }[] };
    expect(lifted.map((h) => h.reason).sort()).toEqual([first, second].sort());
    const trail = await db.select().from(groupHolds).where(eq(groupHolds.groupId, group.id));
    expect(trail).toHaveLength(2);
    expect(trail.every((h) => h.liftedAt && h.liftReason)).toBe(true);
  });
});

describe("the group's dialog", () => {
  it("lists each active hold with its reason, source and age; lifts only the admin's and court orders", async () => {
    const group = await addGroup();
    await place.legal_notice(group.id);
    await place.court_order(group.id);
    const holds = await adminHolds(group.id);
    expect(holds.map((h) => h.reason)).toEqual(['legal_notice', 'court_order']);
    const [notice] = await db.select().from(legalNotices).where(eq(legalNotices.groupId, group.id));
    expect(holds[0]).toMatchObject({ noticeId: notice!.id, noticeProtocol: notice!.protocol });
    expect(holds[1]).toMatchObject({
      note: 'Processo 0001234-56.2026.8.26.0100',
      placedBy: 'chefe@teste.local',
    });
    const refused = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${group.id}/holds/${holds[0]!.id}/lift`,
      signedIn(adminToken, { method: 'POST', json: { reason: 'Tentando liberar daqui' } }),
    );
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(HOLD_MESSAGES.notLiftableHere);
    expect(await activeReasons(group.id)).toEqual(['court_order', 'legal_notice']);
    // A court order needs its reference; a lift needs its reason.
    const bare = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${group.id}/holds`,
      signedIn(adminToken, { method: 'POST', json: { reason: 'court_order', note: '' } }),
    );
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { fields: Record<string, string> }).fields.note).toBe(
      HOLD_MESSAGES.noteRequired,
    );
    // Only admins.
    const stranger = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${group.id}/holds`,
      signedIn(ownerToken),
    );
    expect(stranger.status).toBe(403);
  });

  it('a court order on a public group tells its owner why, with the process number', async () => {
    const group = await addGroup();
    await place.court_order(group.id);
    const mail = await catcher.waitFor(
      (m) => m.to.includes('dono@teste.local') && m.text.includes('0001234-56.2026.8.26.0100'),
    );
    expect(mail.text).toContain('ordem judicial');
    expect(mail.text).toContain(group.title);
    // The owner's panel says why (the strongest hold), never a broken link or reports.
    const panel = (await (await callFunction(userFn, '/api/user/groups', signedIn(ownerToken))).json()) as {
      id: string;
      hidden: boolean;
      hiddenReason: string | null;
    }[];
    expect(panel.find((g) => g.id === group.id)).toMatchObject({ hidden: true, hiddenReason: 'court_order' });
  });

  it("'Notificações jurídicas' shows the notice's group with its picture, every active hold and its history", async () => {
    const group = await addGroup({ image: '/api/images/00000000-0000-4000-8000-000000000001.webp' });
    await db.insert(groupRevisions).values({
      groupId: group.id,
      userId: ownerId,
      title: 'Título que o dono pediu',
      description: 'Descrição que o dono pediu',
      categoryId,
      image: '/api/images/00000000-0000-4000-8000-000000000002.webp',
      status: 'rejected',
    });
    await place.reports(group.id);
    await place.legal_notice(group.id);
    const res = await callFunction(adminNoticesFn, '/api/admin/legal-notices', signedIn(adminToken));
    const { pending } = (await res.json()) as {
      pending: {
        group: {
          id: string;
          image: string | null;
          holds: { reason: string }[];
          revisions: { title: string; image: string | null; status: string }[];
        } | null;
      }[];
    };
    const shown = pending.find((n) => n.group?.id === group.id)!;
    expect(shown.group!.image).toBe(group.image);
    expect(shown.group!.holds.map((h) => h.reason)).toEqual(['reports', 'legal_notice']);
    expect(shown.group!.revisions).toEqual([
      expect.objectContaining({
        title: 'Título que o dono pediu',
        image: '/api/images/00000000-0000-4000-8000-000000000002.webp',
        status: 'rejected',
      }),
    ]);
  });
});

/** A stored picture (local Blobs), as the owner's upload leaves it. */
async function storedPicture() {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#25D366' } })
    .png()
    .toBuffer();
  const prepared = await prepareImageBytes(new Uint8Array(png));
  const key = await saveImage(prepared!);
  return { key, url: imageUrl(key) };
}

describe('evidence kept', () => {
  it('the owner cannot delete a group under a pending notice (409 saying why and how to contest), nor change its link', async () => {
    const picture = await storedPicture();
    const group = await addGroup({ image: picture.url });
    await place.legal_notice(group.id);
    const res = await callFunction(
      userGroupsFn,
      `/api/user/groups/${group.id}`,
      signedIn(ownerToken, { method: 'DELETE' }),
    );
    expect(res.status).toBe(409);
    const { message } = (await res.json()) as { message: string };
    expect(message).toBe(HOLD_MESSAGES.evidenceDelete);
    expect(message).toContain('contestar');
    expect(await db.select().from(groups).where(eq(groups.id, group.id))).toHaveLength(1);
    expect(await readImage(picture.key)).not.toBeNull();
    const relink = await callFunction(
      userGroupsFn,
      `/api/user/groups/${group.id}`,
      signedIn(ownerToken, { method: 'PATCH', json: { link: 'https://chat.whatsapp.com/OutroCodigo0001' } }),
    );
    expect(relink.status).toBe(409);
    // Kept ('Manter'): no longer evidence, the owner may delete it.
    await lift.legal_notice(group.id);
    const again = await callFunction(
      userGroupsFn,
      `/api/user/groups/${group.id}`,
      signedIn(ownerToken, { method: 'DELETE' }),
    );
    expect(again.status).toBe(200);
  });

  it('an upheld notice and a court order keep the group from its owner too', async () => {
    const upheld = await addGroup();
    await place.legal_notice(upheld.id);
    const [notice] = await db.select().from(legalNotices).where(eq(legalNotices.groupId, upheld.id));
    await callFunction(
      adminNoticesFn,
      `/api/admin/legal-notices/${notice!.id}`,
      signedIn(adminToken, {
        method: 'POST',
        json: {
          decision: 'remove',
          reason: 'Material confirmado pela equipe.',
          authorityReport: { reportedOn: '2026-03-01', agency: 'Polícia Federal', protocol: 'PF-2026-77' },
        },
      }),
    );
    const ordered = await addGroup();
    await place.court_order(ordered.id);
    for (const g of [upheld, ordered]) {
      const res = await callFunction(
        userGroupsFn,
        `/api/user/groups/${g.id}`,
        signedIn(ownerToken, { method: 'DELETE' }),
      );
      expect(res.status).toBe(409);
    }
    // The admin cannot sweep them away either: 'Excluir' removes it (kept, held), never deletes it.
    const byAdmin = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${ordered.id}`,
      signedIn(adminToken, { method: 'DELETE' }),
    );
    expect(byAdmin.status).toBe(200);
    expect(await byAdmin.json()).toMatchObject({ outcome: 'removed' });
    const again = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${ordered.id}`,
      signedIn(adminToken, { method: 'DELETE' }),
    );
    expect(again.status).toBe(409);
    expect(await db.select().from(groups).where(eq(groups.id, ordered.id))).toHaveLength(1);
  });

  it('deleting the account keeps the evidence, unlinked, with its pictures, revisions and taken invite link', async () => {
    const reg = await callFunction(authFn, '/api/register', {
      ...json({
        name: 'Dona Conta',
        email: 'dona-conta@teste.local',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        adult: true,
      }),
      ip: '198.51.100.77',
    });
    expect(reg.status).toBe(201);
    // The session travels in the cookie only (#46).
    const token = sessionCookieOf(reg);
    const { user } = (await reg.json()) as { user: { id: string } };
    const picture = await storedPicture();
    const revisionPicture = await storedPicture();
    const evidence = await addGroup({ userId: user.id, image: picture.url });
    await db.insert(groupRevisions).values({
      groupId: evidence.id,
      userId: user.id,
      title: 'Título novo',
      description: 'Descrição nova',
      categoryId,
      image: revisionPicture.url,
    });
    const plain = await addGroup({ userId: user.id });
    await place.legal_notice(evidence.id);

    const res = await callFunction(accountFn, '/api/user/account', {
      method: 'DELETE',
      headers: withSessionCookie({ 'content-type': 'application/json' }, token),
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    const [kept] = await db.select().from(groups).where(eq(groups.id, evidence.id));
    expect(kept).toMatchObject({ userId: null, image: picture.url, inviteCode: evidence.inviteCode });
    expect(
      await db.select().from(groupRevisions).where(eq(groupRevisions.groupId, evidence.id)),
    ).toHaveLength(1);
    expect(await readImage(picture.key)).not.toBeNull();
    expect(await readImage(revisionPicture.key)).not.toBeNull();
    expect(await db.select().from(groups).where(eq(groups.id, plain.id))).toEqual([]);
    // Its invite link is not free for someone else's submission.
    const form = new FormData();
    form.set('title', 'O mesmo convite');
    form.set('description', 'Tentando publicar o mesmo convite de novo.');
    form.set('link', evidence.link);
    const [category] = await db.select().from(categories).where(eq(categories.id, categoryId));
    form.set('category', category!.name);
    const resubmit = await callFunction(submitFn, '/api/groups', {
      method: 'POST',
      body: form,
      ip: '198.51.100.78',
    });
    expect(resubmit.status).toBe(409);
  });
});

describe('a hold pauses a paid featuring (#41)', () => {
  const DAY = 86_400_000;
  async function featured() {
    const now = Date.now();
    const group = await addGroup({ featured: true, featuredUntil: new Date(now + 5 * DAY) });
    const [plan] = await db.select().from(featurePlans).limit(1);
    const [order] = await db
      .insert(featureOrders)
      .values({
        userId: ownerId,
        groupId: group.id,
        planId: plan!.id,
        status: 'active',
        price: 3990,
        days: 7,
        startDate: new Date(now - 2 * DAY),
        endDate: new Date(now + 5 * DAY),
      })
      .returning();
    return { group, order: order! };
  }
  const groupRow = async (id: string) => (await db.select().from(groups).where(eq(groups.id, id)))[0]!;
  const orderRow = async (id: string) =>
    (await db.select().from(featureOrders).where(eq(featureOrders.id, id)))[0]!;

  it('keeps the days left while held (no expiry, no reminder) and resumes them when the last hold is lifted', async () => {
    const { group, order } = await featured();
    await place.admin(group.id);
    await place.court_order(group.id);
    const paused = await groupRow(group.id);
    expect(paused.featuringPausedAt).not.toBeNull();
    // The admin's dialog says it is paused, not 'Destacado até …'.
    expect(toAdminGroupJson(await getAdminGroup(db, group.id)).featuringPausedAt).toBe(
      paused.featuringPausedAt!.toISOString(),
    );
    // A week later the featuring has not run out: nothing expires, nobody is told it ends.
    const later = new Date(Date.now() + 7 * DAY);
    await expireFeatures(db, later);
    expect(await groupRow(group.id)).toMatchObject({ featured: true });
    expect((await orderRow(order.id)).status).toBe('active');
    expect(await queueFeaturingReminders(db, later)).toBe(0);
    // The owner's panel counts the days at the pause and says it is paused.
    const orders = await listUserFeatureOrders(db, ownerId, later);
    expect(orders.find((o) => o.id === order.id)).toMatchObject({ paused: true, daysRemaining: 5 });
    const panel = (await (await callFunction(userFn, '/api/user/groups', signedIn(ownerToken))).json()) as {
      id: string;
      featuringPaused: boolean;
    }[];
    expect(panel.find((g) => g.id === group.id)!.featuringPaused).toBe(true);

    // Held three days: lifting one hold keeps it paused, the last one resumes it three days later.
    await db
      .update(groups)
      .set({ featuringPausedAt: new Date(paused.featuringPausedAt!.getTime() - 3 * DAY) })
      .where(eq(groups.id, group.id));
    await lift.admin(group.id);
    expect((await groupRow(group.id)).featuringPausedAt).not.toBeNull();
    await lift.court_order(group.id);
    const resumed = await groupRow(group.id);
    expect(resumed.featuringPausedAt).toBeNull();
    const shifted = (at: Date | null) => at!.getTime() - 3 * DAY;
    expect(Math.abs(shifted(resumed.featuredUntil) - paused.featuredUntil!.getTime())).toBeLessThan(60_000);
    expect(Math.abs(shifted((await orderRow(order.id)).endDate) - order.endDate!.getTime())).toBeLessThan(
      60_000,
    );
    expect(await isPublic(group.id)).toBe(true);
  });

  it('a group that is not featured has nothing to pause', async () => {
    const group = await addGroup();
    await place.admin(group.id);
    expect((await groupRow(group.id)).featuringPausedAt).toBeNull();
  });
});

describe('migration 0029', () => {
  it("turns today's hidden groups into holds: one per notice that holds the group, else the one reason", async () => {
    const at = new Date('2026-05-01T10:00:00Z');
    const byNotices = await addGroup({ hiddenAt: at, hiddenReason: 'legal_notice' });
    const orphanNotice = await addGroup({ hiddenAt: at, hiddenReason: 'legal_notice' });
    const dead = await addGroup({ hiddenAt: at, hiddenReason: 'dead_link' });
    const reported = await addGroup({ hiddenAt: at, hiddenReason: 'reports' });
    const noReason = await addGroup({ hiddenAt: at });
    const visible = await addGroup();
    const notice = (status: 'pending' | 'removed' | 'kept', hid: Date | null) => ({
      kind: 'child_abuse' as const,
      status,
      groupId: byNotices.id,
      groupTitle: byNotices.title,
      groupUrl: `/grupo/${byNotices.id}`,
      name: 'Maria',
      email: 'maria@exemplo.com.br',
      description: 'Descrição da denúncia.',
      addressHash: 'h',
      hidGroupAt: hid,
    });
    const [pendingHid, upheld] = await db
      .insert(legalNotices)
      .values([notice('pending', at), notice('removed', null), notice('kept', at), notice('pending', null)])
      .returning({ id: legalNotices.id });
    const file = new URL('../../db/migrations/0029_holds_custom.sql', import.meta.url);
    for (const statement of (await readFile(file, 'utf8')).split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));
    const holdsOf = async (id: string) =>
      (await db.select().from(groupHolds).where(eq(groupHolds.groupId, id))).map((h) => [
        h.reason,
        h.noticeId,
      ]);
    expect((await holdsOf(byNotices.id)).sort()).toEqual(
      [
        ['legal_notice', pendingHid!.id],
        ['legal_notice', upheld!.id],
      ].sort(),
    );
    expect(await holdsOf(orphanNotice.id)).toEqual([['legal_notice', null]]);
    expect(await holdsOf(dead.id)).toEqual([['dead_link', null]]);
    expect(await holdsOf(reported.id)).toEqual([['reports', null]]);
    expect(await holdsOf(noReason.id)).toEqual([['admin', null]]);
    expect(await holdsOf(visible.id)).toEqual([]);
    // From here on each lifts by its own decision: 'Descartar' brings the reported group back.
    await db
      .insert(groupReports)
      .values({ groupId: reported.id, reason: 'spam', description: 'x', reporterHash: 'm' });
    await lift.reports(reported.id);
    expect(await isPublic(reported.id)).toBe(true);
  });
});
