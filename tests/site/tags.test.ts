// Tags (#43) in Chromium, against the local platform: an owner sends a group on /enviar choosing tags
// from the suggestions (its title's words) and by typing; an admin approves it; after the rebuild the
// topic page /tag/campinas lists it (complete HTML, JSON-LD, canonical) and the group's page links its
// tags. The admin's 'Tags' lists the vocabulary.
// With TAG_SCREENSHOTS=<dir> it saves the picker, the topic page and the admin's 'Tags' at 390 and 1280 px.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { groups, users } from '../../db/schema.ts';
import { SESSION_COOKIE, signSession } from '../../src/features/auth/session.server.ts';
import { groupTagsOf } from '../../src/features/tags/tags.server.ts';
import { launchBrowser, screenshotWidths } from '../support/browser.ts';
import { rebuildSite } from '../support/site-build.ts';
import { withSiteDb } from '../support/site-db.ts';

const site = inject('siteUrl');
const shots = process.env.TAG_SCREENSHOTS;
const WAIT = { timeout: 45_000 };
const REBUILD = { timeout: 420_000 };

let browser: Browser;
let adminToken: string;

async function pageAs(token?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  if (token)
    await context.addCookies([
      { name: SESSION_COOKIE, value: token, url: site, httpOnly: true, sameSite: 'Lax' },
      { name: 'logged_in', value: '1', url: site, sameSite: 'Lax' },
    ]);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const [admin] = await withSiteDb((db) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, inject('adminEmail'))),
  );
  adminToken = await signSession(admin!.id);
});
afterAll(async () => {
  await browser?.close();
});

describe('from /enviar with tags to the topic page', () => {
  const code = `TagSite${randomBytes(6).toString('hex')}`;
  const title = `Vagas de emprego em Campinas ${randomBytes(2).toString('hex')}`;
  let groupId: string;

  it('suggests tags from the title, adds one typed, and sends them with the group', async () => {
    const page = await pageAs();
    await page.goto(`${site}/enviar`);
    await page
      .locator('astro-island:not([ssr])', { has: page.getByLabel('Título do grupo') })
      .waitFor({ state: 'attached', ...WAIT });
    await page.getByLabel('Link de convite').fill(`https://chat.whatsapp.com/${code}`);
    await page.getByLabel('Título do grupo').fill(title);
    await page.getByLabel('Descrição').fill('Vagas de trabalho todos os dias na região. Sem spam.');
    await page.getByLabel('Categoria').selectOption({ label: 'Negócios Digitais' });
    const suggestions = page.getByRole('list', { name: 'Sugestões de tags' });
    await suggestions.getByRole('button', { name: 'Campinas' }).click(WAIT);
    await suggestions.getByRole('button', { name: 'Vagas de emprego' }).click(WAIT);
    await page.getByRole('searchbox', { name: /^Tags/ }).fill('renda');
    await page
      .getByRole('list', { name: 'Tags encontradas' })
      .getByRole('button', { name: 'Renda extra' })
      .click(WAIT);
    const chosen = page.getByRole('list', { name: 'Tags escolhidas' });
    await expect
      .poll(() => chosen.getByRole('button').allTextContents())
      .toEqual(['Campinas', 'Vagas de emprego', 'Renda extra']);
    await screenshotWidths(page, shots, 'enviar-tags');
    await page.getByRole('button', { name: 'Enviar grupo' }).click();
    await page.getByRole('heading', { name: 'Grupo enviado com sucesso!' }).waitFor(WAIT);
    const [group] = await withSiteDb((db) => db.select().from(groups).where(eq(groups.inviteCode, code)));
    groupId = group!.id;
    const tags = await withSiteDb((db) => groupTagsOf(db, [groupId]));
    expect(
      tags
        .get(groupId)!
        .map((t) => t.slug)
        .sort(),
    ).toEqual(['campinas', 'renda-extra', 'vagas-de-emprego']);
    await page.context().close();
  });

  it('after approval and the rebuild, /tag/campinas lists it and its page links its tags', {
    timeout: REBUILD.timeout + 60_000,
  }, async () => {
    const approved = await fetch(`${site}/api/admin/groups/${groupId}/approve`, {
      method: 'PATCH',
      headers: { cookie: `${SESSION_COOKIE}=${adminToken}`, origin: site },
    });
    expect(approved.status).toBe(200);
    await rebuildSite();

    const html = await (await fetch(`${site}/tag/campinas`)).text();
    expect(html).toContain(title);
    expect(html).toContain('"@type":"CollectionPage"');
    expect(html).toContain('"@type":"ItemList"');
    expect(html).toMatch(/<h1[^>]*>Grupos de Campinas<\/h1>/);

    const page = await pageAs();
    await page.goto(`${site}/tag/campinas`);
    await page.getByRole('link', { name: title }).first().click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor(WAIT);
    const topics = page.getByRole('list', { name: 'Assuntos do grupo' });
    await expect
      .poll(() => topics.getByRole('link').allTextContents())
      .toEqual(['#Campinas', '#Renda extra', '#Vagas de emprego']);
    await topics.getByRole('link', { name: '#Campinas' }).click();
    await page.waitForURL(`${site}/tag/campinas`, WAIT);
    await screenshotWidths(page, shots, 'tag-page');
    await page.context().close();
  });

  it("shows the vocabulary in the admin's 'Tags'", async () => {
    const page = await pageAs(adminToken);
    await page.goto(`${site}/admin/tags`);
    await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor(WAIT);
    await page.getByRole('cell', { name: 'Campinas' }).first().waitFor(WAIT);
    await screenshotWidths(page, shots, 'admin-tags');
    await page.getByRole('button', { name: 'Juntar Campinas a outra tag' }).click();
    await page.getByRole('dialog').waitFor(WAIT);
    await screenshotWidths(page, shots, 'admin-tags-merge');
    await page.context().close();
  });
});
