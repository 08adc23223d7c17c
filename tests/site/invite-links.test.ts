// Live links in real Chromium against the local platform, whose invite checks go to the fake WhatsApp
// started by tests/support/global-site.ts: typing a live link on /enviar fills the title and shows the
// group's photo, a revoked one is an error on the field, and a channel goes from the form to its own
// static page with the 'Canal' badge, its followers and 'Seguir Canal'.
// With INVITE_SCREENSHOTS=<dir> it saves screenshots of these at 390 and 1280 px.
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { groups } from '../../db/schema.ts';
import { joinPath } from '../../src/features/groups/groups.ts';
import { launchBrowser, screenshotWidths } from '../support/browser.ts';
import { SITE_INVITES } from '../support/fake-whatsapp.ts';
import { rebuildSite } from '../support/site-build.ts';
import { withSiteDb } from '../support/site-db.ts';

const site = inject('siteUrl');
const shots = process.env.INVITE_SCREENSHOTS;
const WAIT = { timeout: 45_000 };
const DEAD = 'Este link de convite foi revogado ou não existe.';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
});
afterAll(async () => {
  await browser?.close();
});

async function openForm() {
  await page.goto(`${site}/enviar`);
  await page
    .locator('astro-island:not([ssr])', { has: page.getByLabel('Título do grupo') })
    .waitFor({ state: 'attached', ...WAIT });
}

describe('invite preview on /enviar', { timeout: 240_000 }, () => {
  it('fills the title and shows the photo of a live group', async () => {
    await openForm();
    await page.getByLabel('Link de convite').fill(`https://chat.whatsapp.com/${SITE_INVITES.live.code}`);
    await expect
      .poll(() => page.getByLabel('Título do grupo').inputValue(), WAIT)
      .toBe(SITE_INVITES.live.title);
    const photo = page.locator('img[data-invite-photo]');
    await photo.waitFor(WAIT);
    expect(await photo.getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
    // the picture really decoded in the browser
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByText('Usaremos esta foto se você não enviar outra imagem.').waitFor(WAIT);
    await screenshotWidths(page, shots, 'enviar-link-ativo');
  });

  it('keeps a title the visitor already typed', async () => {
    await openForm();
    await page.getByLabel('Título do grupo').fill('Meu título');
    await page.getByLabel('Link de convite').fill(`https://chat.whatsapp.com/${SITE_INVITES.live.code}`);
    await page.locator('img[data-invite-photo]').waitFor(WAIT);
    expect(await page.getByLabel('Título do grupo').inputValue()).toBe('Meu título');
  });

  it('shows the error of a revoked link on the field and does not send it', async () => {
    await openForm();
    const link = page.getByLabel('Link de convite');
    await link.fill(`https://chat.whatsapp.com/${SITE_INVITES.dead.code}`);
    await page.getByText(DEAD).waitFor(WAIT);
    expect(await link.getAttribute('aria-invalid')).toBe('true');
    await screenshotWidths(page, shots, 'enviar-link-revogado');
    await page.getByLabel('Título do grupo').fill('Grupo Revogado');
    await page.getByLabel('Descrição').fill('Não deve ser enviado.');
    await page.getByLabel('Categoria').selectOption({ label: 'Educação' });
    await page.getByRole('button', { name: 'Enviar grupo' }).click();
    await page.getByText(DEAD).waitFor(WAIT);
    const stored = await withSiteDb((db) =>
      db.select().from(groups).where(eq(groups.inviteCode, SITE_INVITES.dead.code)),
    );
    expect(stored).toHaveLength(0);
  });

  it('takes a channel from the form to its page with its badge, followers and button, and its card', async () => {
    await openForm();
    await page
      .getByLabel('Link de convite')
      .fill(`https://www.whatsapp.com/channel/${SITE_INVITES.channel.code}/`);
    await expect
      .poll(() => page.getByLabel('Título do grupo').inputValue(), WAIT)
      .toBe(SITE_INVITES.channel.title);
    await page.getByText('1.200 seguidores', { exact: false }).waitFor(WAIT);
    await page.getByLabel('Descrição').fill('Roteiros de trilhas toda semana.');
    await page.getByLabel('Categoria').selectOption({ label: 'Educação' });
    await page.getByRole('button', { name: 'Enviar grupo' }).click();
    await page.getByRole('heading', { name: 'Grupo enviado com sucesso!' }).waitFor(WAIT);

    const key = `channel:${SITE_INVITES.channel.code}`;
    const [stored] = await withSiteDb((db) => db.select().from(groups).where(eq(groups.inviteCode, key)));
    expect(stored).toMatchObject({
      type: 'channel',
      followers: 1200,
      link: `https://whatsapp.com/channel/${SITE_INVITES.channel.code}`,
    });
    expect(stored!.image).toMatch(/^\/api\/images\//);
    const path = await withSiteDb(async (db) => {
      await db.update(groups).set({ approved: true }).where(eq(groups.id, stored!.id));
      return stored!.titleSlug;
    });
    await rebuildSite();
    const url = `${site}/educacao/${path}`;
    await expect.poll(async () => (await fetch(url)).status, { timeout: 120_000, interval: 1000 }).toBe(200);
    await page.goto(url);
    await page.getByRole('link', { name: 'Seguir Canal' }).waitFor(WAIT);
    // 'Seguir Canal' goes through /entrar/{id}, which answers with the channel's current link (decision 0012).
    expect(await page.getByRole('link', { name: 'Seguir Canal' }).getAttribute('href')).toBe(
      joinPath(stored!.id),
    );
    const join = await fetch(`${site}${joinPath(stored!.id)}`, { redirect: 'manual' });
    expect(join.status).toBe(302);
    expect(join.headers.get('location')).toBe(`https://whatsapp.com/channel/${SITE_INVITES.channel.code}`);
    await page.getByText('Canal', { exact: true }).first().waitFor(WAIT);
    await page.getByText('1.200 seguidores').waitFor(WAIT);
    await screenshotWidths(page, shots, 'canal-pagina');
    // Its page answers from the function at once; its card is on the category page after the rebuild.
    const cardLink = page.getByRole('link', { name: SITE_INVITES.channel.title }).first();
    await expect
      .poll(
        async () => {
          await page.goto(`${site}/categoria/educacao`);
          return cardLink.isVisible();
        },
        { timeout: 120_000, interval: 2000 },
      )
      .toBe(true);
    await screenshotWidths(page, shots, 'canal-cartao');
  });
});
