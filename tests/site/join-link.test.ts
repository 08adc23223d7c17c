// 'Entrar no Grupo' through /entrar/{id} in Chromium, against the local platform (#33): an owner replaces
// the invite link in the panel and a visitor on the built page reaches the new code at once, without a
// rebuild; a group hidden for its dead link sends nobody to the dead code (the visitor lands on 'Este link
// deixou de funcionar'). The browser follows the 302 for real: chat.whatsapp.com resolves to the fake
// WhatsApp (launchBrowser's TLS front), so the tab's address and page are the invite's.
// With JOIN_SCREENSHOTS=<dir> it saves the group page, the stopped visitor's page, the panel's check line
// and the admin's checker figures at 390 and 1280 px.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { categories, groups, users } from '../../db/schema.ts';
import { SESSION_COOKIE, signSession } from '../../src/features/auth/session.server.ts';
import { launchBrowser, screenshotWidths } from '../support/browser.ts';
import { setFakeInvite } from '../support/fake-whatsapp.ts';
import { withSiteDb } from '../support/site-db.ts';

const site = inject('siteUrl');
const whatsappUrl = inject('whatsappUrl');
const INVITE = /^https:\/\/chat\.whatsapp\.com\//;
const shots = process.env.JOIN_SCREENSHOTS;
const WAIT = { timeout: 60_000 };

let browser: Browser;
interface Picked {
  id: string;
  title: string;
  path: string;
  link: string;
}
let relinked: Picked;
let broken: Picked;
let stale: Picked;
let ownerToken: string;

/** A browser context logged in with `token` (or anonymous) that records what it asks WhatsApp. */
async function visitor(token?: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    ignoreHTTPSErrors: true, // the fake WhatsApp's throwaway certificate
  });
  if (token)
    await context.addCookies([
      { name: SESSION_COOKIE, value: token, url: site, httpOnly: true, sameSite: 'Lax' },
      { name: 'logged_in', value: '1', url: site, sameSite: 'Lax' },
    ]);
  // Every request the browser makes to WhatsApp's invite host (a redirect's target included).
  const whatsapp: string[] = [];
  context.on('request', (request) => {
    if (INVITE.test(request.url())) whatsapp.push(request.url());
  });
  return { context, whatsapp };
}

/** A group's page, open in `page`: its 'Entrar no Grupo' goes through /entrar/{id}, nofollow. */
async function openGroup(page: Page, path: string) {
  // Settled: the page has asked for the link's current state (group-state.ts) before anything changes.
  await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
  const join = page.getByRole('link', { name: 'Entrar no Grupo' });
  expect(await join.getAttribute('href')).toMatch(/^\/entrar\//);
  expect(await join.getAttribute('rel')).toContain('nofollow');
  return join;
}

/** Press 'Entrar no Grupo': the new tab, once it has left /entrar/{id}. */
async function press(context: BrowserContext, join: Locator) {
  const [tab] = await Promise.all([context.waitForEvent('page'), join.click()]);
  await tab.waitForURL((url) => !url.pathname.startsWith('/entrar/') && url.href !== 'about:blank', WAIT);
  return tab;
}

/** Open a group's page and press 'Entrar no Grupo'. */
async function pressJoin(context: BrowserContext, page: Page, path: string) {
  return press(context, await openGroup(page, path));
}

/** The invite URLs a visitor's browser asked WhatsApp for, each once (a navigation may repeat one). */
const asked = (urls: string[]) => [...new Set(urls)];

beforeAll(async () => {
  browser = await launchBrowser({ whatsapp: whatsappUrl });
  const [owner] = await withSiteDb((db) =>
    db
      .insert(users)
      .values({
        email: `dono-${randomBytes(4).toString('hex')}@teste.local`,
        password: 'x',
        name: 'Dona do Link',
      })
      .returning(),
  );
  ownerToken = await signSession(owner!.id);
  // Two public groups built with the site, nobody's, away from the ones other site tests take.
  const rows = await withSiteDb((db) =>
    db
      .select({
        id: groups.id,
        title: groups.title,
        titleSlug: groups.titleSlug,
        slug: categories.slug,
        link: groups.link,
      })
      .from(groups)
      .innerJoin(categories, eq(categories.id, groups.categoryId))
      .where(
        and(
          eq(groups.approved, true),
          isNull(groups.hiddenAt),
          eq(categories.adult, false), // 18+ groups are public to nobody (decision 0010)
          isNull(groups.userId),
          eq(groups.type, 'group'),
        ),
      )
      .orderBy(desc(groups.createdAt))
      .offset(4)
      .limit(3),
  );
  [relinked, broken, stale] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    link: r.link,
    path: `/${r.slug}/${r.titleSlug}`,
  })) as [Picked, Picked, Picked];
  await withSiteDb((db) => db.update(groups).set({ userId: owner!.id }).where(eq(groups.id, relinked.id)));
});
afterAll(async () => {
  await browser?.close();
  // Shared database: the groups changed here go back, so other files' 'Links quebrados' stay theirs.
  for (const group of [broken, stale].filter(Boolean))
    await withSiteDb((db) =>
      db
        .update(groups)
        .set({
          hiddenAt: null,
          hiddenReason: null,
          linkStatus: 'unknown',
          linkDeadCount: 0,
          linkDeadAt: null,
        })
        .where(eq(groups.id, group.id)),
    );
});

