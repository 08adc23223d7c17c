// 'Reivindicar grupo' (issue #32) through the functions, on the real database, against the fake
// WhatsApp server (real invite pages, parsed by the real checker): a squat claimed back, another
// owner's approved group changing hands with its clicks and paid time, the name not changed yet, an
// expired code, the limits, the pace shared with the scheduled checks, a 429 from WhatsApp, and no
// pending or hidden group's title in any answer about a duplicate link to a stranger.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  categories,
  groupClaims,
  groupRevisions,
  groups,
  linkCheckState,
  mailOutbox,
  rateLimitBuckets,
  users,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as adminClaimsFn from '../../functions/admin-group-claims.ts';
import * as verifyFn from '../../functions/group-claim-verify.ts';
import * as claimsFn from '../../functions/group-claims.ts';
import * as submitFn from '../../functions/submit-group.ts';
import * as linkFn from '../../functions/user-group-link.ts';
import * as userGroupsFn from '../../functions/user-groups.ts';
import { signSession } from '../../src/features/auth/session.server.ts';
import { verifyClaim } from '../../src/features/claims/claims.server.ts';
import { CLAIM_CODE_ALPHABET } from '../../src/features/claims/claims.ts';
import { CLAIM_PACE_KEY, runLinkChecks, takeCheckSlot } from '../../src/features/links/link-health.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { setupTestDb } from '../support/db.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../support/fake-whatsapp.ts';
import { callFunction } from '../support/functions.ts';
import { setupMailCatcher } from '../support/mail.ts';
import { signedIn } from './admin-support.ts';

const { db } = await setupTestDb();
const catcher = await setupMailCatcher();
let fake: FakeWhatsApp;
let categoryId: number;
let admin: Account;

interface Account {
  id: string;
  email: string;
  token: string;
}

let n = 0;
async function account(name: string, isAdmin = false): Promise<Account> {
  const email = `${name.toLowerCase()}-${++n}@teste.local`;
  const [row] = await db
    .insert(users)
    .values({ email, password: 'x', name, admin: isAdmin, emailConfirmedAt: new Date() })
    .returning();
  return { id: row!.id, email, token: await signSession(row!.id) };
}

const nextCode = () => `ClaimCode${String(++n).padStart(6, '0')}`;

async function addGroup(values: Partial<typeof groups.$inferInsert> & { title: string }) {
  const invite = values.inviteCode ?? nextCode();
  const [row] = await db
    .insert(groups)
    .values({
      description: 'Um grupo de teste.',
      link: `https://chat.whatsapp.com/${invite}`,
      inviteCode: invite,
      categoryId,
      titleSlug: `grupo-${invite.toLowerCase()}`,
      approved: false,
      ...values,
    })
    .returning();
  return row!;
}

function submit(link: string, token?: string, title = 'Meu Grupo de Verdade') {
  const body = new FormData();
  body.set('title', title);
  body.set('description', 'O grupo que eu criei.');
  body.set('category', 'Esportes');
  body.set('link', link);
  const init = token ? signedIn(token, { method: 'POST', body }) : { method: 'POST', body };
  return callFunction(submitFn, '/api/groups', { ...init, ip: `198.51.100.${++n % 250}` });
}

const claim = (token: string, link: string) =>
  callFunction(claimsFn, '/api/group-claims', signedIn(token, { method: 'POST', json: { link } }));
const verify = (token: string, claimId: string) =>
  callFunction(verifyFn, `/api/group-claims/${claimId}/verify`, signedIn(token, { method: 'POST' }));

async function codeFor(token: string, link: string) {
  const res = await claim(token, link);
  expect(res.status).toBe(201);
  return (await res.json()) as { claimId: string; code: string; expiresAt: string; steps: string[] };
}

const row = async (id: string) => (await db.select().from(groups).where(eq(groups.id, id)))[0]!;
const claimRow = async (id: string) =>
  (await db.select().from(groupClaims).where(eq(groupClaims.id, id)))[0]!;
const requestsFor = (code: string) => fake.requests.filter((r) => r.includes(code)).length;

