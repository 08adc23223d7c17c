// An owner manages a published group from the panel in Chromium, against the local platform: a new
// title and description wait for moderation while the built page keeps the old text; the admin approves
// them side by side in 'Revisões'; after the rebuild the old address answers 301 to the new page; and
// 'Excluir' takes the page and its sitemap entry away after the next rebuild.
// With OWNER_SCREENSHOTS=<dir> it saves the edit dialog, the delete confirmation and the admin review
// at 390 and 1280 px.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { categories, groups, users } from '../../db/schema.ts';
import { SESSION_COOKIE, signSession } from '../../src/features/auth/session.server.ts';
import { launchBrowser, screenshotWidths } from '../support/browser.ts';
import { rebuildSite } from '../support/site-build.ts';
import { withSiteDb } from '../support/site-db.ts';

const site = inject('siteUrl');
const shots = process.env.OWNER_SCREENSHOTS;
const WAIT = { timeout: 90_000 };
const REBUILD = { timeout: 420_000, interval: 2000 };

let browser: Browser;
let page: Page;
let group: { id: string; title: string; description: string; path: string };
let ownerToken: string;

/** A session token for an account of the site's database (no scrypt round on a busy machine). */
async function tokenFor(email: string) {
  const [user] = await withSiteDb((db) =>
    db.select({ id: users.id }).from(users).where(eq(users.email, email)),
  );
  return signSession(user!.id);
}

/** A page logged in with this session token (the cookies the login sets). */
async function pageAs(token: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, url: site, httpOnly: true, sameSite: 'Lax' },
    { name: 'logged_in', value: '1', url: site, sameSite: 'Lax' },
  ]);
  return context.newPage();
}

async function sitemapText() {
  const index = await (await fetch(`${site}/sitemap.xml`)).text();
  const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const bodies = await Promise.all(parts.map(async (p) => (await fetch(`${site}${p}`)).text()));
  return [index, ...bodies].join('\n');
}

beforeAll(async () => {
  browser = await launchBrowser();
  const [user] = await withSiteDb((db) =>
    db
      .insert(users)
      .values({
        email: `dono-${randomBytes(4).toString('hex')}@teste.local`,
        password: 'x',
        name: 'Dono Editor',
      })
      .returning(),
  );
  ownerToken = await signSession(user!.id);
  // The oldest public group nobody owns, built with the site: it becomes this owner's.
  const [row] = await withSiteDb((db) =>
    db
      .select({
        id: groups.id,
        title: groups.title,
        description: groups.description,
        titleSlug: groups.titleSlug,
        slug: categories.slug,
      })
      .from(groups)
      .innerJoin(categories, eq(categories.id, groups.categoryId))
      .where(and(eq(groups.approved, true), isNull(groups.hiddenAt), isNull(groups.userId)))
      .orderBy(asc(groups.createdAt))
      .limit(1),
  );
  await withSiteDb((db) => db.update(groups).set({ userId: user!.id }).where(eq(groups.id, row!.id)));
  group = {
    id: row!.id,
    title: row!.title,
    description: row!.description,
    path: `/${row!.slug}/${row!.titleSlug}`,
  };
  page = await pageAs(ownerToken);
});
afterAll(async () => {
  await browser?.close();
});