describe("'Entrar no Grupo' follows the database", { timeout: 300_000 }, () => {
  it('reaches the new code at once after the owner replaces the link in the panel', async () => {
    await setFakeInvite(whatsappUrl, relinked.link.split('/').pop()!, {
      kind: 'live',
      title: relinked.title,
    });
    const before = await visitor();
    const tab = await pressJoin(before.context, await before.context.newPage(), relinked.path);
    expect(tab.url()).toBe(relinked.link);
    // A card's own 'Entrar' (the lists' card, here a search result) joins the same way (#45).
    const results = await before.context.newPage();
    await results.goto(`${site}/buscar?q=${encodeURIComponent(relinked.title)}`);
    const result = results.locator('article', { has: results.locator(`h3 a[href="${relinked.path}"]`) });
    const cardJoin = result.getByRole('link', { name: 'Entrar', exact: true });
    expect(await cardJoin.getAttribute('href')).toBe(`/entrar/${relinked.id}`);
    const fromCard = await press(before.context, cardJoin);
    expect(fromCard.url()).toBe(relinked.link);
    expect(asked(before.whatsapp)).toEqual([relinked.link]);
    const view = await before.context.newPage();
    await view.goto(`${site}${relinked.path}`);
    await screenshotWidths(view, shots, 'grupo-entrar');
    await before.context.close();

    // The new code is a live group in the fake WhatsApp (the panel's save checks it there too).
    const code = `NovoLink${randomBytes(5).toString('hex')}`;
    const newTitle = `Grupo novo ${code}`;
    await setFakeInvite(whatsappUrl, code, { kind: 'live', title: newTitle });
    const owner = await visitor(ownerToken);
    const panel = await owner.context.newPage();
    await panel.goto(`${site}/painel`);
    const card = panel
      .getByRole('region', { name: 'Meus Grupos' })
      .locator('> *')
      .filter({ hasText: relinked.title });
    await card.locator('[data-link-check-line]').waitFor(WAIT);
    expect(await card.locator('[data-link-check-line]').textContent()).toMatch(/próxima verificação/);
    await card.scrollIntoViewIfNeeded();
    await screenshotWidths(panel, shots, 'painel-verificacao');
    await card.getByRole('button', { name: `Editar ${relinked.title}` }).click(WAIT);
    const dialog = panel.getByRole('dialog', { name: 'Editar grupo' });
    await expect.poll(() => dialog.getByLabel('Link de convite').inputValue(), WAIT).toBe(relinked.link);
    await dialog.getByLabel('Link de convite').fill(`https://chat.whatsapp.com/${code}`);
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click(WAIT);
    await dialog.waitFor({ state: 'hidden', ...WAIT });

    // The built page is the same; its button reaches the new code.
    const after = await visitor();
    const next = await pressJoin(after.context, await after.context.newPage(), relinked.path);
    expect(next.url()).toBe(`https://chat.whatsapp.com/${code}`);
    // The fake WhatsApp's invite page of the new code, as the visitor sees it.
    expect(await next.locator('#main_block h3').textContent()).toContain(newTitle);
    expect(asked(after.whatsapp)).toEqual([`https://chat.whatsapp.com/${code}`]);
    await owner.context.close();
    await after.context.close();
  });

  it('sends nobody to the dead code of a group hidden for its dead link', async () => {
    // A visitor has the group's page open (or a copy built before the group was hidden) ...
    const { context, whatsapp } = await visitor();
    const join = await openGroup(await context.newPage(), broken.path);
    // ... when the checker hides it on its second dead answer (link-health.server.ts recordLinkAnswer).
    await withSiteDb((db) =>
      db
        .update(groups)
        .set({
          hiddenAt: new Date(),
          hiddenReason: 'dead_link',
          linkStatus: 'dead',
          linkDeadCount: 2,
          linkDeadAt: new Date(),
        })
        .where(eq(groups.id, broken.id)),
    );
    const tab = await press(context, join);
    await tab.getByRole('heading', { name: 'Este link deixou de funcionar' }).waitFor(WAIT);
    expect(new URL(tab.url()).pathname).toBe('/link-quebrado');
    expect(whatsapp).toEqual([]);

    // Related groups of the same category come from the API.
    await tab.getByRole('heading', { name: /^Grupos parecidos de / }).waitFor(WAIT);
    await screenshotWidths(tab, shots, 'link-quebrado');
    await context.close();
  });

  it('a page built while the link worked says so once its last check answered dead (#45)', async () => {
    // Checked live at the build; its last answer since was dead (hidden only after a second one).
    await withSiteDb((db) =>
      db
        .update(groups)
        .set({ linkStatus: 'dead', linkDeadCount: 1, linkDeadAt: new Date(), linkLiveAt: new Date(0) })
        .where(eq(groups.id, stale.id)),
    );
    const { context, whatsapp } = await visitor();
    const page = await context.newPage();
    await page.goto(`${site}${stale.path}`);
    const state = page.locator('[data-link-state="dead"]');
    await state.getByText('Este link deixou de funcionar').waitFor(WAIT);
    expect(await page.getByRole('link', { name: 'Entrar no Grupo' }).count()).toBe(0);
    expect(await page.locator('[data-link-verified]').count()).toBe(0);
    expect(await page.getByText('Ao clicar, você será redirecionado para o WhatsApp').count()).toBe(0);
    const similar = state.getByRole('link', { name: /^Ver grupos parecidos de / });
    expect(new URL((await similar.getAttribute('href'))!, site).pathname).toBe('/link-quebrado');
    expect(whatsapp).toEqual([]);
    await context.close();
  });

  it("shows the checker's figures above the admin's 'Links quebrados'", async () => {
    const [admin] = await withSiteDb((db) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, inject('adminEmail'))),
    );
    const { context } = await visitor(await signSession(admin!.id));
    const page = await context.newPage();
    await page.goto(`${site}/admin`);
    await page.getByRole('button', { name: 'Links quebrados' }).click(WAIT);
    const figures = page.locator('[data-link-check-figures]');
    await figures.waitFor(WAIT);
    expect(await figures.textContent()).toContain('Verificações hoje');
    await screenshotWidths(page, shots, 'admin-links-quebrados');
    await context.close();
  });
});
