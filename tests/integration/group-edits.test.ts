// Owners edit and delete their own groups from the panel; admins review content changes as revisions.

import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  categories,
  featureOrders,
  featurePlans,
  type Group,
  groupReports,
  groupRevisions,
  groupSlugHistory,
  groups,
  rateLimitBuckets,
  rebuildRequests,
  users,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as revisionsFn from '../../functions/admin-group-revisions.ts';
import * as groupsFn from '../../functions/groups.ts';
import * as submitFn from '../../functions/submit-group.ts';
import * as userFn from '../../functions/user.ts';
import * as userGroupsFn from '../../functions/user-groups.ts';
import { signSession } from '../../src/features/auth/session.server.ts';
import { groupPageOnDemand } from '../../src/features/groups/group-pages.server.ts';
import { INVITE_LINK_MESSAGE } from '../../src/features/groups/groups.ts';
import { formerAddresses } from '../../src/features/groups/slugs.server.ts';
import { placeHold } from '../../src/features/holds/holds.server.ts';
import { recordLinkAnswer } from '../../src/features/links/link-health.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { setupTestDb } from '../support/db.ts';
import { startFakeWhatsApp } from '../support/fake-whatsapp.ts';
import { callFunction } from '../support/functions.ts';
import { signedIn, startBlobs } from './admin-support.ts';

const { db } = await setupTestDb();

let stopBlobs: () => Promise<void>;
let owner: { id: string; token: string };
let stranger: { id: string; token: string };
let admin: { id: string; token: string };
let category: { id: number; name: string; slug: string };
let other: { id: number; name: string; slug: string };

async function account(email: string, isAdmin = false) {
  const [row] = await db
    .insert(users)
    .values({ email, password: 'x', name: email, admin: isAdmin })
    .returning();
  return { id: row!.id, token: await signSession(row!.id) };
}

let n = 0;
const code = () => `EdItCoDe${String(++n).padStart(6, '0')}`;

/** A group of the owner's, approved unless said otherwise. */
async function ownGroup(values: Partial<typeof groups.$inferInsert> = {}): Promise<Group> {
  const invite = code();
  const [row] = await db
    .insert(groups)
    .values({
      title: `Grupo do Dono ${n}`,
      description: 'Descrição original do grupo.',
      link: `https://chat.whatsapp.com/${invite}`,
      inviteCode: invite,
      categoryId: category.id,
      titleSlug: `grupo-do-dono-${n}`,
      approved: true,
      userId: owner.id,
      ...values,
    })
    .returning();
  return row!;
}

function edit(token: string, id: string, body: Record<string, string> | FormData) {
  const init =
    body instanceof FormData
      ? signedIn(token, { method: 'PATCH', body })
      : signedIn(token, { method: 'PATCH', json: body });
  return callFunction(userGroupsFn, `/api/user/groups/${id}`, init);
}

function remove(token: string, id: string) {
  return callFunction(userGroupsFn, `/api/user/groups/${id}`, signedIn(token, { method: 'DELETE' }));
}

async function publicGroup(id: string) {
  const res = await callFunction(groupsFn, `/api/groups/${id}`);
  return res.status === 200
    ? ((await res.json()) as { title: string; description: string; link: string })
    : null;
}

async function reload(id: string) {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row;
}

async function pendingRevisions(groupId: string) {
  return db
    .select()
    .from(groupRevisions)
    .where(and(eq(groupRevisions.groupId, groupId), eq(groupRevisions.status, 'pending')));
}

/** An admin approves a pending revision. */
function approve(revisionId: string) {
  return callFunction(
    revisionsFn,
    `/api/admin/group-revisions/${revisionId}/approve`,
    signedIn(admin.token, { method: 'POST' }),
  );
}

/** A visitor submits a group on /enviar. */
function submit(fields: Record<string, string>, ip: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return callFunction(submitFn, '/api/groups', { method: 'POST', body, ip });
}

async function rebuildReasons() {
  return (await db.select().from(rebuildRequests)).map((r) => r.reason);
}

