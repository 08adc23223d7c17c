// Live links through the functions, against the fake WhatsApp server: the invite preview, a revoked
// link refused at submission, the photo copied into our own storage (on submission and on approval),
// channels with their own duplicate key, and the type filter in search and the API.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, groups, rateLimitBuckets } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as adminGroupsFn from '../../functions/admin-groups.ts';
import * as groupsFn from '../../functions/groups.ts';
import * as imagesFn from '../../functions/images.ts';
import * as previewFn from '../../functions/invite-preview.ts';
import * as submitFn from '../../functions/submit-group.ts';
import { groupThumbnail } from '../../src/features/images/group-image.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { setupTestDb } from '../support/db.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../support/fake-whatsapp.ts';
import { callFunction } from '../support/functions.ts';
import { makeAccounts, signedIn, startBlobs } from './admin-support.ts';

const { db } = await setupTestDb();
let fake: FakeWhatsApp;
let stopBlobs: () => Promise<void>;
let adminToken: string;

const DEAD = 'Este link de convite foi revogado ou não existe.';

beforeAll(async () => {
  await seedDatabase(db, { groups: 3, now: new Date('2026-06-01T12:00:00Z') });
  adminToken = (await makeAccounts(db)).adminToken;
  stopBlobs = await startBlobs();
  fake = await startFakeWhatsApp();
  process.env.WHATSAPP_INVITE_BASE = fake.url;
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.WHATSAPP_INVITE_BASE;
  resetEnvForTests();
  await fake.close();
  await stopBlobs();
});
beforeEach(async () => {
  await db.delete(rateLimitBuckets);
});

let n = 0;
const nextCode = () => `InvLnk${String(++n).padStart(8, '0')}`;

function preview(link: string, ip = '203.0.113.50') {
  return callFunction(previewFn, '/api/invite-preview', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'vitest' },
    body: JSON.stringify({ link }),
    ip,
  });
}

function submit(fields: Record<string, string>, image?: Blob) {
  const body = new FormData();
  for (const [k, v] of Object.entries({
    title: 'Grupo Enviado',
    description: 'Um grupo de teste.',
    category: 'Esportes',
    ...fields,
  }))
    body.set(k, v);
  if (image) body.set('image', image, 'foto.png');
  return callFunction(submitFn, '/api/groups', { method: 'POST', body, ip: `198.51.100.${++n % 250}` });
}

describe('POST /api/invite-preview', () => {
  it('answers a live group with its name and its photo inline (never WhatsApp’s URL)', async () => {
    const code = nextCode();
    fake.setInvite(code, 'live', 'Pedal Campinas');
    const res = await preview(`chat.whatsapp.com/${code}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, string>;
    expect(body).toMatchObject({ status: 'live', type: 'group', title: 'Pedal Campinas' });
    expect(body.imageUrl).toMatch(/^data:image\/webp;base64,/);
    const bytes = Buffer.from(body.imageUrl!.split(',')[1]!, 'base64');
    expect((await sharp(bytes).metadata()).format).toBe('webp');
  });

  it('answers dead for a revoked invite and unknown when WhatsApp throttles', async () => {
    const dead = nextCode();
    fake.setInvite(dead, 'dead');
    expect(await (await preview(`https://chat.whatsapp.com/${dead}`)).json()).toEqual({
      status: 'dead',
      type: 'group',
    });
    const busy = nextCode();
    fake.setInvite(busy, 'rate-limited');
    expect(await (await preview(`https://chat.whatsapp.com/${busy}`)).json()).toEqual({
      status: 'unknown',
      type: 'group',
    });
  });

  it('answers a channel with its followers', async () => {
    const id = `0029Va${nextCode()}AbCdEf`;
    fake.setInvite(id, 'channel', 'Canal de Receitas');
    expect(await (await preview(`https://whatsapp.com/channel/${id}`)).json()).toMatchObject({
      status: 'live',
      type: 'channel',
      title: 'Canal de Receitas',
      followers: 1200,
    });
  });

  it('refuses a link that is not an invite, without asking WhatsApp', async () => {
    const before = fake.requests.length;
    const res = await preview('https://evil.example/x');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^O link deve começar com https:\/\/chat\.whatsapp\.com\//,
    );
    expect(fake.requests.length).toBe(before);
  });

  it('limits previews per visitor with a pt-BR 429', async () => {
    const code = nextCode();
    fake.setInvite(code, 'live-no-photo');
    for (let i = 0; i < 30; i++)
      expect((await preview(`https://chat.whatsapp.com/${code}`, '203.0.113.9')).status).toBe(200);
    const res = await preview(`https://chat.whatsapp.com/${code}`, '203.0.113.9');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Muitas verificações de link em pouco tempo. Aguarde alguns minutos e tente novamente.',
    );
    // another visitor is not affected
    expect((await preview(`https://chat.whatsapp.com/${code}`, '203.0.113.10')).status).toBe(200);
  });
});

