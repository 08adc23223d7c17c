import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { groups, rateLimitBuckets } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as authFn from '../../functions/auth.ts';
import * as imagesFn from '../../functions/images.ts';
import * as submitFn from '../../functions/submit-group.ts';
import * as followFn from '../../functions/user-group-follow.ts';
import { groupThumbnail } from '../../src/features/images/group-image.ts';
import { expectConsoleError } from '../support/console-errors.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';

// Registering sends the confirmation e-mail after the answer; this file starts no mail catcher.
expectConsoleError(/SMTP_URL não configurado/);

const { db } = await setupTestDb();
const blobsDir = await mkdtemp(join(tmpdir(), 'blobs-'));
const blobs = new BlobsServer({ directory: blobsDir, token: 'test-token' });

beforeAll(async () => {
  await seedDatabase(db, { groups: 5, now: new Date('2026-06-01T12:00:00Z') });
  const { port } = await blobs.start();
  // Both URLs, as Netlify gives functions: the picture function reads the takedown list strongly.
  setEnvironmentContext({
    siteID: 'test-site',
    token: 'test-token',
    edgeURL: `http://127.0.0.1:${port}`,
    uncachedEdgeURL: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await blobs.stop();
  await rm(blobsDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await db.delete(rateLimitBuckets);
});

let n = 0;
const code = () => `AbCdEfGh${String(++n).padStart(6, '0')}`;

function form(fields: Record<string, string>, image?: Blob, name = 'foto.jpg') {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (image) body.set('image', image, name);
  return body;
}

const base = () => ({
  title: 'Amigos do Xadrez',
  description: 'Partidas e dicas de xadrez todo dia.',
  link: `https://chat.whatsapp.com/${code()}`,
  category: 'Esportes',
});

function submit(body: FormData, init: { headers?: Record<string, string>; ip?: string } = {}) {
  return callFunction(submitFn, '/api/groups', {
    method: 'POST',
    body,
    headers: init.headers,
    ip: init.ip ?? `198.51.100.${++n % 250}`,
  });
}

async function jpegWithExif() {
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: '#25D366' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();
}

describe('POST /api/groups', () => {
  it('rejects missing fields and a non-WhatsApp link with clear messages', async () => {
    const res = await submit(form({ title: '', description: '', link: 'https://t.me/abc', category: '' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields).toEqual({
      title: 'O título é obrigatório',
      description: 'A descrição é obrigatória',
      link: 'O link deve começar com https://chat.whatsapp.com/ (grupo) ou https://whatsapp.com/channel/ (canal)',
      category: 'A categoria é obrigatória',
    });
    const unknown = await submit(form({ ...base(), category: 'Não existe' }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toBe('Selecione uma categoria válida');
  });

  it('stores no invisible or reversing characters, and refuses a title a reader cannot see', async () => {
    const invisible = await submit(form({ ...base(), title: '\u200B\u200B\u200B' }));
    expect(invisible.status).toBe(400);
    expect(((await invisible.json()) as { fields: Record<string, string> }).fields.title).toBe(
      'O título é obrigatório',
    );
    const reversed = await submit(
      form({ ...base(), title: 'Grupo \u202Etxt.exe', description: 'Texto\u200B com\u2066 controles' }),
    );
    expect(reversed.status).toBe(201);
    const { id } = (await reversed.json()) as { id: string };
    const [row] = await db.select().from(groups).where(eq(groups.id, id));
    expect(row).toMatchObject({ title: 'Grupo txt.exe', description: 'Texto com controles' });
  });

  it('stores an anonymous group unapproved with a normalized link and no image', async () => {
    const c = code();
    const res = await submit(form({ ...base(), link: `http://www.chat.whatsapp.com/${c}/?utm=x` }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await db.select().from(groups).where(eq(groups.id, id));
    expect(row).toMatchObject({
      approved: false,
      link: `https://chat.whatsapp.com/${c}`,
      image: null,
      userId: null,
    });
    expect(row!.titleSlug).toBe('amigos-do-xadrez');
    // A second group with the same title gets a distinct slug
    const again = await submit(form(base()));
    const { id: id2 } = (await again.json()) as { id: string };
    const [row2] = await db.select().from(groups).where(eq(groups.id, id2));
    expect(row2!.titleSlug).not.toBe('amigos-do-xadrez');
    expect(row2!.titleSlug).toMatch(/^amigos-do-xadrez-/);
  });

  it('refuses a duplicate invite code without naming the pending group, offering to log in and claim it', async () => {
    const fields = base();
    expect((await submit(form({ ...fields, title: 'Grupo Original' }))).status).toBe(201);
    const res = await submit(form({ ...fields, link: `${fields.link}?x=1`, title: 'Cópia' }));
    expect(res.status).toBe(409);
    const text = await res.text();
    expect(text).not.toContain('Grupo Original');
    expect(JSON.parse(text)).toMatchObject({
      code: 'INVITE_TAKEN',
      message:
        'Este link de convite já está no catálogo. Se o grupo é seu, entre na sua conta para reivindicá-lo.',
    });
    expect(await db.select().from(groups).where(eq(groups.title, 'Cópia'))).toHaveLength(0);
  });

  it('re-encodes an image to WebP without EXIF and serves it, revalidated by browsers and kept by the CDN', async () => {
    const res = await submit(
      form(base(), new Blob([new Uint8Array(await jpegWithExif())], { type: 'image/jpeg' })),
    );
    expect(res.status).toBe(201);
    const { image } = (await res.json()) as { image: string };
    expect(image).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/);
    const served = await callFunction(imagesFn, image);
    expect(served.status).toBe(200);
    // No longer immutable in browsers: a takedown could never reach their copy (decision 0015).
    expect(served.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(served.headers.get('netlify-cdn-cache-control')).toMatch(/^public, durable, s-maxage=31536000/);
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(800);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-camera-owner'))).toBe(false);

    // The size cards and pages show: a square thumbnail, also without EXIF.
    const thumbnail = await callFunction(imagesFn, groupThumbnail(image));
    expect(thumbnail.status).toBe(200);
    const small = Buffer.from(await thumbnail.arrayBuffer());
    expect(await sharp(small).metadata()).toMatchObject({ format: 'webp', width: 192, height: 192 });
    expect(small.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    expect(small.length).toBeLessThan(bytes.length);
  });

  it('refuses a spoofed image (text named .png) and an oversized one, storing nothing', async () => {
    const before = (await db.select().from(groups)).length;
    const spoof = await submit(
      form(base(), new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'x.png'),
    );
    expect(spoof.status).toBe(400);
    expect(((await spoof.json()) as { message: string }).message).toBe('O arquivo deve ser uma imagem');
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set([0xff, 0xd8, 0xff]);
    const large = await submit(form(base(), new Blob([big], { type: 'image/jpeg' })));
    expect(large.status).toBe(413);
    expect(((await large.json()) as { message: string }).message).toBe('A imagem não pode ter mais que 5MB');
    expect((await db.select().from(groups)).length).toBe(before);
  });

  it('stops reading a form past its cap when it declares no length, storing nothing', async () => {
    const before = (await db.select().from(groups)).length;
    // A chunked body (no Content-Length) that would go on for 64 MB: only the cap's worth is read.
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 64 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await callFunction(submitFn, '/api/groups', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'multipart/form-data; boundary=----limite' },
      ip: '198.51.100.251',
    } as RequestInit & { ip: string });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      message: 'A imagem não pode ter mais que 5MB',
      fields: { image: 'A imagem não pode ter mais que 5MB' },
    });
    expect(sent).toBeLessThan(8 * 1024 * 1024);
    expect((await db.select().from(groups)).length).toBe(before);
  });

  it('attaches the group to the logged-in user (or, sent before logging in, to the account that follows it), and refuses a cookie post from a foreign Origin', async () => {
    // Sent without an account: the answer carries the token that lets its sender follow it later.
    const anonymous = (await (await submit(form(base()))).json()) as { id: string; followToken: string };
    expect(anonymous.followToken).toEqual(expect.any(String));
    const other = (await (await submit(form(base()))).json()) as { id: string; followToken: string };
    const reg = await callFunction(authFn, '/api/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ana Souza',
        email: 'ana@example.com',
        password: 'segredo1',
        confirmPassword: 'segredo1',
        adult: true,
      }),
    });
    const { user } = (await reg.json()) as { user: { id: string } };
    const cookie = reg.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))!
      .split(';')[0]!;
    const res = await submit(form(base()), { headers: { cookie } });
    const { id, followToken } = (await res.json()) as { id: string; followToken?: string };
    expect(followToken).toBeUndefined();
    const [row] = await db.select().from(groups).where(eq(groups.id, id));
    expect(row!.userId).toBe(user.id);

    const follow = (groupId: string, token: string) =>
      callFunction(followFn, `/api/user/groups/${groupId}/follow`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
    // Another group's token, or a forged one, changes nothing.
    const wrong = await follow(anonymous.id, other.followToken);
    expect(wrong.status).toBe(400);
    expect((await follow(anonymous.id, `${anonymous.followToken}x`)).status).toBe(400);
    expect((await db.select().from(groups).where(eq(groups.id, anonymous.id)))[0]!.userId).toBeNull();
    const followed = await follow(anonymous.id, anonymous.followToken);
    expect(followed.status).toBe(200);
    expect(await followed.json()).toEqual({ id: anonymous.id, followed: true });
    expect((await db.select().from(groups).where(eq(groups.id, anonymous.id)))[0]!.userId).toBe(user.id);
    expect((await follow(anonymous.id, anonymous.followToken)).status).toBe(200); // a reload: the same
    const foreign = await submit(form(base()), { headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  });

  it('drops honeypot submissions and rate-limits per IP', async () => {
    const bot = await submit(form({ ...base(), website: 'http://spam.example' }));
    expect(bot.status).toBe(400);
    const ip = '192.0.2.99';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await submit(form(base()), { ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