beforeAll(async () => {
  stopBlobs = await startBlobs();
  await seedDatabase(db, { groups: 4, now: new Date('2026-06-01T12:00:00Z') });
  owner = await account('dono@teste.local');
  stranger = await account('outra@teste.local');
  admin = await account('admin@teste.local', true);
  const cats = await db.select().from(categories).orderBy(categories.position);
  category = cats[0]!;
  other = cats[1]!;
});
afterAll(async () => {
  await stopBlobs();
});
beforeEach(async () => {
  await db.delete(rateLimitBuckets);
  await db.delete(rebuildRequests);
});

describe('who may edit or delete', () => {
  it("answers 404, never 403, for someone else's group, and changes nothing", async () => {
    const group = await ownGroup();
    const patch = await edit(stranger.token, group.id, { link: `https://chat.whatsapp.com/${code()}` });
    expect(patch.status).toBe(404);
    expect(((await patch.json()) as { message: string }).message).toBe('Grupo não encontrado');
    expect((await remove(stranger.token, group.id)).status).toBe(404);
    // A missing group and a malformed id answer the same.
    expect((await remove(stranger.token, crypto.randomUUID())).status).toBe(404);
    expect((await remove(stranger.token, 'nao-e-um-id')).status).toBe(404);
    expect(await reload(group.id)).toEqual(group);
  });

  it('answers 401 without a session', async () => {
    const group = await ownGroup();
    const res = await callFunction(userGroupsFn, `/api/user/groups/${group.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Outro' }),
    });
    expect(res.status).toBe(401);
  });

  it('lets an admin edit a group that is not theirs', async () => {
    const group = await ownGroup();
    const link = `https://chat.whatsapp.com/${code()}`;
    expect((await edit(admin.token, group.id, { link })).status).toBe(200);
    expect((await reload(group.id))?.link).toBe(link);
  });
});

describe('PATCH /api/user/groups/{id}', () => {
  it('applies a new invite link at once, on the public API too, and asks for a rebuild', async () => {
    const group = await ownGroup();
    const invite = code();
    const res = await edit(owner.token, group.id, { link: `http://www.chat.whatsapp.com/${invite}/?x=1` });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'updated', message: 'Grupo atualizado com sucesso.' });
    const row = await reload(group.id);
    expect(row).toMatchObject({ link: `https://chat.whatsapp.com/${invite}`, inviteCode: invite });
    expect((await publicGroup(group.id))?.link).toBe(`https://chat.whatsapp.com/${invite}`);
    expect(await pendingRevisions(group.id)).toHaveLength(0);
    expect(await rebuildReasons()).toEqual([`link do grupo trocado pelo dono: ${group.id}`]);
    // The old code is free again.
    const again = await ownGroup({ link: group.link, inviteCode: group.inviteCode });
    expect(again.inviteCode).toBe(group.inviteCode);
  });

  it('brings back a group hidden for a dead link when its owner gives a new one, with a fresh check state', async () => {
    const deadAt = new Date(Date.now() - 2 * 3_600_000);
    const group = await ownGroup({ linkStatus: 'dead', linkDeadCount: 2, linkDeadAt: deadAt });
    await db.transaction((tx) => placeHold(tx, group.id, { reason: 'dead_link' }));
    expect(await publicGroup(group.id)).toBeNull();
    await edit(owner.token, group.id, { link: `https://chat.whatsapp.com/${code()}` });
    expect(await reload(group.id)).toMatchObject({
      hiddenAt: null,
      hiddenReason: null,
      linkStatus: 'unknown',
      linkDeadCount: 0,
      linkDeadAt: null,
    });
    expect(await publicGroup(group.id)).not.toBeNull();
    // The old link's dead answers do not count against the new one: one dead answer does not hide it.
    const first = await recordLinkAnswer(db, group.id, 'dead');
    expect(first.hidden).toBe(false);
    expect(await publicGroup(group.id)).not.toBeNull();
  });

  it('refuses a link WhatsApp says is revoked; a live one or an inconclusive check passes', async () => {
    const fake = await startFakeWhatsApp();
    process.env.WHATSAPP_INVITE_BASE = fake.url;
    resetEnvForTests();
    try {
      const group = await ownGroup();
      fake.setInvite('RevokedEdit01', 'dead');
      const dead = await edit(owner.token, group.id, { link: 'https://chat.whatsapp.com/RevokedEdit01' });
      expect(dead.status).toBe(400);
      expect(((await dead.json()) as { fields: Record<string, string> }).fields.link).toBe(
        'Este link de convite foi revogado ou não existe.',
      );
      expect(await reload(group.id)).toEqual(group);
      fake.setInvite('BusyEditCode1', 'rate-limited');
      expect(
        (await edit(owner.token, group.id, { link: 'https://chat.whatsapp.com/BusyEditCode1' })).status,
      ).toBe(200);
      fake.setInvite('LiveEditCode1', 'live');
      expect(
        (await edit(owner.token, group.id, { link: 'https://chat.whatsapp.com/LiveEditCode1' })).status,
      ).toBe(200);
      expect((await reload(group.id))?.inviteCode).toBe('LiveEditCode1');
    } finally {
      delete process.env.WHATSAPP_INVITE_BASE;
      resetEnvForTests();
      await fake.close();
    }
  });

  it("refuses someone else's invite link without naming their group, and keeps the group as it was", async () => {
    const group = await ownGroup();
    const taken = await ownGroup({ title: 'Grupo Que Já Usa', userId: stranger.id });
    const res = await edit(owner.token, group.id, { link: taken.link, title: 'Título novo' });
    expect(res.status).toBe(409);
    const text = await res.text();
    expect(text).not.toContain('Grupo Que Já Usa');
    const body = JSON.parse(text) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('INVITE_TAKEN');
    expect(body.fields.link).toMatch(
      /^Este link de convite já está no catálogo\. Se o grupo é seu, reivindique-o/,
    );
    expect(await reload(group.id)).toEqual(group);
    expect(await pendingRevisions(group.id)).toHaveLength(0);
  });

  it("names the owner's own other group that already uses the link", async () => {
    const group = await ownGroup();
    const mine = await ownGroup({ title: 'Meu Outro Grupo' });
    const res = await edit(owner.token, group.id, { link: mine.link });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields.link).toBe(
      'Este link de convite já foi enviado: o grupo "Meu Outro Grupo" já está cadastrado.',
    );
  });

  it('checks every field with the /enviar rules', async () => {
    const group = await ownGroup();
    const res = await edit(owner.token, group.id, {
      title: '',
      link: 'https://t.me/abc',
      category: 'Não existe',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      title: 'O título é obrigatório',
      link: INVITE_LINK_MESSAGE,
    });
    const badCategory = await edit(owner.token, group.id, { category: 'Não existe' });
    expect(((await badCategory.json()) as { message: string }).message).toBe(
      'Selecione uma categoria válida',
    );
    expect(await reload(group.id)).toEqual(group);
  });

  it('refuses a description under the /enviar minimum (one rule for both), in pt-BR', async () => {
    const group = await ownGroup();
    const res = await edit(owner.token, group.id, { description: 'abc' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      description: 'A descrição deve ter pelo menos 10 caracteres: conte do que o grupo trata',
    });
    expect(await reload(group.id)).toEqual(group);
    expect(await db.select().from(groupRevisions).where(eq(groupRevisions.groupId, group.id))).toEqual([]);
  });

  it('turns a content change of an approved group into a revision while the public version stays', async () => {
    const group = await ownGroup();
    const res = await edit(owner.token, group.id, {
      title: group.title,
      description: 'Descrição nova, ainda em análise.',
      link: group.link,
      category: category.name,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'revision' });
    expect((await publicGroup(group.id))?.description).toBe('Descrição original do grupo.');
    expect(await reload(group.id)).toEqual(group);
    expect(await rebuildReasons()).toEqual([]);

    // The panel shows 'Alteração em análise' from the pending revision, with what was asked.
    const panel = (await (await callFunction(userFn, '/api/user/groups', signedIn(owner.token))).json()) as {
      id: string;
      revision: { description: string } | null;
    }[];
    expect(panel.find((g) => g.id === group.id)?.revision?.description).toBe(
      'Descrição nova, ainda em análise.',
    );

    // A second edit replaces the pending revision instead of stacking another.
    await edit(owner.token, group.id, { description: 'Descrição nova, segunda versão.' });
    const pending = await pendingRevisions(group.id);
    expect(pending).toHaveLength(1);
    expect(pending[0]?.description).toBe('Descrição nova, segunda versão.');

    // Going back to the public version withdraws it.
    await edit(owner.token, group.id, { description: group.description });
    expect(await pendingRevisions(group.id)).toHaveLength(0);
  });

  it('applies the link at once and keeps the content change for review in one edit', async () => {
    const group = await ownGroup();
    const invite = code();
    await edit(owner.token, group.id, {
      title: 'Título Pedido',
      link: `https://chat.whatsapp.com/${invite}`,
    });
    expect(await reload(group.id)).toMatchObject({ title: group.title, inviteCode: invite });
    expect((await pendingRevisions(group.id))[0]?.title).toBe('Título Pedido');
  });

  it('updates a pending (never approved) group directly, slug included', async () => {
    const group = await ownGroup({ approved: false });
    const res = await edit(owner.token, group.id, {
      title: 'Novo Nome Pendente',
      description: 'Outra descrição.',
      category: other.slug,
    });
    expect(await res.json()).toMatchObject({ outcome: 'updated' });
    expect(await reload(group.id)).toMatchObject({
      title: 'Novo Nome Pendente',
      description: 'Outra descrição.',
      categoryId: other.id,
      titleSlug: 'novo-nome-pendente',
      approved: false,
    });
    expect(await pendingRevisions(group.id)).toHaveLength(0);
    // Never public: no former address to keep, no rebuild.
    expect(await db.select().from(groupSlugHistory).where(eq(groupSlugHistory.groupId, group.id))).toEqual(
      [],
    );
    expect(await rebuildReasons()).toEqual([]);
  });

  it('replaces the image of a pending group, re-encoded', async () => {
    const group = await ownGroup({ approved: false });
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#25D366' } })
      .png()
      .toBuffer();
    const body = new FormData();
    body.set('title', group.title);
    body.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
    expect((await edit(owner.token, group.id, body)).status).toBe(200);
    expect((await reload(group.id))?.image).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/);
  });

  it('limits edits to 20 an hour per account, in Portuguese', async () => {
    const group = await ownGroup();
    for (let i = 0; i < 20; i++)
      expect((await edit(owner.token, group.id, { description: `Versão número ${i}` })).status).toBe(200);
    const res = await edit(owner.token, group.id, { description: 'Uma a mais' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Você fez muitas alterações em pouco tempo. Tente novamente mais tarde.',
    );
  });
});

