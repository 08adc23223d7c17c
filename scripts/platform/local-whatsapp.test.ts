import { afterAll, describe, expect, it } from 'vitest';
import { checkInvite } from '../../src/features/links/invite-check.server.ts';
import { startLocalWhatsApp } from './local-whatsapp.ts';

const env: NodeJS.ProcessEnv = { FAKE_WHATSAPP: '1' };
const fake = await startLocalWhatsApp(env);
process.env.LOCAL_PLATFORM = '1';
process.env.WHATSAPP_INVITE_BASE = env.WHATSAPP_INVITE_BASE;
afterAll(async () => {
  delete process.env.WHATSAPP_INVITE_BASE;
  await fake?.close();
});

describe('FAKE_WHATSAPP=1 npm start', () => {
  it('answers every code live except the revoked, rate-limited and channel ones', async () => {
    expect(fake).toBeDefined();
    expect(await checkInvite('https://chat.whatsapp.com/TrilhasDaSerra2026')).toMatchObject({
      status: 'live',
      title: 'Grupo TrilhasDaSerra2026',
    });
    expect((await checkInvite('https://chat.whatsapp.com/GrupoMorto123')).status).toBe('dead');
    expect(await checkInvite('https://chat.whatsapp.com/GrupoLimite123')).toMatchObject({
      status: 'unknown',
      retryAfterSeconds: 120,
    });
    expect(await checkInvite('https://whatsapp.com/channel/0029VaLocal0000000000001')).toMatchObject({
      status: 'live',
      type: 'channel',
    });
  });

  it('stays off unless asked', async () => {
    expect(await startLocalWhatsApp({})).toBeUndefined();
  });
});
