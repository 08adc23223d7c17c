// checkInvite against the fake WhatsApp server: every kind of answer, real HTTP and real HTML parsing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvite } from '#src/features/links/invite-check.server.ts';
import { resetEnvForTests } from '#src/lib/env.server.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../support/fake-whatsapp.ts';

let fake: FakeWhatsApp;
const link = (code: string) => `https://chat.whatsapp.com/${code}`;

beforeAll(async () => {
  fake = await startFakeWhatsApp();
});
afterAll(async () => {
  await fake.close();
});

describe('checkInvite', () => {
  it('reads a live group: its name, decoded, and its photo on the image host', async () => {
    fake.setInvite('LiveGroup0001', 'live', 'Vagas & Empregos "SP"');
    const check = await checkInvite(link('LiveGroup0001'), { base: fake.url });
    expect(check).toMatchObject({ status: 'live', type: 'group', title: 'Vagas & Empregos "SP"' });
    expect(check.imageUrl).toMatch(new RegExp(`^${fake.url}/v/t61\\.24694-24/LiveGroup0001_n\\.jpg\\?`));
    expect(fake.requests).toContain('GET /LiveGroup0001');
  });

  it('reads a live group without a photo as live, with no image', async () => {
    fake.setInvite('NoPhotoGrp01', 'live-no-photo', 'Sem Foto');
    const check = await checkInvite(link('NoPhotoGrp01'), { base: fake.url });
    expect(check).toEqual({ status: 'live', type: 'group', title: 'Sem Foto' });
  });

  it('reads a revoked invite, and an unknown code, as dead', async () => {
    fake.setInvite('RevokedGrp01', 'dead');
    expect(await checkInvite(link('RevokedGrp01'), { base: fake.url })).toMatchObject({
      status: 'dead',
      type: 'group',
    });
    expect(await checkInvite(link('NeverExisted1'), { base: fake.url })).toMatchObject({ status: 'dead' });
  });

  it('answers unknown on 429, with the Retry-After', async () => {
    fake.setInvite('Throttled001', 'rate-limited');
    expect(await checkInvite(link('Throttled001'), { base: fake.url })).toEqual({
      status: 'unknown',
      type: 'group',
      reason: 'rate_limited',
      retryAfterSeconds: 120,
    });
  });

  it('answers unknown on a server error', async () => {
    fake.setInvite('Broken000001', 'server-error');
    expect(await checkInvite(link('Broken000001'), { base: fake.url })).toMatchObject({
      status: 'unknown',
      reason: 'server_error',
    });
  });

  it('answers unknown on the consent interstitial, without following it', async () => {
    fake.setInvite('Consent00001', 'interstitial');
    expect(await checkInvite(link('Consent00001'), { base: fake.url })).toMatchObject({
      status: 'unknown',
      reason: 'interstitial',
    });
  });

  it('answers unknown when the page is slower than the time cap', async () => {
    fake.setInvite('SlowGroup001', 'slow');
    expect(await checkInvite(link('SlowGroup001'), { base: fake.url, timeoutMs: 300 })).toMatchObject({
      status: 'unknown',
      reason: 'timeout',
    });
  });

  it('answers unknown when the caller aborts', async () => {
    fake.setInvite('SlowGroup002', 'slow');
    const controller = new AbortController();
    const pending = checkInvite(link('SlowGroup002'), { base: fake.url, signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ status: 'unknown', reason: 'aborted' });
  });

  it('reads a channel: the name without the suffix, the photo and the follower count', async () => {
    fake.setInvite('0029VaChannelAbCdEf123456', 'channel', 'Notícias Já');
    const check = await checkInvite('whatsapp.com/channel/0029VaChannelAbCdEf123456/', { base: fake.url });
    expect(check).toMatchObject({ status: 'live', type: 'channel', title: 'Notícias Já', followers: 1200 });
    expect(check.imageUrl).toContain(`${fake.url}/v/t61.`);
    expect(fake.requests).toContain('GET /channel/0029VaChannelAbCdEf123456');
  });

  it('reads an unknown channel as dead', async () => {
    expect(
      await checkInvite('https://whatsapp.com/channel/0029VaGoneGoneGone0000000', { base: fake.url }),
    ).toMatchObject({ status: 'dead', type: 'channel' });
  });

  it('requests only the parsed code: nothing else from the input reaches the URL', async () => {
    fake.setInvite('PathSafe0001', 'live');
    const before = fake.requests.length;
    await checkInvite('https://chat.whatsapp.com/PathSafe0001/?next=http://evil.example/#x', {
      base: fake.url,
    });
    expect(fake.requests.slice(before)).toEqual(['GET /PathSafe0001']);
  });

  it('answers unknown for a link that is not an invite, without any request', async () => {
    const before = fake.requests.length;
    expect(
      await checkInvite('https://evil.example/chat.whatsapp.com/AbCdEfGh12', { base: fake.url }),
    ).toMatchObject({
      status: 'unknown',
      reason: 'invalid_link',
    });
    expect(fake.requests.length).toBe(before);
  });

  it('answers unknown at once, offline, in local mode without WHATSAPP_INVITE_BASE', async () => {
    delete process.env.WHATSAPP_INVITE_BASE;
    resetEnvForTests();
    expect(await checkInvite(link('LiveGroup0001'))).toEqual({
      status: 'unknown',
      type: 'group',
      reason: 'offline',
    });
  });

  it('uses WHATSAPP_INVITE_BASE in local mode', async () => {
    process.env.WHATSAPP_INVITE_BASE = fake.url;
    resetEnvForTests();
    try {
      expect(await checkInvite(link('LiveGroup0001'))).toMatchObject({ status: 'live' });
    } finally {
      delete process.env.WHATSAPP_INVITE_BASE;
      resetEnvForTests();
    }
  });
});