describe('admin review of revisions', () => {
  async function list() {
    const res = await callFunction(revisionsFn, '/api/admin/group-revisions', signedIn(admin.token));
    expect(res.status).toBe(200);
    return (await res.json()) as {
      revisions: {
        id: string;
        groupId: string;
        current: { title: string; category: string };
        proposed: { title: string; category: string };
        changed: Record<string, boolean>;
      }[];
    };
  }

  it('is for admins only', async () => {
    expect(
      (await callFunction(revisionsFn, '/api/admin/group-revisions', signedIn(owner.token))).status,
    ).toBe(403);
  });

  it('shows current and proposed side by side, and approval applies it with a redirect from the old address', async () => {
    const group = await ownGroup({ title: 'Nome Antigo', titleSlug: 'nome-antigo', cliques: 42 });
    await edit(owner.token, group.id, { title: 'Nome Novo', category: other.name });
    const revision = (await list()).revisions.find((r) => r.groupId === group.id)!;
    expect(revision.current).toMatchObject({ title: 'Nome Antigo', category: category.name });
    expect(revision.proposed).toMatchObject({ title: 'Nome Novo', category: other.name });
    expect(revision.changed).toEqual({
      title: true,
      description: false,
      category: true,
      image: false,
      tags: false,
    });

    const res = await approve(revision.id);
    expect(res.status).toBe(200);
    expect(await reload(group.id)).toMatchObject({
      title: 'Nome Novo',
      categoryId: other.id,
      titleSlug: 'nome-novo',
      cliques: 42,
    });
    expect(await publicGroup(group.id)).toMatchObject({ title: 'Nome Novo' });
    expect(await rebuildReasons()).toEqual([`alteração aprovada: ${group.id}`]);
    expect(await formerAddresses(db)).toContainEqual({
      from: `/${category.slug}/nome-antigo`,
      to: `/${other.slug}/nome-novo`,
    });
    // The page rendered on demand at the old address knows the same rule (decision 0008).
    expect(await groupPageOnDemand(db, category.slug, 'nome-antigo')).toEqual({
      movedTo: `/${other.slug}/nome-novo`,
    });
    expect(await groupPageOnDemand(db, other.slug, 'nome-novo')).toMatchObject({
      group: { id: group.id, title: 'Nome Novo' },
    });
    expect(await groupPageOnDemand(db, category.slug, 'nunca-existiu')).toBeNull();
    // Reviewed once: a second decision is refused.
    const again = await callFunction(
      revisionsFn,
      `/api/admin/group-revisions/${revision.id}/reject`,
      signedIn(admin.token, { method: 'POST', json: { reason: 'tarde demais' } }),
    );
    expect(again.status).toBe(409);
  });

  it('keeps a former address for its group: another group with that title gets another slug', async () => {
    const group = await ownGroup({ title: 'Clube Reservado', titleSlug: 'clube-reservado' });
    await edit(owner.token, group.id, { title: 'Clube Renomeado' });
    const [revision] = await pendingRevisions(group.id);
    await approve(revision!.id);
    const res = await submit(
      {
        title: 'Clube Reservado',
        description: 'Outro grupo com o nome antigo.',
        link: `https://chat.whatsapp.com/${code()}`,
        category: category.name,
      },
      '198.51.100.77',
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as { titleSlug: string };
    expect(created.titleSlug).not.toBe('clube-reservado');
    expect(created.titleSlug).toMatch(/^clube-reservado-[0-9a-f]{8}$/);
    // Its owner taking the old name back gets the old address back, and it stops redirecting.
    await edit(owner.token, group.id, { title: 'Clube Reservado' });
    const [back] = await pendingRevisions(group.id);
    await approve(back!.id);
    expect((await reload(group.id))?.titleSlug).toBe('clube-reservado');
    expect((await formerAddresses(db)).map((r) => r.from)).not.toContain(`/${category.slug}/clube-reservado`);
    expect(await groupPageOnDemand(db, category.slug, 'clube-reservado')).toMatchObject({
      group: { id: group.id },
    });
    expect(await groupPageOnDemand(db, category.slug, 'clube-renomeado')).toEqual({
      movedTo: `/${category.slug}/clube-reservado`,
    });
    expect(await formerAddresses(db)).toContainEqual({
      from: `/${category.slug}/clube-renomeado`,
      to: `/${category.slug}/clube-reservado`,
    });
  });

  it('rejects with a reason and leaves the public version as it was', async () => {
    const group = await ownGroup();
    await edit(owner.token, group.id, { description: 'Texto recusado.' });
    const [revision] = await pendingRevisions(group.id);
    const noReason = await callFunction(
      revisionsFn,
      `/api/admin/group-revisions/${revision!.id}/reject`,
      signedIn(admin.token, { method: 'POST', json: { reason: '' } }),
    );
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { message: string }).message).toBe('Informe o motivo da recusa');
    const res = await callFunction(
      revisionsFn,
      `/api/admin/group-revisions/${revision!.id}/reject`,
      signedIn(admin.token, { method: 'POST', json: { reason: 'Descrição com propaganda.' } }),
    );
    expect(res.status).toBe(200);
    const [row] = await db.select().from(groupRevisions).where(eq(groupRevisions.id, revision!.id));
    expect(row).toMatchObject({
      status: 'rejected',
      reason: 'Descrição com propaganda.',
      reviewedBy: admin.id,
    });
    expect(await reload(group.id)).toEqual(group);
    expect(await rebuildReasons()).toEqual([]);
    // The owner's panel says why, until a newer change waits for review.
    const panelGroup = async () =>
      (
        (await (await callFunction(userFn, '/api/user/groups', signedIn(owner.token))).json()) as {
          id: string;
          rejectedRevision: { reason: string } | null;
        }[]
      ).find((g) => g.id === group.id)!;
    expect((await panelGroup()).rejectedRevision).toMatchObject({ reason: 'Descrição com propaganda.' });
    await edit(owner.token, group.id, { description: 'Texto corrigido, sem propaganda.' });
    expect((await panelGroup()).rejectedRevision).toBeNull();
  });
});