beforeAll(async () => {
  await seedDatabase(db, { groups: 0 });
  const [esportes] = await db.select().from(categories).where(eq(categories.name, 'Esportes'));
  categoryId = esportes!.id;
  admin = await account('Admin', true);
  fake = await startFakeWhatsApp();
  process.env.WHATSAPP_INVITE_BASE = fake.url;
  // A short pace keeps the file quick; the rule (one shared pace, never exceeded) is the same.
  process.env.LINK_CHECK_PACE = '50';
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.WHATSAPP_INVITE_BASE;
  delete process.env.LINK_CHECK_PACE;
  resetEnvForTests();
  await fake.close();
});
beforeEach(async () => {
  await db.delete(rateLimitBuckets);
  await db.delete(linkCheckState);
});

describe('claiming a squatted pending group', () => {
  it('gives the real owner the claim path, then the group once its name shows the code', async () => {
    const invite = nextCode();
    const link = `https://chat.whatsapp.com/${invite}`;
    fake.setInvite(invite, 'live-no-photo', 'Corrida de Rua Sorocaba');
    // The squat: someone else's link, sent anonymously under another title.
    const squat = await submit(link, undefined, 'Título do Invasor');
    expect(squat.status).toBe(201);
    const { id } = (await squat.json()) as { id: string };

    const owner = await account('Dona');
    const blocked = await submit(link, owner.token);
    expect(blocked.status).toBe(409);
    const text = await blocked.text();
    expect(text).not.toContain('Título do Invasor');
    expect(JSON.parse(text)).toMatchObject({
      code: 'INVITE_TAKEN',
      fields: { link: expect.stringMatching(/Se o grupo é seu, reivindique-o/) },
    });

    const started = await codeFor(owner.token, `chat.whatsapp.com/${invite}/`);
    expect(started.code).toMatch(new RegExp(`^ZAP-[${CLAIM_CODE_ALPHABET}]{4}$`));
    expect(new Date(started.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(started.steps.join(' ')).toContain(started.code);
    expect(JSON.stringify(started)).not.toContain('Título do Invasor');
    // Asking again while the code is valid gives the same code.
    const again = await claim(owner.token, link);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { code: string }).code).toBe(started.code);

    // Not renamed yet: 409 with the name WhatsApp shows.
    const early = await verify(owner.token, started.claimId);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({
      message: expect.stringMatching(/^O nome do grupo ainda é "Corrida de Rua Sorocaba"/),
      fields: { name: 'Corrida de Rua Sorocaba' },
    });
    expect((await row(id)).userId).toBeNull();

    // Renamed by the group's admin, in lower case and with spaces: found.
    const spaced = started.code.toLowerCase().replace('-', ' - ');
    fake.setInvite(invite, 'live-no-photo', `Corrida de Rua Sorocaba ${spaced}`);
    const done = await verify(owner.token, started.claimId);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      groupId: id,
      approved: false,
      message: expect.stringContaining(`tirar o código ${started.code}`),
    });
    // The squat is now the owner's own pending submission (still moderated), and theirs to edit.
    expect(await row(id)).toMatchObject({ userId: owner.id, approved: false });
    expect(await claimRow(started.claimId)).toMatchObject({
      status: 'verified',
      previousUserId: null,
      groupState: 'pending',
    });
    const mine = await submit(link, owner.token);
    expect(mine.status).toBe(409);
    expect(((await mine.json()) as { message: string }).message).toContain('"Título do Invasor"');
    // A verified claim is done.
    expect((await verify(owner.token, started.claimId)).status).toBe(409);
  });
});

