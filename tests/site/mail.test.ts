// E-mail on the running platform, in Chromium: register -> the confirmation e-mail appears at
// /__platform/mail -> its link confirms the address and the panel's banner is gone; then 'Esqueci
// minha senha' -> the reset e-mail -> a new password -> log in with it.
// With MAIL_SCREENSHOTS=<dir> it saves the mail list, an opened message, the panel's banner and
// /auth/nova-senha at 390 and 1280 px.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotWidths } from '../support/browser.ts';

const site = inject('siteUrl');
const shots = process.env.MAIL_SCREENSHOTS;
const WAIT = { timeout: 45_000 };

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
});
afterAll(async () => {
  await browser?.close();
});

const hydrated = (page: Page, label: string) =>
  page
    .locator('astro-island:not([ssr])', { has: page.getByLabel(label) })
    .waitFor({ state: 'attached', ...WAIT });

/** Open the newest message with this subject to this address on /__platform/mail; its button's link, on this site. */
async function openMail(to: string, subject: string, button: string, shot?: string): Promise<string> {
  const row = page.locator('tr', { hasText: to }).filter({ hasText: subject }).first();
  // The list is read again until the message is in it: some e-mails (the reset) go out after the
  // answer, so a list loaded once could be older than the message and wait for it in vain.
  await expect
    .poll(
      async () => {
        await page.goto(`${site}/__platform/mail`);
        return row.count();
      },
      { timeout: WAIT.timeout, interval: 1000 },
    )
    .toBeGreaterThan(0);
  if (shot) await screenshotWidths(page, shots, `${shot}-list`);
  await row.getByRole('link', { name: subject }).click();
  await page.getByRole('heading', { name: subject, level: 1 }).waitFor(WAIT);
  await page.getByText(`Para: ${to}`).waitFor(WAIT);
  const href = await page
    .frameLocator('iframe[title="Mensagem em HTML"]')
    .getByRole('link', { name: button })
    .getAttribute('href', WAIT);
  if (shot) await screenshotWidths(page, shots, `${shot}-message`);
  const link = new URL(href!);
  return new URL(`${link.pathname}${link.search}`, site).toString();
}

describe('e-mail on the local platform', { timeout: 300_000 }, () => {
  const email = `caixa-${randomBytes(4).toString('hex')}@teste.local`;

  it('registers, sees the banner, confirms through the e-mail, and the banner is gone', async () => {
    await page.goto(`${site}/auth?tab=register`);
    await hydrated(page, 'Confirmar senha');
    await page.getByLabel('Nome').fill('Rita Caixa');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Senha/).fill('senha-antiga-1');
    await page.getByLabel('Confirmar senha').fill('senha-antiga-1');
    await page.getByLabel(/Declaro que tenho 18 anos ou mais/).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL(/\/painel$/, WAIT);
    const banner = page.getByRole('heading', { name: 'Confirme seu e-mail' });
    await banner.waitFor(WAIT);
    await expect(page.getByRole('button', { name: 'Reenviar e-mail' }).isVisible()).resolves.toBe(true);
    await screenshotWidths(page, shots, 'painel-banner');

    const link = await openMail(email, 'Confirme seu e-mail', 'Confirmar e-mail', 'mail');
    expect(link).toContain('/auth/confirmar-email?token=');
    await page.goto(link);
    await page.getByText('E-mail confirmado. Obrigado!').waitFor(WAIT);
    expect(page.url()).not.toContain('token=');

    const status = page.waitForResponse((r) => r.url().endsWith('/api/email-confirmation'), WAIT);
    await page.goto(`${site}/painel`);
    await page.getByRole('heading', { name: 'Rita Caixa' }).waitFor(WAIT);
    expect(await (await status).json()).toMatchObject({ confirmed: true });
    await expect(banner.count()).resolves.toBe(0);
  });

  it('forgets the password, resets it from the e-mail, and logs in with the new one', async () => {
    await page.getByRole('button', { name: 'Sair', exact: true }).click();
    await page.waitForURL(`${site}/`, WAIT);
    await page.goto(`${site}/auth`);
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.waitForURL(/\/auth\/esqueci-senha$/, WAIT);
    await hydrated(page, 'E-mail da conta');
    await page.getByLabel('E-mail da conta').fill(email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByText('Se houver uma conta com este e-mail').waitFor(WAIT);

    const link = await openMail(email, 'Redefina sua senha', 'Criar nova senha');
    expect(link).toContain('/auth/nova-senha?token=');
    await page.goto(link);
    await hydrated(page, 'Confirmar nova senha');
    await expect.poll(() => page.url(), WAIT).toBe(`${site}/auth/nova-senha`); // the token leaves the address bar
    await screenshotWidths(page, shots, 'nova-senha');
    await page.getByLabel(/^Nova senha/).fill('senha-nova-2');
    await page.getByLabel('Confirmar nova senha').fill('senha-nova-2');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByText('Senha alterada. Entre com a nova senha.').waitFor(WAIT);

    await page.getByRole('main').getByRole('link', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(/\/auth$/, WAIT);
    await hydrated(page, 'E-mail');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill('senha-nova-2');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(/\/painel$/, WAIT);
    await page.getByRole('heading', { name: 'Rita Caixa' }).waitFor(WAIT);
  });
});