describe('featuring, clicks and orders stay with the group', () => {
  it('through a link change and an approved rename', async () => {
    const until = new Date(Date.now() + 5 * 86_400_000);
    const group = await ownGroup({ cliques: 321, shares: 7, featured: true, featuredUntil: until });
    const [plan] = await db.select().from(featurePlans).limit(1);
    const [order] = await db
      .insert(featureOrders)
      .values({
        userId: owner.id,
        groupId: group.id,
        planId: plan!.id,
        price: plan!.price,
        days: plan!.days,
        status: 'active',
        startDate: new Date(),
        endDate: until,
      })
      .returning();
    await edit(owner.token, group.id, {
      link: `https://chat.whatsapp.com/${code()}`,
      title: 'Nome Destacado Novo',
    });
    const [revision] = await pendingRevisions(group.id);
    await approve(revision!.id);
    expect(await reload(group.id)).toMatchObject({
      id: group.id,
      title: 'Nome Destacado Novo',
      cliques: 321,
      shares: 7,
      featured: true,
      featuredUntil: until,
    });
    const [kept] = await db.select().from(featureOrders).where(eq(featureOrders.id, order!.id));
    expect(kept).toMatchObject({ groupId: group.id, status: 'active', endDate: until });
  });
});

describe('DELETE /api/user/groups/{id}', () => {
  it('removes the group everywhere, frees its invite code and keeps its orders for the payments admin', async () => {
    const until = new Date(Date.now() + 9 * 86_400_000);
    const group = await ownGroup({ featured: true, featuredUntil: until });
    const [plan] = await db.select().from(featurePlans).limit(1);
    const orders = await db
      .insert(featureOrders)
      .values([
        {
          userId: owner.id,
          groupId: group.id,
          planId: plan!.id,
          price: plan!.price,
          days: plan!.days,
          status: 'active',
          startDate: new Date(),
          endDate: until,
        },
        {
          userId: owner.id,
          groupId: group.id,
          planId: plan!.id,
          price: plan!.price,
          days: plan!.days,
          status: 'pending',
        },
      ])
      .returning();
    await db.insert(groupReports).values({ groupId: group.id, reason: 'spam', reporterHash: 'h1' });
    await edit(owner.token, group.id, { description: 'Revisão que some junto.' });

    // The panel knows the paid featuring end, for the dialog's warning.
    const panel = (await (await callFunction(userFn, '/api/user/groups', signedIn(owner.token))).json()) as {
      id: string;
      paidFeaturedUntil: string | null;
    }[];
    expect(panel.find((g) => g.id === group.id)?.paidFeaturedUntil).toBe(until.toISOString());

    const res = await remove(owner.token, group.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'Grupo excluído com sucesso' });
    expect(await reload(group.id)).toBeUndefined();
    expect(await publicGroup(group.id)).toBeNull();
    expect(await rebuildReasons()).toEqual([`grupo excluído pelo dono: ${group.id}`]);
    expect(await db.select().from(groupRevisions).where(eq(groupRevisions.groupId, group.id))).toEqual([]);

    const kept = await db.select().from(featureOrders).where(eq(featureOrders.id, orders[0]!.id));
    expect(kept[0]).toMatchObject({ groupId: null, status: 'expired' });
    expect(kept[0]!.endDate!.getTime()).toBeLessThan(until.getTime());
    const [cancelled] = await db.select().from(featureOrders).where(eq(featureOrders.id, orders[1]!.id));
    expect(cancelled).toMatchObject({ groupId: null, status: 'cancelled' });

    // The same invite link can be submitted again.
    const again = await submit(
      {
        title: 'De volta',
        description: 'Mesmo link, grupo novo.',
        link: group.link,
        category: category.name,
      },
      '198.51.100.78',
    );
    expect(again.status).toBe(201);
  });

  it('deletes a pending group without asking for a rebuild', async () => {
    const group = await ownGroup({ approved: false });
    expect((await remove(owner.token, group.id)).status).toBe(200);
    expect(await reload(group.id)).toBeUndefined();
    expect(await rebuildReasons()).toEqual([]);
  });
});
