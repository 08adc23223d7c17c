// 'Denúncia jurídica' (issue #31): each kind's effect, the protocol, pt-BR validation, the rate limits
// and the flood bound on automatic hides, and the admin decision with its e-mails and audit trail. Real
// database, real SMTP (the local catcher) and a local build hook.
import http from 'node:http';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  categories,
  groupReports,
  groups,
  legalNoticeEvents,
  legalNotices,
  rateLimitBuckets,
  rebuildRequests,
  users,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as adminFn from '../../functions/admin-legal-notices.ts';
import * as noticesFn from '../../functions/legal-notices.ts';
import { signSession } from '../../src/features/auth/session.server.ts';
import {
  AUTHORITY_MESSAGES,
  LEGAL_NOTICE_DECLARATIONS,
} from '../../src/features/legal-notices/legal-notices.schema.ts';
import { reviewReports } from '../../src/features/reports/report-review.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { linkIn, setupMailCatcher } from '../support/mail.ts';

const { db } = await setupTestDb();
const catcher = await setupMailCatcher();

let hookHits = 0;
const hook = http.createServer((_req, res) => {
  hookHits++;
  res.writeHead(200).end();
});
/** Visible approved groups, one or more per test (taken in order). */
let pool: { id: string; title: string; link: string; path: string }[] = [];
const take = () => {
  const g = pool.shift();
  if (!g) throw new Error('no group left for this test');
  return g;
};
let adminToken = '';
let userToken = '';
let owner = { id: '', email: 'dono@teste.local' };

beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  process.env.BUILD_HOOK_URL = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`;
  process.env.REBUILD_DEBOUNCE_SECONDS = '0';
  resetEnvForTests();
  await seedDatabase(db, { groups: 40, now: new Date('2026-06-01T12:00:00Z') });
  const rows = await db
    .select({
      id: groups.id,
      title: groups.title,
      link: groups.link,
      slug: groups.titleSlug,
      cat: categories.slug,
    })
    .from(groups)
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .where(eq(groups.approved, true))
    .orderBy(groups.id);
  await db
    .update(groups)
    .set({ hiddenAt: null, hiddenReason: null })
    .where(
      inArray(
        groups.id,
        rows.map((r) => r.id),
      ),
    );
  pool = rows.map((r) => ({ id: r.id, title: r.title, link: r.link, path: `/${r.cat}/${r.slug}` }));
  expect(pool.length).toBeGreaterThanOrEqual(25);
  const confirmed = new Date();
  const [chefe, chefa, dono] = await db
    .insert(users)
    .values([
      { email: 'chefe@teste.local', password: 'x', name: 'Chefe', admin: true, emailConfirmedAt: confirmed },
      { email: 'chefa@teste.local', password: 'x', name: 'Chefa', admin: true, emailConfirmedAt: confirmed },
      { email: owner.email, password: 'x', name: 'Dono', admin: false, emailConfirmedAt: confirmed },
    ])
    .returning();
  expect(chefa).toBeDefined();
  owner = { id: dono!.id, email: dono!.email };
  adminToken = await signSession(chefe!.id);
  userToken = await signSession(dono!.id);
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

let seq = 0;
/** A valid notice body for a group address; each call a new notifier e-mail unless given. */
function body(kind: string, groupUrl: string, extra: Record<string, unknown> = {}) {
  seq++;
  return {
    kind,
    groupUrl,
    name: 'Maria Silva',
    email: `pessoa${seq}@exemplo.com.br`,
    description: 'Este grupo publica conteúdo que me envolve sem autorização.',
    declaration: true,
    ...extra,
  };
}

function send(payload: unknown, ip = '203.0.113.10', headers: Record<string, string> = {}) {
  return callFunction(noticesFn, '/api/legal-notices', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
    ip,
  });
}

const confirm = (token: string, ip = '203.0.113.10') =>
  callFunction(noticesFn, '/api/legal-notices/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
    ip,
  });

function admin(path: string, token: string | null, json?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.cookie = `session=${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  return callFunction(adminFn, path, {
    method: json === undefined ? 'GET' : 'POST',
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

const groupState = async (id: string) =>
  (
    await db
      .select({ hiddenAt: groups.hiddenAt, reason: groups.hiddenReason })
      .from(groups)
      .where(eq(groups.id, id))
  )[0]!;
const noticeBy = async (protocol: string) =>
  (await db.select().from(legalNotices).where(eq(legalNotices.protocol, protocol)))[0]!;
const trail = async (noticeId: string) =>
  (
    await db
      .select()
      .from(legalNoticeEvents)
      .where(eq(legalNoticeEvents.noticeId, noticeId))
      .orderBy(legalNoticeEvents.id)
  ).map((e) => e.action);

describe('POST /api/legal-notices: validation', () => {
  it('answers 400 with a pt-BR message per field and stores nothing', async () => {
    const before = (await db.select().from(legalNotices)).length;
    const res = await send({});
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(fields).toMatchObject({
      kind: 'Escolha o tipo de denúncia',
      groupUrl: 'Informe o endereço do grupo',
      name: 'Informe seu nome',
      email: 'Informe um e-mail válido',
      description: 'Descreva o problema com pelo menos 20 caracteres',
      declaration: 'Confirme que as informações são verdadeiras',
    });
    const bad = await send(
      body('crime', pool[0]!.path, { email: 'não é e-mail', description: 'curta', name: 'M' }),
    );
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      kind: 'Escolha o tipo de denúncia',
      email: 'Informe um e-mail válido',
      description: 'Descreva o problema com pelo menos 20 caracteres',
      name: 'Informe seu nome',
    });
    expect((await db.select().from(legalNotices)).length).toBe(before);
  });

  it('requires the declaration that the information is true', async () => {
    for (const declaration of [false, 'sim', undefined]) {
      const res = await send(body('other', pool[0]!.path, { declaration }));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields.declaration).toBe(
        'Confirme que as informações são verdadeiras',
      );
    }
  });

  it('stores the declaration of truth with the words of the version the form showed', async () => {
    const res = await send(body('other', pool[0]!.path, { declarationVersion: '1' }));
    expect(res.status).toBe(201);
    const { protocol } = (await res.json()) as { protocol: string };
    expect(await noticeBy(protocol)).toMatchObject({
      declarationVersion: '1',
      declarationText: LEGAL_NOTICE_DECLARATIONS['1'],
    });
    // A form from before the versions sends none: it showed the first wording.
    const older = await send(body('other', pool[0]!.path));
    expect(await noticeBy(((await older.json()) as { protocol: string }).protocol)).toMatchObject({
      declarationVersion: '1',
    });
    const unknown = await send(body('other', pool[0]!.path, { declarationVersion: '99' }));
    expect(unknown.status).toBe(400);
  });

  it('refuses an address that is not a group of the catalogue, with the reason at the field', async () => {
    for (const url of [
      'https://exemplo.com/nada',
      '/grupo/00000000-0000-4000-8000-000000000000',
      '/tecnologia/grupo-que-nao-existe',
      'https://chat.whatsapp.com/CodigoQueNaoExiste123',
    ]) {
      const res = await send(body('other', url));
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { fields: Record<string, string> };
      expect(answer.fields.groupUrl).toMatch(/^Não encontramos um grupo do diretório/);
    }
  });

  it('refuses a foreign Origin', async () => {
    const res = await send(body('other', pool[0]!.path), '203.0.113.11', { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });
});

describe('each kind', () => {
  it('child_abuse: hides the group at once, asks a rebuild naming it, e-mails every admin and the notifier', async () => {
    const g = take();
    const hitsBefore = hookHits;
    const payload = body('child_abuse', `http://localhost:8888${g.path}`);
    const res = await send(payload, '198.51.100.1');
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { protocol: string };
    const year = new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(
      new Date(),
    );
    expect(answer.protocol).toMatch(new RegExp(`^JUR-${year}-[0-9A-F]{12}$`));
    // Hidden or not, the sender is told the same: never whether a hide (or a bound) took effect.
    expect(Object.keys(answer).sort()).toEqual(['confirmationSent', 'message', 'protocol']);
    expect(await groupState(g.id)).toMatchObject({ reason: 'legal_notice' });
    expect((await groupState(g.id)).hiddenAt).not.toBeNull();
    const rebuilds = await db.select().from(rebuildRequests);
    expect(rebuilds.some((r) => r.reason.includes(g.id) && r.reason.includes(answer.protocol))).toBe(true);
    expect(hookHits).toBeGreaterThan(hitsBefore);
    for (const to of ['chefe@teste.local', 'chefa@teste.local']) {
      const mail = await catcher.waitFor((m) => m.to.includes(to) && m.subject.includes(answer.protocol));
      expect(mail.text).toContain('foi ocultado automaticamente');
      expect(mail.text).toContain('/admin/notificacoes-juridicas');
    }
    const receipt = await catcher.waitFor((m) => m.to.includes(payload.email));
    expect(receipt.subject).toContain(answer.protocol);
    expect(receipt.text).not.toContain('/denuncia-juridica/confirmar');
    const notice = await noticeBy(answer.protocol);
    expect(JSON.stringify(notice)).not.toContain('198.51.100');
    expect(await trail(notice.id)).toEqual(['received', 'group_hidden']);
  });

  it('intimate_images: hides only after the notifier opens the link e-mailed to them, once', async () => {
    const g = take();
    const payload = body('intimate_images', g.link);
    const res = await send(payload, '198.51.100.2');
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { protocol: string; confirmationSent: boolean };
    expect(answer).toMatchObject({ confirmationSent: true });
    expect(answer).not.toHaveProperty('hidden');
    expect((await groupState(g.id)).hiddenAt).toBeNull();
    const mail = await catcher.waitFor((m) => m.to.includes(payload.email));
    const link = linkIn(mail.text, '/denuncia-juridica/confirmar');
    const token = link.searchParams.get('token')!;
    // Only the hash is kept.
    expect(JSON.stringify(await noticeBy(answer.protocol))).not.toContain(token);
    expect((await confirm(`${token}x`)).status).toBe(400);
    expect((await groupState(g.id)).hiddenAt).toBeNull();
    const ok = await confirm(token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      protocol: answer.protocol,
      message: 'E-mail confirmado. Sua denúncia está com a nossa equipe, que a analisa em até 24 horas.',
    });
    expect(await groupState(g.id)).toMatchObject({ reason: 'legal_notice' });
    expect((await groupState(g.id)).hiddenAt).not.toBeNull();
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toMatch(
      /inválido, já foi usado ou expirou/,
    );
    const notice = await noticeBy(answer.protocol);
    expect(notice.emailConfirmedAt).not.toBeNull();
    expect(await trail(notice.id)).toEqual(['received', 'email_confirmed', 'group_hidden']);
    await catcher.waitFor((m) => m.to.includes('chefe@teste.local') && m.subject.includes(answer.protocol));
  });

  it('illegal_content and other: queue for a decision and hide nothing', async () => {
    for (const kind of ['illegal_content', 'other']) {
      const g = take();
      const res = await send(body(kind, `/grupo/${g.id}`), '198.51.100.3');
      expect(res.status).toBe(201);
      const { protocol } = (await res.json()) as { protocol: string };
      expect((await groupState(g.id)).hiddenAt).toBeNull();
      const notice = await noticeBy(protocol);
      expect(notice).toMatchObject({ status: 'pending', groupId: g.id, kind });
      expect(await trail(notice.id)).toEqual(['received']);
    }
  });

  it('resolves the canonical path, the /grupo/{id} page and the invite link to the same group', async () => {
    const g = take();
    for (const [i, url] of [
      `https://gruposdezap.com.br${g.path}?utm=x`,
      `localhost:8888/grupo/${g.id}/`,
      g.link.replace('https://', 'http://www.'),
    ].entries()) {
      const res = await send(body('other', url), `198.51.100.${20 + i}`);
      expect(res.status).toBe(201);
      const { protocol } = (await res.json()) as { protocol: string };
      expect((await noticeBy(protocol)).groupId).toBe(g.id);
    }
  });

  it('makes unique protocols that do not count: random, so they tell nobody how many notices there are', async () => {
    const g = pool[pool.length - 1]!;
    const protocols: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await send(body('other', g.path), `198.51.100.${40 + i}`);
      protocols.push(((await res.json()) as { protocol: string }).protocol);
    }
    expect(new Set(protocols).size).toBe(4);
    for (const protocol of protocols) expect(protocol).toMatch(/^JUR-\d{4}-[0-9A-F]{12}$/);
    // Consecutive notices share no running number: their random parts are far apart.
    const parts = protocols.map((p) => Number.parseInt(p.split('-')[2]!, 16));
    for (let i = 1; i < parts.length; i++) expect(Math.abs(parts[i]! - parts[i - 1]!)).toBeGreaterThan(1000);
  });
});