describe('an owner edits and deletes a published group', { timeout: 900_000 }, () => {
  const newTitle = `Grupo Renomeado ${randomBytes(3).toString('hex')}`;
  const newDescription = 'Descrição nova escrita pelo dono, à espera da moderação.';
  let newPath = '';

  it("changes title and description in 'Editar': in moderation, the old text stays public", async () => {
    await page.goto(`${site}/painel`);
    const card = page
      .getByRole('region', { name: 'Meus Grupos' })
      .locator('> *')
      .filter({ hasText: group.title });
    await card.getByRole('button', { name: `Editar ${group.title}` }).click(WAIT);
    const dialog = page.getByRole('dialog', { name: 'Editar grupo' });
    await expect.poll(() => dialog.getByLabel('Título do grupo').inputValue(), WAIT).toBe(group.title);
    await dialog.getByLabel('Título do grupo').fill(newTitle);
    await dialog.getByLabel('Descrição').fill(newDescription);
    await screenshotWidths(page, shots, 'editar-grupo');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click(WAIT);
    await card.getByText('Alteração em análise').waitFor(WAIT);

    const html = await (await fetch(`${site}${group.path}`)).text();
    expect(html).toContain(group.title);
    expect(html).not.toContain(newDescription);
    const api = (await (await fetch(`${site}/api/groups/${group.id}`)).json()) as { description: string };
    expect(api.description).toBe(group.description);
  });

  it("is approved by the admin in 'Revisões'; after the rebuild the old address redirects", async () => {
    const admin = await pageAs(await tokenFor(inject('adminEmail')));
    await admin.goto(`${site}/admin`);
    await admin.getByRole('button', { name: 'Revisões' }).click(WAIT);
    const revision = admin.locator('[data-revision-id]').filter({ hasText: newTitle });
    await revision.waitFor(WAIT);
    expect(await revision.locator('[data-field="title"]').getAttribute('data-changed')).toBe('true');
    expect(await revision.locator('[data-field="category"]').getAttribute('data-changed')).toBe('false');
    await revision.scrollIntoViewIfNeeded();
    await screenshotWidths(admin, shots, 'admin-revisoes');
    await revision.getByRole('button', { name: 'Aprovar alteração' }).click(WAIT);
    await admin.getByText('Nenhuma revisão pendente').waitFor(WAIT);
    await admin.close();

    const [row] = await withSiteDb((db) =>
      db
        .select({ titleSlug: groups.titleSlug, slug: categories.slug })
        .from(groups)
        .innerJoin(categories, eq(categories.id, groups.categoryId))
        .where(eq(groups.id, group.id)),
    );
    newPath = `/${row!.slug}/${row!.titleSlug}`;
    expect(newPath).not.toBe(group.path);

    await rebuildSite();
    await expect
      .poll(async () => {
        const res = await fetch(`${site}${group.path}`, { redirect: 'manual' });
        return `${res.status} ${new URL(res.headers.get('location') ?? '/', site).pathname}`;
      }, REBUILD)
      .toBe(`301 ${newPath}`);
    const html = await (await fetch(`${site}${newPath}`)).text();
    expect(html).toContain(newTitle);
    expect(html).toContain(newDescription);
    // The group page and the sitemap answer from functions: the new address is listed, the old one gone.
    await expect
      .poll(async () => {
        const sitemap = await sitemapText();
        return sitemap.includes(`${newPath}<`) && !sitemap.includes(`${group.path}<`);
      }, REBUILD)
      .toBe(true);
  });

  it("is deleted with 'Excluir': after the rebuild its page and sitemap entry are gone", async () => {
    await page.goto(`${site}/painel`);
    const card = page
      .getByRole('region', { name: 'Meus Grupos' })
      .locator('> *')
      .filter({ hasText: newTitle });
    await card.getByRole('button', { name: `Excluir ${newTitle}` }).click(WAIT);
    const dialog = page.getByRole('dialog', { name: 'Excluir grupo' });
    await dialog.getByText(newTitle).waitFor(WAIT);
    await screenshotWidths(page, shots, 'excluir-grupo');
    await dialog.getByRole('button', { name: 'Excluir grupo' }).click(WAIT);
    await page.getByText('Grupo excluído com sucesso').first().waitFor(WAIT);
    await card.waitFor({ state: 'detached', ...WAIT });
    expect((await fetch(`${site}/api/groups/${group.id}`)).status).toBe(404);

    await rebuildSite();
    await expect.poll(async () => (await fetch(`${site}${newPath}`)).status, REBUILD).toBe(404);
    // The former address stops redirecting with it.
    expect((await fetch(`${site}${group.path}`, { redirect: 'manual' })).status).toBe(404);
    await expect.poll(async () => (await sitemapText()).includes(`${newPath}<`), REBUILD).toBe(false);
  });
});