describe('submission with link checks', () => {
  it('refuses a revoked link with the field message and stores nothing', async () => {
    const code = nextCode();
    fake.setInvite(code, 'dead');
    const res = await submit({ link: `https://chat.whatsapp.com/${code}`, title: 'Revogado' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: DEAD, fields: { link: DEAD } });
    expect(await db.select().from(groups).where(eq(groups.inviteCode, code))).toHaveLength(0);
  });

  it('accepts a link whose check is inconclusive (429, server error, interstitial)', async () => {
    for (const kind of ['rate-limited', 'server-error', 'interstitial'] as const) {
      const code = nextCode();
      fake.setInvite(code, kind);
      const res = await submit({ link: `https://chat.whatsapp.com/${code}` });
      expect(res.status).toBe(201);
      expect((await res.json()) as { image: string | null }).toMatchObject({ image: null });
    }
  });

  it('copies the live group’s photo into our storage when no image is uploaded', async () => {
    const code = nextCode();
    fake.setInvite(code, 'live', 'Com Foto');
    const res = await submit({ link: `https://chat.whatsapp.com/${code}` });
    expect(res.status).toBe(201);
    const { image } = (await res.json()) as { image: string };
    expect(image).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/);
    const served = await callFunction(imagesFn, image);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
    expect((await callFunction(imagesFn, groupThumbnail(image))).status).toBe(200);
    expect(fake.requests.some((r) => r.startsWith(`GET /v/t61.24694-24/${code}_n.jpg?`))).toBe(true);
  });

  it('keeps the visitor’s own picture over the group’s photo', async () => {
    const code = nextCode();
    fake.setInvite(code, 'live');
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const res = await submit(
      { link: `https://chat.whatsapp.com/${code}` },
      new Blob([new Uint8Array(png)], { type: 'image/png' }),
    );
    expect(res.status).toBe(201);
    const { image } = (await res.json()) as { image: string };
    const served = Buffer.from(await (await callFunction(imagesFn, image)).arrayBuffer());
    const { dominant } = await sharp(served).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(fake.requests.some((r) => r.startsWith(`GET /v/t61.24694-24/${code}_n.jpg`))).toBe(false);
  });

  it('stores a channel with its type and followers; a channel and a group never collide', async () => {
    const id = `0029Va${nextCode()}XyZ123`;
    fake.setInvite(id, 'channel', 'Canal Enviado');
    const res = await submit({ link: `http://www.whatsapp.com/channel/${id}/?utm_source=x` });
    expect(res.status).toBe(201);
    const { id: groupId } = (await res.json()) as { id: string };
    const [row] = await db.select().from(groups).where(eq(groups.id, groupId));
    expect(row).toMatchObject({
      type: 'channel',
      link: `https://whatsapp.com/channel/${id}`,
      inviteCode: `channel:${id}`,
      followers: 1200,
    });
    // the same channel again is a duplicate
    const again = await submit({ link: `https://whatsapp.com/channel/${id}`, title: 'Cópia' });
    expect(again.status).toBe(409);
    // a group whose invite code is the channel's id is another link
    fake.setInvite(id, 'live-no-photo');
    const group = await submit({ link: `https://chat.whatsapp.com/${id}`, title: 'Grupo Homônimo' });
    expect(group.status).toBe(201);
  });
});

