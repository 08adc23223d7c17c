// Appeals (issue #41, item 1): the owner of a held group is told why (never who notified) with a
// 'Contestar' link, contests through the real function, and an admin (not the one who placed the hold,
// when there are two) restores or keeps it; restore lifts that hold only, the owner hears the outcome
// and the hold's trail keeps the appeal. Real database, real SMTP catcher, a local build hook.
import http from 'node:http';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  categories,
  groupHolds,
  groups,
  holdAppeals,
  legalNoticeEvents,
  legalNotices,
  rateLimitBuckets,
  users,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as adminAppealsFn from '../../functions/admin-appeals.ts';
import * as dashboardFn from '../../functions/admin-dashboard.ts';
import * as adminGroupsFn from '../../functions/admin-groups.ts';
import * as groupsFn from '../../functions/groups.ts';
import * as noticesFn from '../../functions/legal-notices.ts';
import * as userFn from '../../functions/user.ts';
import * as appealsFn from '../../functions/user-group-appeals.ts';
import { APPEAL_MESSAGES } from '../../src/features/appeals/appeals.ts';
import { signSession } from '../../src/features/auth/session.server.ts';
import { recordLinkAnswer } from '../../src/features/links/link-health.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { linkIn, setupMailCatcher } from '../support/mail.ts';
import { signedIn } from './admin-support.ts';

const { db } = await setupTestDb();
const catcher = await setupMailCatcher();
const hook = http.createServer((_req, res) => res.writeHead(200).end());

let chief = { id: '', token: '' };
let second = { id: '', token: '' };
let ownerToken = '';
let strangerToken = '';
let ownerId = '';
let categoryId = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  process.env.BUILD_HOOK_URL = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`;
  process.env.REBUILD_DEBOUNCE_SECONDS = '0';
  resetEnvForTests();
  await seedDatabase(db, { groups: 0 });
  const [category] = await db.select().from(categories).where(eq(categories.adult, false)).limit(1);
  categoryId = category!.id;
  const [a, owner, stranger] = await db
    .insert(users)
    .values([
      { email: 'chefe@teste.local', password: 'x', name: 'Chefe', admin: true, emailConfirmedAt: new Date() },
      { email: 'dono@teste.local', password: 'x', name: 'Dono', admin: false, emailConfirmedAt: new Date() },
      {
        email: 'outro@teste.local',
        password: 'x',
        name: 'Outro',
        admin: false,
        emailConfirmedAt: new Date(),
      },
    ])
    .returning();
  chief = { id: a!.id, token: await signSession(a!.id) };
  ownerId = owner!.id;
  ownerToken = await signSession(owner!.id);
  strangerToken = await signSession(stranger!.id);
});
afterAll(async () => {
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
  const code = `ApPeAlCoDe${String(serial).padStart(6, '0')}`;
  const [row] = await db
    .insert(groups)
    .values({
      title: `Grupo contestado ${serial}`,
      description: 'Um grupo para os testes de contestação.',
      link: `https://chat.whatsapp.com/${code}`,
      inviteCode: code,
      categoryId,
      titleSlug: `grupo-contestado-${serial}`,
      approved: true,
      userId: ownerId,
    })
    .returning();
  return row!;
}

async function placeAdminHold(
  groupId: string,
  reason: 'admin' | 'court_order',
  note: string,
  token = chief.token,
) {
  const res = await callFunction(
    adminGroupsFn,
    `/api/admin/groups/${groupId}/holds`,
    signedIn(token, { method: 'POST', json: { reason, note } }),
  );
  expect(res.status).toBe(200);
}

const contest = (groupId: string, text: unknown, token = ownerToken) =>
  callFunction(
    appealsFn,
    `/api/user/groups/${groupId}/appeals`,
    signedIn(token, { method: 'POST', json: { text } }),
  );

type AppealView = {
  id: string;
  canDecide: boolean;
  text: string;
  group: { id: string };
  hold: { reason: string; note: string | null };
};
async function openAppeals(token = chief.token) {
  const res = await callFunction(adminAppealsFn, '/api/admin/appeals', signedIn(token));
  expect(res.status).toBe(200);
  return ((await res.json()) as { open: AppealView[] }).open;
}
const decide = (id: string, decision: 'restore' | 'keep', reason: string, token: string) =>
  callFunction(
    adminAppealsFn,
    `/api/admin/appeals/${id}`,
    signedIn(token, { method: 'POST', json: { decision, reason } }),
  );