describe("claiming another owner's approved group", () => {
  it('moves the group with its page, clicks and paid time, closes the old revision and tells the old owner', async () => {
    const previous = await account('Antigo');
    const claimant = await account('Nova');
    const featuredUntil = new Date(Date.now() + 5 * 86_400_000);
    const group = await addGroup({
      title: 'Pedal Campinas',
      approved: true,
      userId: previous.id,
      cliques: 5678,
      shares: 12,
      featured: true,
      featuredUntil,
    });
    await db.insert(groupRevisions).values({
      groupId: group.id,
      userId: previous.id,
      title: 'Pedal Campinas (novo)',
      description: 'Mudança do dono antigo.',
      categoryId,
    });
    fake.setInvite(group.inviteCode, 'live-no-photo', 'Pedal Campinas');
    const started = await codeFor(claimant.token, group.link);
    fake.setInvite(group.inviteCode, 'live-no-photo', `Pedal Campinas ${started.code}`);
    const res = await verify(claimant.token, started.claimId);
    expect(res.status).toBe(200);

    const after = await row(group.id);
    expect(after).toMatchObject({
      userId: claimant.id,
      approved: true,
      cliques: 5678,
      shares: 12,
      featured: true,
      titleSlug: group.titleSlug,
      categoryId,
    });
    expect(after.featuredUntil?.getTime()).toBe(featuredUntil.getTime());
    expect(after.updatedAt.getTime()).toBe(group.updatedAt.getTime());
    const [revision] = await db.select().from(groupRevisions).where(eq(groupRevisions.groupId, group.id));
    expect(revision).toMatchObject({ status: 'rejected' });

    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, previous.email));
    expect(mail).toMatchObject({ template: 'group_claimed', status: 'sent' });
    const caught = await catcher.waitFor((m) => m.to.includes(previous.email));
    expect(caught.subject).toBe('Seu grupo passou para outra conta');
    expect(caught.text).toContain('Pedal Campinas');
    expect(caught.text).not.toContain(claimant.email);

    // The admin sees the claim in the group's history; nobody else does.
    const history = await callFunction(
      adminClaimsFn,
      `/api/admin/group-claims?groupId=${group.id}`,
      signedIn(admin.token),
    );
    expect(history.status).toBe(200);
    expect(await history.json()).toMatchObject({
      claims: [
        {
          status: 'verified',
          code: started.code,
          claimant: claimant.email,
          previousOwner: previous.email,
          groupState: 'approved',
        },
      ],
    });
    const stranger = await callFunction(
      adminClaimsFn,
      `/api/admin/group-claims?groupId=${group.id}`,
      signedIn(claimant.token),
    );
    expect(stranger.status).toBe(403);
  });
});