describe('approval', () => {
  async function pending(code: string, values: Partial<typeof groups.$inferInsert> = {}) {
    const [category] = await db.select().from(categories).limit(1);
    const [row] = await db
      .insert(groups)
      .values({
        title: `Pendente ${code}`,
        description: 'Aguardando',
        link: `https://chat.whatsapp.com/${code}`,
        inviteCode: code,
        categoryId: category!.id,
        titleSlug: `pendente-${code.toLowerCase()}`,
        approved: false,
        ...values,
      })
      .returning();
    return row!;
  }
  const approve = (id: string) =>
    callFunction(adminGroupsFn, `/api/admin/groups/${id}/approve`, signedIn(adminToken, { method: 'PATCH' }));

  it('gives a group without image its WhatsApp photo', async () => {
    const code = nextCode();
    fake.setInvite(code, 'live');
    const group = await pending(code);
    expect((await approve(group.id)).status).toBe(200);
    const [row] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(row!.approved).toBe(true);
    expect(row!.image).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/);
    expect((await callFunction(imagesFn, row!.image!)).status).toBe(200);
  });

  it('approves without a photo when the check is dead or inconclusive, and keeps an existing image', async () => {
    for (const kind of ['dead', 'server-error'] as const) {
      const code = nextCode();
      fake.setInvite(code, kind);
      const group = await pending(code);
      expect((await approve(group.id)).status).toBe(200);
      const [row] = await db.select().from(groups).where(eq(groups.id, group.id));
      expect(row).toMatchObject({ approved: true, image: null });
    }
    const code = nextCode();
    fake.setInvite(code, 'live');
    const group = await pending(code, { image: '/uploads/propria.png' });
    const before = fake.requests.length;
    expect((await approve(group.id)).status).toBe(200);
    const [row] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(row!.image).toBe('/uploads/propria.png');
    expect(fake.requests.length).toBe(before);
  });
});

describe('type filter', () => {
  it('filters search and the API list by type, and the JSON carries type and followers', async () => {
    const [category] = await db.select().from(categories).limit(1);
    const id = '0029VaFiltroCanal00000001';
    await db.insert(groups).values([
      {
        title: 'Xilofone Canal',
        description: 'Canal de xilofone',
        link: `https://whatsapp.com/channel/${id}`,
        inviteCode: `channel:${id}`,
        type: 'channel',
        followers: 4321,
        categoryId: category!.id,
        titleSlug: 'xilofone-canal',
        approved: true,
      },
      {
        title: 'Xilofone Grupo',
        description: 'Grupo de xilofone',
        link: 'https://chat.whatsapp.com/XilofoneGrupo001',
        inviteCode: 'XilofoneGrupo001',
        categoryId: category!.id,
        titleSlug: 'xilofone-grupo',
        approved: true,
      },
    ]);
    const list = async (query: string) =>
      (
        (await (await callFunction(groupsFn, `/api/groups?${query}`)).json()) as {
          groups: { title: string; type: string; followers: number | null }[];
        }
      ).groups;
    expect((await list('search=xilofone')).map((g) => g.title).sort()).toEqual([
      'Xilofone Canal',
      'Xilofone Grupo',
    ]);
    expect(await list('search=xilofone&type=channel')).toEqual([
      expect.objectContaining({ title: 'Xilofone Canal', type: 'channel', followers: 4321 }),
    ]);
    expect(await list('search=xilofone&type=group')).toEqual([
      expect.objectContaining({ title: 'Xilofone Grupo', type: 'group', followers: null }),
    ]);
    // without a term: the filter alone
    const channels = await list('type=channel');
    expect(channels.length).toBeGreaterThan(0);
    expect(channels.every((g) => g.type === 'channel')).toBe(true);
    const bad = await callFunction(groupsFn, '/api/groups?type=comunidade');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Tipo inválido');
  });
});
