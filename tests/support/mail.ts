// Per test file: the local mail catcher (the one `npm start` runs), in a temporary folder, with
// SMTP_URL pointed at it, so the code under test sends real SMTP and the test reads what arrived.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../scripts/platform/mail-catcher.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';

export async function setupMailCatcher(): Promise<MailCatcher> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wa-mail-'));
  const catcher = await startMailCatcher({ dir });
  const saved = process.env.SMTP_URL;
  process.env.SMTP_URL = catcher.url;
  resetEnvForTests();
  afterAll(async () => {
    if (saved === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = saved;
    resetEnvForTests();
    await catcher.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return catcher;
}

/** The link in a message's text part that starts with `prefix` (e.g. the site's /auth/nova-senha). */
export function linkIn(text: string, pathPrefix: string): URL {
  const match = text.match(new RegExp(`https?://[^\\s]+${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s]*`));
  if (!match) throw new Error(`no ${pathPrefix} link in:\n${text}`);
  return new URL(match[0]);
}
