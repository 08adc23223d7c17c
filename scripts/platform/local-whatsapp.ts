// FAKE_WHATSAPP=1 npm start: invite checks answer from the tests' WhatsApp stand-in on this machine, so
// the preview, 'Verificar agora' and the link rotation can be seen working offline. Every invite code is
// a live group, except codes containing 'Morto' (a revoked invite) or 'Limite' (WhatsApp's 429);
// channel ids (they start with 0029) are channels.
import { type FakeInviteKind, startFakeWhatsApp } from '../../tests/support/fake-whatsapp.ts';

export function localInviteKind(code: string): FakeInviteKind {
  if (/morto/i.test(code)) return 'dead';
  if (/limite/i.test(code)) return 'rate-limited';
  if (code.startsWith('0029')) return 'channel';
  return 'live';
}

/** Start the stand-in when asked and point the checks at it; answers how to stop it. */
export async function startLocalWhatsApp(env: NodeJS.ProcessEnv = process.env) {
  if (env.FAKE_WHATSAPP !== '1' || env.WHATSAPP_INVITE_BASE) return undefined;
  const fake = await startFakeWhatsApp({ unknownCodes: localInviteKind });
  env.WHATSAPP_INVITE_BASE = fake.url;
  return fake;
}
