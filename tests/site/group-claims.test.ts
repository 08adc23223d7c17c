// 'Reivindicar grupo' in real Chromium against the local platform, whose invite checks go to the fake
// WhatsApp started by tests/support/global-site.ts: an anonymous visitor submits someone else's link
// (the squat) and, sending it again, is told to log in to claim it; the real owner registers, submits
// the same link, is offered 'Reivindicar grupo', gets a code, presses 'Verificar' before renaming (the
// name WhatsApp shows comes back), renames the group on the fake WhatsApp page to include the code,
// presses 'Verificar' again, and finds the group in /painel.
// With CLAIM_SCREENSHOTS=<dir> it saves screenshots of each step at 390 and 1280 px.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { groupClaims, groups, users } from '../../db/schema.ts';
import { launchBrowser, screenshotWidths } from '../support/browser.ts';
import { SITE_INVITES, setFakeInvite } from '../support/fake-whatsapp.ts';
import { withSiteDb } from '../support/site-db.ts';

const site = inject('siteUrl');
const whatsapp = inject('whatsappUrl');
const shots = process.env.CLAIM_SCREENSHOTS;
const WAIT = { timeout: 45_000 };
const LINK = `https://chat.whatsapp.com/${SITE_INVITES.claim.code}`;
const SQUAT_TITLE = 'Grupo do Invasor';

const hydrated = (page: Page, label: string) =>
  page
    .locator('astro-island:not([ssr])', { has: page.getByLabel(label) })
    .waitFor({ state: 'attached', ...WAIT });

let browser: Browser;
let visitor: BrowserContext;
let owner: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  owner = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
});
afterAll(async () => {
  await browser?.close();
});

async function fillSubmission(page: Page, title: string) {
  await page.goto(`${site}/enviar`);
  await hydrated(page, 'Título do grupo');
  await page.getByLabel('Título do grupo').fill(title);
  await page.getByLabel('Descrição').fill('Corridas de rua aos domingos, todos os ritmos.');
  await page.getByLabel('Categoria').selectOption({ label: 'Esportes' });
  await page.getByLabel('Link de convite').fill(LINK);
  await page.getByRole('button', { name: 'Enviar grupo' }).click();
}

describe('claiming a squatted group by its name', { timeout: 300_000 }, () => {
  const email = `dono-${randomBytes(4).toString('hex')}@teste.local`;
  let code = '';

  it('an anonymous visitor squats the link, and sending it again is told to log in to claim it', async () => {
    const page = await visitor.newPage();
    await fillSubmission(page, SQUAT_TITLE);
    await page.getByRole('heading', { name: 'Grupo enviado com sucesso!' }).waitFor(WAIT);
    const [squat] = await withSiteDb((db) =>
      db.select().from(groups).where(eq(groups.inviteCode, SITE_INVITES.claim.code)),
    );
    expect(squat).toMatchObject({ title: SQUAT_TITLE, userId: null, approved: false });

    await fillSubmission(page, 'De novo');
    await page.getByRole('button', { name: 'Entrar para reivindicar' }).waitFor(WAIT);
    expect(await page.content()).not.toContain(SQUAT_TITLE);
    await screenshotWidths(page, shots, 'reivindicar-anonimo');
    await page.close();
  });

  it('the real owner submits the same link and is offered to claim it, with a code and its steps', async () => {
    // The account through the API (the /auth screens have their own journey in owner.test.ts); its
    // session cookie lands in this browser context.
    const registered = await owner.request.post(`${site}/api/register`, {
      headers: { origin: site },
      data: {
        name: 'Dono Verdadeiro',
        email,
        password: 'senha-forte-123',
        confirmPassword: 'senha-forte-123',
        adult: true,
      },
      timeout: 60_000,
    });
    expect(registered.status()).toBe(201);
    const page = await owner.newPage();
    await page.goto(`${site}/painel`);
    await page.getByRole('heading', { name: 'Dono Verdadeiro' }).waitFor(WAIT);

    await fillSubmission(page, 'Corrida de Rua Sorocaba');
    const offer = page.getByRole('button', { name: 'Reivindicar grupo' });
    await offer.waitFor(WAIT);
    expect(await page.content()).not.toContain(SQUAT_TITLE);
    await screenshotWidths(page, shots, 'reivindicar-oferta');

    await offer.click();
    const dialog = page.getByRole('dialog', { name: 'Reivindicar grupo' });
    expect(await dialog.getByLabel('Link de convite do grupo').inputValue()).toBe(LINK);
    await dialog.getByRole('button', { name: 'Gerar código' }).click();
    const shown = dialog.locator('[data-claim-code]');
    await shown.waitFor(WAIT);
    code = (await shown.textContent())?.trim() ?? '';
    expect(code).toMatch(/^ZAP-[A-Z0-9]{4}$/);
    await dialog.getByText(`Coloque o código ${code} em qualquer parte do nome`).waitFor(WAIT);
    await screenshotWidths(page, shots, 'reivindicar-codigo');

    // 'Verificar' before renaming: the name WhatsApp shows comes back, and the code still holds.
    await dialog.getByRole('button', { name: 'Verificar' }).click();
    await dialog.getByText(`O nome do grupo ainda é "${SITE_INVITES.claim.title}"`).waitFor(WAIT);
    await screenshotWidths(page, shots, 'reivindicar-nome-visto');

    // The group's admin renames it on WhatsApp, with the code in it; 'Verificar' finds it.
    await setFakeInvite(whatsapp, SITE_INVITES.claim.code, {
      kind: 'live',
      title: `${SITE_INVITES.claim.title} ${code}`,
    });
    await dialog.getByRole('button', { name: 'Verificar' }).click();
    const done = page.getByRole('dialog', { name: 'O grupo agora é seu' });
    await done.getByText(`Já pode tirar o código ${code} do nome do grupo`).waitFor(WAIT);
    await screenshotWidths(page, shots, 'reivindicar-sucesso');

    await done.getByRole('link', { name: 'Ver no painel' }).click();
    await page.waitForURL(/\/painel$/, WAIT);
    // A pending group's title is not a link in the panel (it has no public page yet).
    await page.getByText(SQUAT_TITLE, { exact: true }).first().waitFor(WAIT);
    await page.getByText('Aguardando aprovação').first().waitFor(WAIT);
    await screenshotWidths(page, shots, 'reivindicar-painel');

    const [row] = await withSiteDb((db) =>
      db
        .select({ owner: users.email, claim: groupClaims.status })
        .from(groups)
        .innerJoin(users, eq(users.id, groups.userId))
        .innerJoin(groupClaims, eq(groupClaims.groupId, groups.id))
        .where(eq(groups.inviteCode, SITE_INVITES.claim.code)),
    );
    expect(row).toEqual({ owner: email, claim: 'verified' });
    await page.close();
  });
});