describe('what a claim refuses', () => {
  it('refuses your own group, a link not in the catalogue, bad input and visitors without a session', async () => {
    const owner = await account('Dono');
    const group = await addGroup({ title: 'Meu Próprio', userId: owner.id, approved: true });
    const own = await claim(owner.token, group.link);
    expect(own.status).toBe(409);
    expect(((await own.json()) as { message: string }).message).toBe(
      'Este grupo já é seu: ele está no seu painel.',
    );
    const absent = await claim(owner.token, `https://chat.whatsapp.com/${nextCode()}`);
    expect(absent.status).toBe(404);
    const bad = await claim(owner.token, 'https://example.com/x');
    expect(bad.status).toBe(400);
    const anonymous = await callFunction(claimsFn, '/api/group-claims', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link: group.link }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('answers an expired code with 410 and asks WhatsApp nothing', async () => {
    const claimant = await account('Atrasada');
    const group = await addGroup({ title: 'Grupo Lento' });
    fake.setInvite(group.inviteCode, 'live-no-photo', 'Grupo Lento');
    const started = await codeFor(claimant.token, group.link);
    await db
      .update(groupClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(groupClaims.id, started.claimId));
    const res = await verify(claimant.token, started.claimId);
    expect(res.status).toBe(410);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Este código expirou/);
    expect(requestsFor(group.inviteCode)).toBe(0);
    // Someone else's claim is not found, whatever its state.
    const other = await account('Outra');
    expect((await verify(other.token, started.claimId)).status).toBe(404);
  });
});

describe('limits', () => {
  it('limits codes per account and per link per hour with pt-BR 429s and Retry-After', async () => {
    const busy = await account('Apressada');
    for (let i = 0; i < 5; i++) {
      const g = await addGroup({ title: `Grupo ${i}` });
      expect((await claim(busy.token, g.link)).status).toBe(201);
    }
    const sixth = await addGroup({ title: 'Grupo 6' });
    const res = await claim(busy.token, sixth.link);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Você pediu muitos códigos em pouco tempo. Tente novamente mais tarde.',
    );

    const wanted = await addGroup({ title: 'Grupo Disputado' });
    for (let i = 0; i < 10; i++) {
      const someone = await account(`Pessoa${i}`);
      expect((await claim(someone.token, wanted.link)).status).toBe(201);
    }
    const eleventh = await claim((await account('Pessoa11')).token, wanted.link);
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('retry-after')).toBeTruthy();
    expect(((await eleventh.json()) as { message: string }).message).toBe(
      'Muitos pedidos de código para este grupo agora. Tente novamente mais tarde.',
    );
  });

  it('throwaway accounts cannot keep the real admin from claiming: the link cap counts new accounts per address', async () => {
    const stolen = await addGroup({ title: 'Grupo Roubado' });
    // Ten fresh accounts from one address spend that address's share for the link...
    for (let i = 0; i < 10; i++)
      expect((await claim((await account(`Descartavel${i}`)).token, stolen.link)).status).toBe(201);
    expect((await claim((await account('Descartavel10')).token, stolen.link)).status).toBe(429);
    // ...not the admin's: an established account (a week old) gets its code, and so does a new
    // account from its own address.
    const admin = await account('AdminDeVerdade');
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(users.id, admin.id));
    expect((await claim(admin.token, stolen.link)).status).toBe(201);
    const newcomer = await account('AdminNovo');
    const fromHome = await callFunction(claimsFn, '/api/group-claims', {
      ...signedIn(newcomer.token, { method: 'POST', json: { link: stolen.link } }),
      ip: '198.51.100.230',
    });
    expect(fromHome.status).toBe(201);
  });

  it('limits the checks of one code', async () => {
    const claimant = await account('Insistente');
    const group = await addGroup({ title: 'Grupo Teimoso' });
    fake.setInvite(group.inviteCode, 'live-no-photo', 'Grupo Teimoso');
    const started = await codeFor(claimant.token, group.link);
    for (let i = 0; i < 10; i++) expect((await verify(claimant.token, started.claimId)).status).toBe(409);
    const before = requestsFor(group.inviteCode);
    const res = await verify(claimant.token, started.claimId);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(((await res.json()) as { message: string }).message).toBe(
      'Este código já foi verificado muitas vezes. Gere um novo código.',
    );
    expect(requestsFor(group.inviteCode)).toBe(before);
  });
});

