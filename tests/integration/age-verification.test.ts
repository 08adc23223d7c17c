// Adult (18+) content opened only by an age-verification provider over OpenID Connect (decision 0010),
// through the real functions and openid-client against a local fake provider (tests/support/fake-oidc.ts)
// that signs real ID tokens: an adult is let in, a minor, a refusal, a provider down and a failing token
// endpoint are not, and nothing but the provider's signed answer ever opens it.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, groups, rateLimitBuckets } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as ageFn from '../../functions/age-verification.ts';
import * as groupsFn from '../../functions/groups.ts';
import * as imagesFn from '../../functions/images.ts';
import * as submitFn from '../../functions/submit-group.ts';
import {
  isAgeVerified,
  resetAgeVerificationForTests,
} from '../../src/features/age-verification/age-verification.server.ts';
import { signSession } from '../../src/features/auth/session.server.ts';
import { groupPageOnDemand } from '../../src/features/groups/group-pages.server.ts';
import type { GroupJson, GroupPage } from '../../src/features/groups/groups.server.ts';
import { thumbnailKey } from '../../src/features/images/group-image.ts';
import { prepareImageBytes, saveImage } from '../../src/features/images/stored-images.server.ts';
import { requestRebuild } from '../../src/features/rebuilds/rebuilds.server.ts';
import { forgetTakedowns } from '../../src/features/takedowns/takedown-store.ts';
import { resetEnvForTests, secret } from '../../src/lib/env.server.ts';
import { expectConsoleError } from '../support/console-errors.ts';
import { setupTestDb } from '../support/db.ts';
import { type FakeOidc, startFakeOidc } from '../support/fake-oidc.ts';
import { callFunction } from '../support/functions.ts';

const { db } = await setupTestDb();
let provider: FakeOidc;
const adultGroup = { id: randomUUID(), slug: 'zabumba-noturna' };
const NEXT = '/categoria/18';

function configure(issuer: string | undefined) {
  for (const [name, value] of Object.entries({
    AGE_VERIFICATION_ISSUER: issuer,
    AGE_VERIFICATION_CLIENT_ID: issuer ? provider.clientId : undefined,
    AGE_VERIFICATION_CLIENT_SECRET: issuer ? provider.clientSecret : undefined,
  })) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
  resetAgeVerificationForTests();
}

/** name=value of each Set-Cookie that sets a value (not a deletion). */
function cookiesOf(res: Response): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = pair!.split('=');
    if (!/Max-Age=0/.test(line)) jar[name!] = value.join('=');
  }
  return jar;
}