describe('rate limits and the flood bound', () => {
  it('limits notices per address (5 an hour), whatever the e-mail; another address still gets through', async () => {
    const g = pool[pool.length - 1]!;
    for (let i = 0; i < 5; i++) expect((await send(body('other', g.path), '192.0.2.50')).status).toBe(201);
    const refused = await send(body('other', g.path), '192.0.2.50');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toMatch(/muitas denúncias/);
    expect((await send(body('other', g.path), '192.0.2.51')).status).toBe(201);
  });

  it('limits notices per e-mail (5 a day), whatever the address', async () => {
    const g = pool[pool.length - 1]!;
    const email = 'insistente@exemplo.com.br';
    for (let i = 0; i < 5; i++)
      expect((await send(body('other', g.path, { email }), `192.0.2.${60 + i}`)).status).toBe(201);
    const refused = await send(body('other', g.path, { email: 'INSISTENTE@exemplo.com.br' }), '192.0.2.70');
    expect(refused.status).toBe(429);
  });

  it('one address hides at most 3 groups a day; its further notices queue and hide nothing', async () => {
    const targets = [take(), take(), take(), take()];
    const answers: unknown[] = [];
    for (const g of targets) {
      const res = await send(body('child_abuse', g.path), '192.0.2.80');
      expect(res.status).toBe(201);
      const { protocol: _, ...rest } = (await res.json()) as { protocol: string };
      answers.push(rest);
    }
    // The fourth hid nothing, and its answer says no more than the first three's.
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const hidden = await Promise.all(targets.map(async (g) => (await groupState(g.id)).hiddenAt !== null));
    expect(hidden).toEqual([true, true, true, false]);
    expect((await groupState(targets[3]!.id)).hiddenAt).toBeNull();
    const [last] = await db.select().from(legalNotices).where(eq(legalNotices.groupId, targets[3]!.id));
    expect(last!.status).toBe('pending');
    expect(await trail(last!.id)).toEqual(['received', 'hide_skipped']);
    const [skip] = await db
      .select()
      .from(legalNoticeEvents)
      .where(and(eq(legalNoticeEvents.noticeId, last!.id), eq(legalNoticeEvents.action, 'hide_skipped')));
    expect(skip!.detail).toMatch(/endereço de rede/);
  });

  it('one e-mail hides at most 3 groups a day, from any address (intimate images confirmed too)', async () => {
    const email = 'vitima@exemplo.com.br';
    const targets = [take(), take(), take(), take()];
    const hidden: boolean[] = [];
    for (const [i, g] of targets.entries()) {
      const res = await send(body('intimate_images', g.path, { email }), `192.0.2.${90 + i}`);
      const { protocol } = (await res.json()) as { protocol: string };
      const mail = await catcher.waitFor((m) => m.to.includes(email) && m.subject.includes(protocol));
      const token = linkIn(mail.text, '/denuncia-juridica/confirmar').searchParams.get('token')!;
      expect((await confirm(token, `192.0.2.${90 + i}`)).status).toBe(200);
      hidden.push((await groupState(g.id)).hiddenAt !== null);
    }
    expect(hidden).toEqual([true, true, true, false]);
    expect((await groupState(targets[3]!.id)).hiddenAt).toBeNull();
  });

  it('past the site-wide LEGAL_NOTICE_AUTO_HIDES_PER_DAY a notice only queues, first in the queue, every admin e-mailed at once, counted on the screen', async () => {
    const targets = [take(), take(), take()];
    // Most of today's bound is already used by the notices above (the global bucket is kept here).
    await db.delete(rateLimitBuckets);
    process.env.LEGAL_NOTICE_AUTO_HIDES_PER_DAY = '1';
    resetEnvForTests();
    try {
      const first = await send(body('child_abuse', targets[0]!.path), '192.0.2.120');
      expect((await groupState(targets[0]!.id)).hiddenAt).not.toBeNull();
      // Past the site-wide bound even child abuse only queues (a flood of notices from many addresses
      // cannot hide groups without limit): first in the queue, every admin e-mailed at once.
      const second = await send(body('child_abuse', targets[1]!.path), '192.0.2.121');
      expect(second.status).toBe(201);
      // The site-wide bound is spent, and the answer does not say so.
      const { protocol: _a, ...firstRest } = (await first.json()) as { protocol: string };
      const { protocol: _b, ...secondRest } = (await second.json()) as { protocol: string };
      expect(secondRest).toEqual(firstRest);
      expect((await groupState(targets[1]!.id)).hiddenAt).toBeNull();
      const [past] = await db.select().from(legalNotices).where(eq(legalNotices.groupId, targets[1]!.id));
      expect(past!.pastCapAt).not.toBeNull();
      for (const to of ['chefe@teste.local', 'chefa@teste.local']) {
        const alert = await catcher.waitFor((m) => m.to.includes(to) && m.subject.includes(past!.protocol));
        expect(alert.text).toContain('Ele não foi ocultado automaticamente');
        expect(alert.text).toContain('limite diário de ocultações automáticas do site foi ultrapassado');
        expect(alert.text).toContain('topo da fila');
      }
      // An intimate-images notice past the bound only queues too (its trail says why), first in the queue.
      const payload = body('intimate_images', targets[2]!.path);
      await send(payload, '192.0.2.122');
      const mail = await catcher.waitFor((m) => m.to.includes(payload.email));
      const token = linkIn(mail.text, '/denuncia-juridica/confirmar').searchParams.get('token')!;
      expect((await confirm(token, '192.0.2.122')).status).toBe(200);
      expect((await groupState(targets[2]!.id)).hiddenAt).toBeNull();
      const [queued] = await db.select().from(legalNotices).where(eq(legalNotices.groupId, targets[2]!.id));
      for (const notice of [past!, queued!]) {
        const [skip] = await db
          .select()
          .from(legalNoticeEvents)
          .where(
            and(eq(legalNoticeEvents.noticeId, notice.id), eq(legalNoticeEvents.action, 'hide_skipped')),
          );
        expect(skip!.detail).toMatch(/geral do site/);
      }
      // The admin screen counts them and lists them first.
      const list = (await (await admin('/api/admin/legal-notices', adminToken)).json()) as {
        pending: { protocol: string; pastCap: boolean }[];
        pastCap: number;
      };
      expect(list.pastCap).toBe(2);
      expect(
        list.pending
          .slice(0, 2)
          .map((n) => n.protocol)
          .sort(),
      ).toEqual([past!.protocol, queued!.protocol].sort());
      expect(list.pending.slice(0, 2).every((n) => n.pastCap)).toBe(true);
      // Decided: off the count (the queue test below starts clean).
      for (const n of [past!, queued!])
        await admin(`/api/admin/legal-notices/${n.id}`, adminToken, {
          decision: 'keep',
          reason: 'Denúncia verificada e sem fundamento.',
        });
      const after = (await (await admin('/api/admin/legal-notices', adminToken)).json()) as {
        pastCap: number;
      };
      expect(after.pastCap).toBe(0);
    } finally {
      delete process.env.LEGAL_NOTICE_AUTO_HIDES_PER_DAY;
      resetEnvForTests();
    }
  });
});