describe('the pace of requests to WhatsApp, claims in a share of their own', () => {
  it('waits for the turn another claim took, answers 503 when the queue is too long, and never holds up the scheduled checks', async () => {
    const claimant = await account('Paciente');
    const group = await addGroup({ title: 'Grupo Pautado' });
    const started = await codeFor(claimant.token, group.link);
    fake.setInvite(group.inviteCode, 'live-no-photo', `Grupo Pautado ${started.code}`);

    // Scheduled checks far ahead in their pace do not hold claims up, nor claims them.
    for (let i = 0; i < 3; i++) await takeCheckSlot(db, 10_000, 60_000);
    const other = await account('Vizinha');
    const otherGroup = await addGroup({ title: 'Grupo Vizinho' });
    const otherStarted = await codeFor(other.token, otherGroup.link);
    fake.setInvite(otherGroup.inviteCode, 'live-no-photo', `Grupo Vizinho ${otherStarted.code}`);
    expect((await verify(other.token, otherStarted.claimId)).status).toBe(200);
    await db.delete(rateLimitBuckets);

    // Claims took slots far ahead (a slow pace): the check does not jump their queue.
    for (let i = 0; i < 3; i++) await takeCheckSlot(db, 10_000, 60_000, CLAIM_PACE_KEY);
    const busy = await verify(claimant.token, started.claimId);
    expect(busy.status).toBe(503);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(3);
    expect(((await busy.json()) as { message: string }).message).toMatch(/o código continua valendo/);
    expect(requestsFor(group.inviteCode)).toBe(0);
    expect(await claimRow(started.claimId)).toMatchObject({ status: 'pending', attempts: 0 });

    // One request just made by a claim (its slot still running): the check waits for the next one.
    await db.delete(rateLimitBuckets);
    await takeCheckSlot(db, 1_000, 60_000, CLAIM_PACE_KEY);
    const waits: number[] = [];
    const result = await verifyClaim(
      db,
      { id: claimant.id, email: claimant.email, name: 'Paciente', admin: false, phone: null },
      started.claimId,
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(result.groupId).toBe(group.id);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
    // ...and the next scheduled request does not wait behind the claims'.
    const runWaits: number[] = [];
    await addGroup({ title: 'Grupo Público', approved: true });
    await runLinkChecks(db, {
      batch: 1,
      paceMs: 1_000,
      checker: async () => ({ status: 'unknown', type: 'group' }),
      sleep: async (ms) => void runWaits.push(ms),
    });
    expect(runWaits.every((ms) => ms === 0)).toBe(true);
  });

  it("answers WhatsApp's 429 with a 503 that keeps the claim, and pauses the scheduled checks", async () => {
    const claimant = await account('Bloqueada');
    const group = await addGroup({ title: 'Grupo Limitado' });
    const started = await codeFor(claimant.token, group.link);
    fake.setInvite(group.inviteCode, 'rate-limited');
    const res = await verify(claimant.token, started.claimId);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(60);
    expect(((await res.json()) as { message: string }).message).toBe(
      'O WhatsApp não respondeu agora. Tente verificar de novo em alguns instantes: o código continua valendo.',
    );
    expect(await claimRow(started.claimId)).toMatchObject({ status: 'pending', attempts: 0 });
    // The pause is shared: the scheduled run skips, and a second check does not ask WhatsApp.
    expect((await runLinkChecks(db, { paceMs: 0 })).skipped).toBe(true);
    const asked = requestsFor(group.inviteCode);
    expect((await verify(claimant.token, started.claimId)).status).toBe(503);
    expect(requestsFor(group.inviteCode)).toBe(asked);

    // Once WhatsApp answers again, the same code works.
    await db.delete(linkCheckState);
    fake.setInvite(group.inviteCode, 'live-no-photo', `${started.code} Grupo Limitado`);
    expect((await verify(claimant.token, started.claimId)).status).toBe(200);
    expect((await row(group.id)).userId).toBe(claimant.id);
  });
});

describe('no title or owner of a pending or hidden group in any answer about its link', () => {
  it('says nothing of the group to strangers, logged in or not, in submissions, edits and link changes', async () => {
    const squatter = await account('Invasor');
    const pending = await addGroup({ title: 'Segredo Pendente', userId: squatter.id });
    const hidden = await addGroup({
      title: 'Segredo Oculto',
      userId: squatter.id,
      approved: true,
      hiddenAt: new Date(),
      hiddenReason: 'reports',
    });
    const stranger = await account('Curiosa');
    const strangersGroup = await addGroup({ title: 'Grupo da Curiosa', userId: stranger.id });
    const deadOne = await addGroup({
      title: 'Grupo Quebrado da Curiosa',
      userId: stranger.id,
      approved: true,
      hiddenAt: new Date(),
      hiddenReason: 'dead_link',
    });
    for (const target of [pending, hidden]) {
      const answers = [
        await submit(target.link),
        await submit(target.link, stranger.token),
        await callFunction(
          userGroupsFn,
          `/api/user/groups/${strangersGroup.id}`,
          signedIn(stranger.token, { method: 'PATCH', json: { link: target.link } }),
        ),
        await callFunction(
          linkFn,
          `/api/user/groups/${deadOne.id}/link`,
          signedIn(stranger.token, { method: 'POST', json: { link: target.link } }),
        ),
        await claim(stranger.token, target.link),
      ];
      const statuses = answers.map((a) => a.status);
      expect(statuses).toEqual([409, 409, 409, 409, 201]);
      for (const answer of answers) {
        const text = await answer.text();
        expect(text).not.toContain(target.title);
        expect(text).not.toContain(squatter.email);
        expect(text).not.toContain(squatter.id);
      }
    }
    // The owner of the group, asking the same, is told which group it is.
    const own = await submit(hidden.link, squatter.token);
    expect(((await own.json()) as { message: string }).message).toContain('"Segredo Oculto"');
  });
});