/** A visitor's whole round trip: our start, the provider's authorize, our callback. */
async function verify(next = NEXT) {
  const start = await callFunction(ageFn, `/api/age-verification/start?next=${encodeURIComponent(next)}`);
  expect(start.status).toBe(302);
  const location = start.headers.get('location')!;
  const check = cookiesOf(start).age_check;
  if (!location.startsWith(provider.issuer)) return { start, location, verified: undefined };
  const authorize = await fetch(location, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  expect(back.pathname).toBe('/api/age-verification/callback');
  const callback = await callFunction(ageFn, `${back.pathname}${back.search}`, {
    headers: { cookie: `age_check=${check}` },
  });
  expect(callback.status).toBe(302);
  expect(callback.headers.get('cache-control')).toBe('private, no-store');
  return { start, location: callback.headers.get('location')!, verified: cookiesOf(callback).age_verified };
}

const asVisitor = (cookie?: string) => (cookie ? { headers: { cookie: `age_verified=${cookie}` } } : {});

beforeAll(async () => {
  provider = await startFakeOidc();
  await seedDatabase(db, { groups: 20, now: new Date() });
  const [adult] = await db.select().from(categories).where(eq(categories.slug, '18'));
  await db.insert(groups).values({
    id: adultGroup.id,
    title: 'Zabumba Noturna',
    description: 'Conversa para maiores de 18 anos.',
    link: 'https://chat.whatsapp.com/ZaBuMbANoTuRnA12345678',
    inviteCode: 'ZaBuMbANoTuRnA12345678',
    categoryId: adult!.id,
    titleSlug: adultGroup.slug,
    approved: true,
  });
});

beforeEach(() => {
  configure(provider.issuer);
  provider.person = 'adult';
  provider.outage = 'none';
});

afterEach(() => configure(undefined));
afterAll(() => provider.close());

describe('a visitor the provider confirms is 18 or older', () => {
  it('comes back verified, and only then sees the 18+ list, privately', async () => {
    const { location, verified } = await verify();
    expect(location).toBe(NEXT);
    expect(verified).toBeTruthy();
    // The provider was used as OpenID Connect says: discovery, authorize, token, JWKS.
    expect(provider.requests).toEqual(
      expect.arrayContaining([
        'GET /.well-known/openid-configuration',
        'GET /authorize',
        'POST /token',
        'GET /jwks',
      ]),
    );

    const status = await callFunction(ageFn, '/api/age-verification/status', asVisitor(verified));
    expect(await status.json()).toEqual({ available: true, verified: true });

    const list = await callFunction(groupsFn, '/api/groups?category=18&adult=1', asVisitor(verified));
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(((await list.json()) as GroupPage).groups.map((g) => g.id)).toContain(adultGroup.id);

    const one = await callFunction(groupsFn, `/api/groups/${adultGroup.id}`, asVisitor(verified));
    expect(one.status).toBe(200);
    expect(one.headers.get('cache-control')).toBe('private, no-store');
    expect(((await one.json()) as GroupJson).adult).toBe(true);

    const found = await callFunction(groupsFn, '/api/groups?search=zabumba&adult=1', asVisitor(verified));
    expect(((await found.json()) as GroupPage).groups.map((g) => g.id)).toContain(adultGroup.id);

    // The on-demand group page renders it for this visitor only.
    const cookie = (name: string) => (name === 'age_verified' ? verified : undefined);
    expect(await isAgeVerified(cookie)).toBe(true);
    const page = await groupPageOnDemand(db, '18', adultGroup.slug, {
      includeAdult: await isAgeVerified(cookie),
    });
    expect(page && 'group' in page && page.group.id).toBe(adultGroup.id);
  });

  it('still sees nothing adult without asking, and others see nothing at all', async () => {
    const { verified } = await verify();
    const plain = await callFunction(groupsFn, '/api/groups?category=18', asVisitor(verified));
    expect(((await plain.json()) as GroupPage).groups).toEqual([]);
    expect((await callFunction(groupsFn, `/api/groups/${adultGroup.id}`)).status).toBe(404);
    const anonymous = await callFunction(groupsFn, '/api/groups?category=18&adult=1');
    expect(((await anonymous.json()) as GroupPage).groups).toEqual([]);
  });

  it('loses access when the operator removes the provider, whatever cookie it holds', async () => {
    const { verified } = await verify();
    configure(undefined);
    const list = await callFunction(groupsFn, '/api/groups?category=18&adult=1', asVisitor(verified));
    expect(((await list.json()) as GroupPage).groups).toEqual([]);
    const status = await callFunction(ageFn, '/api/age-verification/status', asVisitor(verified));
    expect(await status.json()).toEqual({ available: false, verified: false });
    // And start goes nowhere near a provider.
    const start = await callFunction(ageFn, '/api/age-verification/start?next=/categoria/18');
    expect(start.headers.get('location')).toBe(NEXT);
  });
});

describe('everyone else stays out', () => {
  it('a person under 18: back with ?idade=negada and no verification', async () => {
    provider.person = 'minor';
    const { location, verified } = await verify();
    expect(location).toBe(`${NEXT}?idade=negada`);
    expect(verified).toBeUndefined();
  });

  it('an ID token without the claim counts as no', async () => {
    provider.person = 'claimless';
    const { location, verified } = await verify();
    expect(location).toBe(`${NEXT}?idade=negada`);
    expect(verified).toBeUndefined();
  });

  it('a person who refuses at the provider', async () => {
    provider.person = 'refuses';
    const { location, verified } = await verify();
    expect(location).toBe(`${NEXT}?idade=negada`);
    expect(verified).toBeUndefined();
  });

  it('a provider that is down: back with ?idade=erro before leaving the site', async () => {
    expectConsoleError(/\[age-verification\] discovery failed/);
    provider.outage = 'down';
    const { location, verified, start } = await verify();
    expect(location).toBe(`${NEXT}?idade=erro`);
    expect(cookiesOf(start).age_check).toBeUndefined();
    expect(verified).toBeUndefined();
  });

  it('a provider that is unreachable (nothing listening)', async () => {
    expectConsoleError(/\[age-verification\] discovery failed/);
    configure('http://127.0.0.1:9');
    const start = await callFunction(ageFn, `/api/age-verification/start?next=${encodeURIComponent(NEXT)}`);
    expect(start.headers.get('location')).toBe(`${NEXT}?idade=erro`);
  });

  it('a token endpoint that fails after the person agreed', async () => {
    expectConsoleError(/\[age-verification\] callback failed/);
    const start = await callFunction(ageFn, `/api/age-verification/start?next=${encodeURIComponent(NEXT)}`);
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    provider.outage = 'token-fails';
    const callback = await callFunction(ageFn, `${back.pathname}${back.search}`, {
      headers: { cookie: `age_check=${cookiesOf(start).age_check}` },
    });
    expect(callback.headers.get('location')).toBe(`${NEXT}?idade=erro`);
    expect(cookiesOf(callback).age_verified).toBeUndefined();
  });

  it('an ID token not signed by the provider’s published key is refused', async () => {
    expectConsoleError(/\[age-verification\] callback failed/);
    provider.outage = 'forged-token';
    const { location, verified } = await verify();
    expect(location).toBe(`${NEXT}?idade=erro`);
    expect(verified).toBeUndefined();
  });

  it('a callback without our check cookie, or with another state, is refused', async () => {
    expectConsoleError(/\[age-verification\] callback failed/);
    const start = await callFunction(ageFn, `/api/age-verification/start?next=${encodeURIComponent(NEXT)}`);
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    const bare = await callFunction(ageFn, `${back.pathname}${back.search}`);
    expect(bare.headers.get('location')).toBe('/?idade=erro');
    back.searchParams.set('state', 'outro-estado');
    const forged = await callFunction(ageFn, `${back.pathname}${back.search}`, {
      headers: { cookie: `age_check=${cookiesOf(start).age_check}` },
    });
    expect(forged.headers.get('location')).toBe(`${NEXT}?idade=erro`);
    expect(cookiesOf(forged).age_verified).toBeUndefined();
  });

  it('a self-made cookie, a session token or a self-declaration opens nothing', async () => {
    const wrongKey = await new SignJWT({ adult: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('grupos-de-zap')
      .setAudience('grupos-de-zap:age-verified')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('uma-chave-qualquer-com-mais-de-32-caracteres'));
    const sessionToken = await signSession(randomUUID());
    const wrongAudience = await new SignJWT({ adult: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('grupos-de-zap')
      .setAudience('grupos-de-zap:age-check')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret('JWT_SECRET')));
    for (const cookie of ['1', 'true', wrongKey, sessionToken, wrongAudience]) {
      const list = await callFunction(groupsFn, '/api/groups?category=18&adult=1', asVisitor(cookie));
      expect(((await list.json()) as GroupPage).groups, cookie.slice(0, 12)).toEqual([]);
    }
  });

  it('never sends the visitor to another site after the check', async () => {
    const { location } = await verify('https://malicioso.example/roubo');
    expect(location).toBe('/');
    const { location: protocolRelative } = await verify('//malicioso.example');
    expect(protocolRelative).toBe('/');
    // Browsers drop a tab and read `\` as `/`: these leave the site unless parsed as a URL.
    for (const next of ['/\t/malicioso.example/phish', '/\n/malicioso.example', '/\t\\malicioso.example']) {
      const { location: escaped } = await verify(next);
      expect(new URL(escaped, 'https://nosso.site').origin, JSON.stringify(next)).toBe('https://nosso.site');
      expect(escaped).toBe('/');
    }
  });
});

describe('with a provider configured, owners may submit to the 18+ category', () => {
  it('accepts the submission for review', async () => {
    await db.delete(rateLimitBuckets);
    const body = new FormData();
    body.set('title', 'Paquera Verificada');
    body.set('description', 'Conversas só para maiores de idade.');
    body.set('link', 'https://chat.whatsapp.com/PaQuErAvErIfIcAdA12345');
    body.set('category', '18');
    const res = await callFunction(submitFn, '/api/groups', { method: 'POST', body, ip: '198.51.100.90' });
    expect(res.status).toBe(201);
  });
});

describe("an 18+ group's picture (#46)", () => {
  const blobsDir = join(tmpdir(), `blobs-${randomUUID()}`);
  const blobs = new BlobsServer({ directory: blobsDir, token: 'test-token' });
  let key = '';

  beforeAll(async () => {
    const { port } = await blobs.start();
    const url = `http://127.0.0.1:${port}`;
    setEnvironmentContext({ siteID: 'test-site', token: 'test-token', edgeURL: url, uncachedEdgeURL: url });
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#880088' } })
      .jpeg()
      .toBuffer();
    key = await saveImage((await prepareImageBytes(new Uint8Array(jpeg)))!);
    await db
      .update(groups)
      .set({ image: `/api/images/${key}` })
      .where(eq(groups.id, adultGroup.id));
    // What every change to a group does: the takedown list learns its picture is 18+.
    await requestRebuild(db, 'teste: foto 18+', { groups: [adultGroup.id] });
    forgetTakedowns();
  });
  afterAll(async () => {
    await blobs.stop();
    await rm(blobsDir, { recursive: true, force: true });
  });

  it('is served only to a verified visitor, privately, never to anyone with its address', async () => {
    for (const name of [key, thumbnailKey(key)]) {
      expect((await callFunction(imagesFn, `/api/images/${name}`)).status).toBe(404);
      expect((await callFunction(imagesFn, `/images/${name}`)).status).toBe(404);
    }
    const { verified } = await verify();
    const res = await callFunction(imagesFn, `/api/images/${key}`, asVisitor(verified));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('netlify-cdn-cache-control')).toBeNull();
    // A cookie the provider never signed opens nothing.
    expect((await callFunction(imagesFn, `/api/images/${key}`, asVisitor('forjado'))).status).toBe(404);
  });
});