describe('admin: Notificações jurídicas', () => {
  it('refuses anyone but an admin', async () => {
    expect((await admin('/api/admin/legal-notices', null)).status).toBe(401);
    expect((await admin('/api/admin/legal-notices', userToken)).status).toBe(403);
    const [any] = await db.select().from(legalNotices).limit(1);
    const res = await admin(`/api/admin/legal-notices/${any!.id}`, userToken, {
      decision: 'remove',
      reason: 'Tentativa de quem não é admin',
    });
    expect(res.status).toBe(403);
    expect((await noticeBy(any!.protocol)).status).toBe('pending');
  });

  it('lists the queue oldest first with the 24 h clock: overdue notices say so', async () => {
    const g = take();
    const res = await send(body('illegal_content', g.path), '192.0.2.130');
    const { protocol } = (await res.json()) as { protocol: string };
    await db
      .update(legalNotices)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(legalNotices.protocol, protocol));
    const list = await admin('/api/admin/legal-notices', adminToken);
    expect(list.status).toBe(200);
    const { pending } = (await list.json()) as {
      pending: {
        protocol: string;
        overdue: boolean;
        dueAt: string;
        group: { id: string } | null;
        notifier: { email: string };
        events: { action: string }[];
      }[];
    };
    expect(pending[0]!.protocol).toBe(protocol);
    expect(pending[0]).toMatchObject({
      overdue: true,
      group: { id: g.id },
      events: [{ action: 'received' }],
    });
    expect(pending.slice(1).every((n) => !n.overdue)).toBe(true);
  });

  it("'Remover': the group stays out for good; notifier and owner get the reason; the trail says who", async () => {
    const g = take();
    await db.update(groups).set({ userId: owner.id }).where(eq(groups.id, g.id));
    const payload = body('illegal_content', g.path);
    const { protocol } = (await (await send(payload, '192.0.2.140')).json()) as { protocol: string };
    const notice = await noticeBy(protocol);
    const hitsBefore = hookHits;
    const reason = 'O grupo vende produtos ilegais, como mostram as mensagens.';
    const res = await admin(`/api/admin/legal-notices/${notice.id}`, adminToken, {
      decision: 'remove',
      reason,
    });
    expect(res.status).toBe(200);
    expect(await groupState(g.id)).toMatchObject({ reason: 'legal_notice' });
    expect((await groupState(g.id)).hiddenAt).not.toBeNull();
    expect(hookHits).toBeGreaterThan(hitsBefore);
    const toNotifier = await catcher.waitFor(
      (m) => m.to.includes(payload.email) && m.subject.includes('Decisão'),
    );
    expect(toNotifier.text).toContain(reason);
    expect(toNotifier.text).toContain('Grupo removido');
    const toOwner = await catcher.waitFor(
      (m) => m.to.includes(owner.email) && m.subject === 'Seu grupo foi removido',
    );
    expect(toOwner.text).toContain(reason);
    expect(toOwner.text).toContain(protocol);
    const [event] = await db
      .select()
      .from(legalNoticeEvents)
      .where(and(eq(legalNoticeEvents.noticeId, notice.id), eq(legalNoticeEvents.action, 'removed')));
    expect(event).toMatchObject({ actorEmail: 'chefe@teste.local', detail: reason });
    expect(await noticeBy(protocol)).toMatchObject({ status: 'removed', decisionReason: reason });
    // Decided once: a second decision is refused, and nothing lifts the removal.
    const again = await admin(`/api/admin/legal-notices/${notice.id}`, adminToken, {
      decision: 'keep',
      reason,
    });
    expect(again.status).toBe(409);
    // Dismissing reports on it does not bring it back either.
    const [chefe] = await db.select().from(users).where(eq(users.email, 'chefe@teste.local'));
    await db
      .insert(groupReports)
      .values({ groupId: g.id, reason: 'spam', description: 'x', reporterHash: 'h' });
    await reviewReports(db, g.id, 'dismiss', chefe!.id);
    expect((await groupState(g.id)).hiddenAt).not.toBeNull();
    // The listing shows the decision with its trail.
    const { decided } = (await (await admin('/api/admin/legal-notices', adminToken)).json()) as {
      decided: { protocol: string; events: { action: string; actor: string | null }[] }[];
    };
    const shown = decided.find((n) => n.protocol === protocol)!;
    expect(shown.events.map((e) => e.action)).toEqual(['received', 'removed']);
    expect(shown.events[1]!.actor).toBe('chefe@teste.local');
  });

  it("'Manter': a group a notice hid is public again (rebuild asked) unless another notice holds it", async () => {
    const g = take();
    const a = (await (await send(body('child_abuse', g.path), '192.0.2.150')).json()) as { protocol: string };
    const b = (await (await send(body('child_abuse', g.path), '192.0.2.151')).json()) as { protocol: string };
    expect((await groupState(g.id)).reason).toBe('legal_notice');
    const reason = 'O conteúdo denunciado não está no grupo; verificamos as mensagens.';
    const first = await noticeBy(a.protocol);
    expect(
      (await admin(`/api/admin/legal-notices/${first.id}`, adminToken, { decision: 'keep', reason })).status,
    ).toBe(200);
    // The second notice also hid it: still hidden until it is decided too.
    expect((await groupState(g.id)).hiddenAt).not.toBeNull();
    const rebuildsBefore = (await db.select().from(rebuildRequests)).length;
    const second = await noticeBy(b.protocol);
    const res = await admin(`/api/admin/legal-notices/${second.id}`, adminToken, {
      decision: 'keep',
      reason,
    });
    expect(res.status).toBe(200);
    expect(await groupState(g.id)).toEqual({ hiddenAt: null, reason: null });
    const rebuilds = await db.select().from(rebuildRequests);
    expect(rebuilds.length).toBe(rebuildsBefore + 1);
    expect(rebuilds.at(-1)!.reason).toContain(b.protocol);
    const mail = await catcher.waitFor(
      (m) => m.to.includes(second.email) && m.subject.includes(b.protocol) && m.subject.includes('Decisão'),
    );
    expect(mail.text).toContain('Grupo mantido');
    expect(mail.text).toContain(reason);
    const [kept] = await db
      .select()
      .from(legalNoticeEvents)
      .where(and(eq(legalNoticeEvents.noticeId, second.id), eq(legalNoticeEvents.action, 'kept')));
    expect(kept!.detail).toContain('voltou a ficar público');
    expect(kept!.actorEmail).toBe('chefe@teste.local');
  });

  it('a child-abuse removal records the report to the authorities (date, agency, protocol), or is refused', async () => {
    const g = take();
    const { protocol } = (await (await send(body('child_abuse', g.path), '192.0.2.160')).json()) as {
      protocol: string;
    };
    const notice = await noticeBy(protocol);
    const reason = 'Material de abuso confirmado pela equipe de moderação.';
    const bare = await admin(`/api/admin/legal-notices/${notice.id}`, adminToken, {
      decision: 'remove',
      reason,
    });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { message: string }).message).toBe(AUTHORITY_MESSAGES.required);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await admin(`/api/admin/legal-notices/${notice.id}`, adminToken, {
      decision: 'remove',
      reason,
      authorityReport: { reportedOn: tomorrow, agency: 'Polícia Federal', protocol: 'PF-1' },
    });
    expect(future.status).toBe(400);
    // Nothing half-written: still pending, nothing recorded.
    expect(await noticeBy(protocol)).toMatchObject({ status: 'pending', authorityProtocol: null });
    const report = { reportedOn: '2026-06-02', agency: 'SaferNet Brasil', protocol: 'SN-2026-004512' };
    const ok = await admin(`/api/admin/legal-notices/${notice.id}`, adminToken, {
      decision: 'remove',
      reason,
      authorityReport: report,
    });
    expect(ok.status).toBe(200);
    expect(await noticeBy(protocol)).toMatchObject({
      status: 'removed',
      authorityReportedOn: '2026-06-02',
      authorityAgency: 'SaferNet Brasil',
      authorityProtocol: 'SN-2026-004512',
    });
    expect(await trail(notice.id)).toEqual(['received', 'group_hidden', 'authority_reported', 'removed']);
    const { decided } = (await (await admin('/api/admin/legal-notices', adminToken)).json()) as {
      decided: { protocol: string; authorityReport: unknown; declaration: { version: string } }[];
    };
    expect(decided.find((n) => n.protocol === protocol)).toMatchObject({
      authorityReport: report,
      declaration: { version: '1' },
    });
  });

  it('validates the decision in pt-BR and answers 404 for an unknown notice', async () => {
    const [any] = await db.select().from(legalNotices).where(eq(legalNotices.status, 'pending')).limit(1);
    const res = await admin(`/api/admin/legal-notices/${any!.id}`, adminToken, {
      decision: 'apagar',
      reason: 'curto',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      decision: 'Escolha remover ou manter',
      reason: 'Escreva o motivo com pelo menos 10 caracteres',
    });
    const missing = await admin('/api/admin/legal-notices/00000000-0000-4000-8000-000000000000', adminToken, {
      decision: 'keep',
      reason: 'Um motivo suficiente',
    });
    expect(missing.status).toBe(404);
    expect(
      (
        await admin('/api/admin/legal-notices/nao-e-id', adminToken, {
          decision: 'keep',
          reason: 'Um motivo suficiente',
        })
      ).status,
    ).toBe(404);
  });
});