async function panelGroup(groupId: string) {
  const res = await callFunction(userFn, '/api/user/groups', signedIn(ownerToken));
  const list = (await res.json()) as {
    id: string;
    hidden: boolean;
    holdNote: string | null;
    canAppeal: boolean;
    appeal: { status: string; decisionReason: string | null } | null;
  }[];
  return list.find((g) => g.id === groupId)!;
}
const isPublic = async (id: string) => (await callFunction(groupsFn, `/api/groups/${id}`)).status === 200;
const ARGUMENT = 'O grupo só fala de futebol; a mensagem denunciada foi apagada e o autor saiu.';

describe('Contestar: the owner is told why and contests', () => {
  it("an admin's hide e-mails the reason and a 'Contestar' link; the panel shows both; one open appeal per hold", async () => {
    const group = await addGroup();
    await placeAdminHold(group.id, 'admin', 'Divulgação de apostas não autorizadas');
    const mail = await catcher.waitFor(
      (m) => m.to.includes('dono@teste.local') && m.text.includes(group.title),
    );
    expect(mail.text).toContain('Divulgação de apostas não autorizadas');
    expect(linkIn(mail.text, '/painel?contestar=').searchParams.get('contestar')).toBe(group.id);

    expect(await panelGroup(group.id)).toMatchObject({
      hidden: true,
      holdNote: 'Divulgação de apostas não autorizadas',
      canAppeal: true,
      appeal: null,
    });

    const first = await contest(group.id, ARGUMENT);
    expect(first.status).toBe(201);
    const again = await contest(group.id, `${ARGUMENT} De novo.`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(APPEAL_MESSAGES.alreadyOpen);
    expect(await panelGroup(group.id)).toMatchObject({ canAppeal: false, appeal: { status: 'open' } });
  });

  it("refuses someone else's group, a group with no hold, empty and too long text", async () => {
    const held = await addGroup();
    await placeAdminHold(held.id, 'admin', 'Conteúdo fora das regras');
    expect((await contest(held.id, ARGUMENT, strangerToken)).status).toBe(404);
    const free = await addGroup();
    expect((await contest(free.id, ARGUMENT)).status).toBe(400);
    expect((await contest(held.id, '   \u200b  ')).status).toBe(400);
    expect((await contest(held.id, 'x'.repeat(2001))).status).toBe(400);
    expect((await contest(held.id, 42)).status).toBe(400);
    const anonymous = await callFunction(appealsFn, `/api/user/groups/${held.id}/appeals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: ARGUMENT }),
    });
    expect(anonymous.status).toBe(401);
    expect(await db.select().from(holdAppeals).where(eq(holdAppeals.groupId, held.id))).toEqual([]);
  });

  it("a legal notice's automatic hide tells the owner why, never who notified", async () => {
    const group = await addGroup();
    const res = await callFunction(noticesFn, '/api/legal-notices', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'child_abuse',
        groupUrl: `/grupo/${group.id}`,
        name: 'Notificante Sigilosa',
        email: 'notificante.sigilosa@exemplo.com.br',
        description: 'O grupo compartilha material de abuso infantil.',
        declaration: true,
      }),
      ip: '203.0.113.77',
    });
    expect(res.status).toBe(201);
    const mail = await catcher.waitFor(
      (m) => m.to.includes('dono@teste.local') && m.text.includes(group.title),
    );
    expect(mail.text).toContain('denúncia jurídica');
    expect(mail.text).toContain('/painel?contestar=');
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('Notificante Sigilosa');
      expect(part).not.toContain('notificante.sigilosa');
    }
    expect((await contest(group.id, ARGUMENT)).status).toBe(201);
  });
});

describe('every hold and every removal: told, contestable, on the clock (#41)', () => {
  it('a hold placed on a group already held (a dead link) tells the owner too', async () => {
    const group = await addGroup();
    await recordLinkAnswer(db, group.id, 'dead', new Date());
    await recordLinkAnswer(db, group.id, 'dead', new Date(Date.now() + 61 * 60_000));
    await placeAdminHold(group.id, 'admin', 'Perfil falso de loja conhecida');
    const mail = await catcher.waitFor(
      (m) => m.to.includes('dono@teste.local') && m.text.includes('Perfil falso de loja conhecida'),
    );
    expect(linkIn(mail.text, '/painel?contestar=').searchParams.get('contestar')).toBe(group.id);
    expect((await panelGroup(group.id)).canAppeal).toBe(true);
  });

  it("an admin's 'Excluir' removes an owned public group: the owner gets the reason and 'Contestar'; restore brings it back", async () => {
    const group = await addGroup();
    const res = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${group.id}`,
      signedIn(chief.token, { method: 'DELETE', json: { reason: 'Venda de seguidores falsos' } }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'removed' });
    expect(await isPublic(group.id)).toBe(false);
    const mail = await catcher.waitFor(
      (m) => m.to.includes('dono@teste.local') && m.text.includes('Venda de seguidores falsos'),
    );
    expect(mail.text).toContain('A equipe removeu o grupo do diretório');
    expect(mail.text).toContain('/painel?contestar=');
    expect(await panelGroup(group.id)).toMatchObject({
      hidden: true,
      holdNote: 'Venda de seguidores falsos',
      canAppeal: true,
    });
    expect((await contest(group.id, ARGUMENT)).status).toBe(201);
    // Contested: the admin cannot delete it for good while the appeal waits.
    const sweep = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${group.id}`,
      signedIn(chief.token, { method: 'DELETE' }),
    );
    expect(sweep.status).toBe(409);
    const [appeal] = (await openAppeals()).filter((a) => a.group.id === group.id);
    expect(appeal!.hold.reason).toBe('removed');
    expect((await decide(appeal!.id, 'restore', 'Os seguidores são reais.', chief.token)).status).toBe(200);
    expect(await isPublic(group.id)).toBe(true);
  });

  it('a second Excluir of a removed group nobody contested deletes it; a group with no owner is deleted at once', async () => {
    const group = await addGroup();
    const del = () =>
      callFunction(
        adminGroupsFn,
        `/api/admin/groups/${group.id}`,
        signedIn(chief.token, { method: 'DELETE' }),
      );
    expect(await (await del()).json()).toMatchObject({ outcome: 'removed' });
    expect(await (await del()).json()).toMatchObject({ outcome: 'deleted' });
    expect(await db.select().from(groups).where(eq(groups.id, group.id))).toEqual([]);
    const orphan = await addGroup();
    await db.update(groups).set({ userId: null }).where(eq(groups.id, orphan.id));
    const res = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${orphan.id}`,
      signedIn(chief.token, { method: 'DELETE' }),
    );
    expect(await res.json()).toMatchObject({ outcome: 'deleted' });
  });

  it("a bulk 'Excluir por título' removes an owned public group (told, contestable) and deletes the rest", async () => {
    const owned = await addGroup();
    await db.update(groups).set({ title: 'Título em massa' }).where(eq(groups.id, owned.id));
    const orphan = await addGroup();
    await db.update(groups).set({ title: 'título em massa ', userId: null }).where(eq(groups.id, orphan.id));
    const res = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/delete-by-title/${encodeURIComponent('Título em massa')}`,
      signedIn(chief.token, { method: 'DELETE' }),
    );
    expect(await res.json()).toMatchObject({
      count: 2,
      message: '1 grupo excluído; 1 removido do site (os donos foram avisados e podem contestar)',
    });
    expect(await db.select().from(groups).where(eq(groups.id, orphan.id))).toEqual([]);
    expect(await panelGroup(owned.id)).toMatchObject({ hidden: true, canAppeal: true });
    await catcher.waitFor((m) => m.to.includes('dono@teste.local') && m.text.includes('Título em massa'));
  });

  it('every admin is e-mailed when an appeal arrives, and it runs on the 24-hour clock', async () => {
    const group = await addGroup();
    await placeAdminHold(group.id, 'admin', 'Conteúdo enganoso');
    expect((await contest(group.id, ARGUMENT)).status).toBe(201);
    const alert = await catcher.waitFor(
      (m) => m.to.includes('chefe@teste.local') && m.subject === `Contestação recebida: ${group.title}`,
    );
    expect(alert.text).toContain('/admin/contestacoes');
    const [appeal] = (await openAppeals()).filter((a) => a.group.id === group.id) as unknown as {
      createdAt: string;
      dueAt: string;
      overdue: boolean;
    }[];
    expect(new Date(appeal!.dueAt).getTime() - new Date(appeal!.createdAt).getTime()).toBe(24 * 3_600_000);
    expect(appeal!.overdue).toBe(false);
    await db
      .update(holdAppeals)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(holdAppeals.groupId, group.id));
    const [late] = (await openAppeals()).filter((a) => a.group.id === group.id) as unknown as {
      overdue: boolean;
    }[];
    expect(late!.overdue).toBe(true);
    const metrics = await callFunction(dashboardFn, '/api/admin/dashboard-metrics', signedIn(chief.token));
    const { queues } = (await metrics.json()) as { queues: { appeals: { open: number; overdue: number } } };
    expect(queues.appeals.overdue).toBeGreaterThanOrEqual(1);
    expect(queues.appeals.open).toBeGreaterThanOrEqual(queues.appeals.overdue);
  });
});

describe('Contestações: the admin decides', () => {
  beforeAll(async () => {
    const [b] = await db
      .insert(users)
      .values({ email: 'segunda@teste.local', password: 'x', name: 'Segunda', admin: true })
      .returning();
    second = { id: b!.id, token: await signSession(b!.id) };
  });

  it('with two admins, the one who placed the hold cannot decide; the other restores: that hold only, the trail kept', async () => {
    const group = await addGroup();
    await placeAdminHold(group.id, 'admin', 'Suspeita de golpe');
    expect((await contest(group.id, ARGUMENT)).status).toBe(201);

    const [mine] = (await openAppeals(chief.token)).filter((a) => a.group.id === group.id);
    expect(mine).toMatchObject({
      canDecide: false,
      text: ARGUMENT,
      hold: { reason: 'admin', note: 'Suspeita de golpe' },
    });
    const refused = await decide(mine!.id, 'restore', 'Revisto', chief.token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(APPEAL_MESSAGES.sameAdmin);

    const [theirs] = (await openAppeals(second.token)).filter((a) => a.group.id === group.id);
    expect(theirs!.canDecide).toBe(true);
    const ok = await decide(theirs!.id, 'restore', 'Não encontramos sinais de golpe.', second.token);
    expect(ok.status).toBe(200);
    expect(await isPublic(group.id)).toBe(true);

    const [hold] = await db.select().from(groupHolds).where(eq(groupHolds.groupId, group.id));
    expect(hold!.liftReason).toBe('Contestação aceita: Não encontramos sinais de golpe.');
    expect(hold!.liftedBy).toBe(second.id);
    const [appeal] = await db.select().from(holdAppeals).where(eq(holdAppeals.holdId, hold!.id));
    expect(appeal).toMatchObject({ status: 'restored', decidedBy: second.id, text: ARGUMENT });
    const mail = await catcher.waitFor(
      (m) => m.to.includes('dono@teste.local') && m.subject.startsWith('Contestação aceita'),
    );
    expect(mail.text).toContain('Não encontramos sinais de golpe.');
    expect(mail.text).toContain('voltou ao');
    // Decided: a second decision is refused.
    expect((await decide(theirs!.id, 'keep', 'De novo', second.token)).status).toBe(404);
  });

  it('restore lifts the contested hold only: a court order on the same group stands', async () => {
    const group = await addGroup();
    await placeAdminHold(group.id, 'admin', 'Conteúdo fora das regras', second.token);
    await placeAdminHold(group.id, 'court_order', 'Processo 0009999-11.2026.8.26.0100', second.token);
    // The strongest hold is the court order; the owner names the admin's hide.
    const [adminHold] = await db
      .select()
      .from(groupHolds)
      .where(and(eq(groupHolds.groupId, group.id), eq(groupHolds.reason, 'admin')));
    const res = await callFunction(
      appealsFn,
      `/api/user/groups/${group.id}/appeals`,
      signedIn(ownerToken, { method: 'POST', json: { text: ARGUMENT, holdId: adminHold!.id } }),
    );
    expect(res.status).toBe(201);
    const [appeal] = (await openAppeals()).filter((a) => a.group.id === group.id);
    expect((await decide(appeal!.id, 'restore', 'A regra não se aplica.', chief.token)).status).toBe(200);
    expect(await isPublic(group.id)).toBe(false);
    const active = await db
      .select({ reason: groupHolds.reason })
      .from(groupHolds)
      .where(and(eq(groupHolds.groupId, group.id), isNull(groupHolds.liftedAt)));
    expect(active.map((h) => h.reason)).toEqual(['court_order']);
    const mail = await catcher.waitFor(
      (m) => m.to.includes('dono@teste.local') && m.text.includes('A regra não se aplica.'),
    );
    expect(mail.text).toContain('por outro motivo');
  });

  it('keep leaves the hold, e-mails the reason, and a new appeal may follow', async () => {
    const group = await addGroup();
    await placeAdminHold(group.id, 'admin', 'Venda de produtos proibidos', second.token);
    expect((await contest(group.id, ARGUMENT)).status).toBe(201);
    const [appeal] = (await openAppeals()).filter((a) => a.group.id === group.id);
    expect(
      (await decide(appeal!.id, 'keep', 'As mensagens de venda continuam no grupo.', chief.token)).status,
    ).toBe(200);
    expect(await isPublic(group.id)).toBe(false);
    const mail = await catcher.waitFor(
      (m) =>
        m.to.includes('dono@teste.local') && m.text.includes('As mensagens de venda continuam no grupo.'),
    );
    expect(mail.subject).toContain('decisão mantida');
    expect(await panelGroup(group.id)).toMatchObject({
      canAppeal: true,
      appeal: { status: 'kept', decisionReason: 'As mensagens de venda continuam no grupo.' },
    });
    expect((await contest(group.id, `${ARGUMENT} Removemos as mensagens.`)).status).toBe(201);
  });

  it('a lone admin decides the appeal of a hold they placed', async () => {
    await db.update(users).set({ admin: false }).where(eq(users.id, second.id));
    try {
      const group = await addGroup();
      await placeAdminHold(group.id, 'admin', 'Conteúdo fora das regras');
      expect((await contest(group.id, ARGUMENT)).status).toBe(201);
      const [appeal] = (await openAppeals()).filter((a) => a.group.id === group.id);
      expect(appeal!.canDecide).toBe(true);
      expect((await decide(appeal!.id, 'restore', 'Revisto e liberado.', chief.token)).status).toBe(200);
      expect(await isPublic(group.id)).toBe(true);
    } finally {
      await db.update(users).set({ admin: true }).where(eq(users.id, second.id));
    }
  });

  it("the hold's trail in the group's dialog, and the notice's, record each appeal and its outcome", async () => {
    const group = await addGroup();
    const res = await callFunction(noticesFn, '/api/legal-notices', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'child_abuse',
        groupUrl: `/grupo/${group.id}`,
        name: 'Notificante',
        email: 'notificante.trilha@exemplo.com.br',
        description: 'O grupo compartilha material de abuso infantil.',
        declaration: true,
      }),
      ip: '203.0.113.78',
    });
    expect(res.status).toBe(201);
    expect((await contest(group.id, ARGUMENT)).status).toBe(201);
    const [appeal] = (await openAppeals()).filter((a) => a.group.id === group.id);
    expect((await decide(appeal!.id, 'keep', 'O material foi confirmado.', second.token)).status).toBe(200);
    const holds = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${group.id}/holds`,
      signedIn(chief.token),
    );
    const { holds: active } = (await holds.json()) as {
      holds: { reason: string; appeals: { status: string; decidedBy: string; decisionReason: string }[] }[];
    };
    expect(active[0]).toMatchObject({
      reason: 'legal_notice',
      appeals: [
        { status: 'kept', decidedBy: 'segunda@teste.local', decisionReason: 'O material foi confirmado.' },
      ],
    });
    const [notice] = await db.select().from(legalNotices).where(eq(legalNotices.groupId, group.id));
    const events = await db
      .select({ action: legalNoticeEvents.action })
      .from(legalNoticeEvents)
      .where(eq(legalNoticeEvents.noticeId, notice!.id))
      .orderBy(legalNoticeEvents.id);
    expect(events.map((e) => e.action)).toEqual(['received', 'group_hidden', 'appealed', 'appeal_decided']);
  });

  it('with two admins, who decided an earlier appeal on the same hold does not decide the next', async () => {
    const group = await addGroup();
    // Placed by the system (reports): the first appeal is anyone's; its decider is out for the second.
    await db.insert(groupHolds).values({ groupId: group.id, reason: 'reports' });
    await db
      .update(groups)
      .set({ hiddenAt: new Date(), hiddenReason: 'reports' })
      .where(eq(groups.id, group.id));
    expect((await contest(group.id, ARGUMENT)).status).toBe(201);
    const [first] = (await openAppeals()).filter((a) => a.group.id === group.id);
    expect((await decide(first!.id, 'keep', 'As denúncias procedem.', chief.token)).status).toBe(200);
    expect((await contest(group.id, `${ARGUMENT} Apagamos as mensagens.`)).status).toBe(201);
    const [next] = (await openAppeals(chief.token)).filter((a) => a.group.id === group.id);
    expect(next!.canDecide).toBe(false);
    expect((await decide(next!.id, 'restore', 'Revisto', chief.token)).status).toBe(403);
    expect((await decide(next!.id, 'restore', 'As mensagens foram apagadas.', second.token)).status).toBe(
      200,
    );
  });

  it('only admins see and decide appeals', async () => {
    expect((await callFunction(adminAppealsFn, '/api/admin/appeals', signedIn(ownerToken))).status).toBe(403);
  });
});
