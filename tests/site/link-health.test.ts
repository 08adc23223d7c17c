// The link-health hiding path end to end, in the local platform with the fake WhatsApp server
// (WHATSAPP_INVITE_BASE, started by global-site.ts; SITE_INVITES.deadGroup answers WhatsApp's dead page):
// two dead checks apart -> the group is gone from its page, its category and the sitemap
// after the rebuild -> it is in the admin's 'Links quebrados' queue and in its owner's panel with
// 'Atualizar link'. A group whose last check was live shows 'Link verificado em dd/MM/yyyy'.
// With LINK_SCREENSHOTS=<dir> it saves the badge, the admin queue and the panel at 390 and 1280 px.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { categories, groups } from '../../db/schema.ts';
import { formatDate } from '../../src/lib/format.ts';
import { launchBrowser, screenshotWidths } from '../support/browser.ts';
import { SITE_INVITES } from '../support/fake-whatsapp.ts';
import { lastRebuildRequest, rebuildSite } from '../support/site-build.ts';
import { withSiteDb } from '../support/site-db.ts';

const site = inject('siteUrl');
const shots = process.env.LINK_SCREENSHOTS;
const WAIT = { timeout: 45_000 };

let browser: Browser;
let adminContext: BrowserContext;
let ownerContext: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  const options = { viewport: { width: 390, height: 844 }, locale: 'pt-BR' };
  adminContext = await browser.newContext(options);
  ownerContext = await browser.newContext(options);
});
afterAll(async () => {
  await browser?.close();
});

interface Picked {
  id: string;
  title: string;
  path: string;
  categorySlug: string;
}

/** Two public groups of one category: one to break, one to show as verified. */
async function pickGroups(): Promise<[Picked, Picked]> {
  return withSiteDb(async (db) => {
    const rows = await db
      .select({
        id: groups.id,
        title: groups.title,
        titleSlug: groups.titleSlug,
        categorySlug: categories.slug,
      })
      .from(groups)
      .innerJoin(categories, eq(categories.id, groups.categoryId))
      // 18+ groups are public to nobody (closed by default, decision 0010): no page or sitemap to check.
      .where(and(eq(groups.approved, true), isNull(groups.hiddenAt), eq(categories.adult, false)))
      .orderBy(sql`${groups.createdAt} desc`)
      .limit(2);
    const [a, b] = rows.map((r) => ({ ...r, path: `/${r.categorySlug}/${r.titleSlug}` }));
    return [a!, b!];
  });
}

async function checkNow(page: Page, id: string) {
  const res = await page.request.post(`${site}/api/admin/groups/${id}/check-link`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { linkStatus: string; answer: string; hidden: boolean };
}

describe('a dead link, checked twice apart', { timeout: 300_000 }, () => {
  let broken: Picked;
  let verified: Picked;
  const liveAt = new Date();

  it('hides the group: its page answers 404 after the rebuild, the sitemap drops it', async () => {
    [broken, verified] = await pickGroups();
    const deadCode = SITE_INVITES.deadGroup.code;
    const email = `dono-${randomBytes(4).toString('hex')}@teste.local`;
    const owner = await ownerContext.request.post(`${site}/api/register`, {
      data: {
        name: 'Dono do Grupo',
        email,
        password: 'senha-forte-123',
        confirmPassword: 'senha-forte-123',
        adult: true,
      },
    });
    expect(owner.status()).toBe(201);
    const registered = (await owner.json()) as { user: { id: string } };
    const ownerId = registered.user.id;
    // The context's request shares its cookie jar: the islands now send the session cookie it got.
    await withSiteDb(async (db) => {
      await db
        .update(groups)
        .set({ userId: ownerId, link: `https://chat.whatsapp.com/${deadCode}`, inviteCode: deadCode })
        .where(eq(groups.id, broken.id));
      await db
        .update(groups)
        .set({ linkStatus: 'live', linkLiveAt: liveAt, linkCheckedAt: liveAt })
        .where(eq(groups.id, verified.id));
    });

    const admin = await adminContext.newPage();
    const login = await admin.request.post(`${site}/api/login?admin=1`, {
      data: { email: inject('adminEmail'), password: inject('adminPassword') },
    });
    expect(login.status()).toBe(200);

    expect(await checkNow(admin, broken.id)).toMatchObject({
      answer: 'dead',
      linkStatus: 'dead',
      hidden: false,
    });
    expect((await fetch(`${site}${broken.path}`)).status).toBe(200);
    // The confirmation waits LINK_DEAD_CONFIRM_MINUTES (60): the first dead answer is made an hour old.
    await withSiteDb((db) =>
      db
        .update(groups)
        .set({ linkDeadAt: sql`now() - interval '61 minutes'` })
        .where(eq(groups.id, broken.id)),
    );
    const asked = await lastRebuildRequest();
    expect(await checkNow(admin, broken.id)).toMatchObject({ answer: 'dead', hidden: true });
    // Hiding asked for a rebuild (which also writes the live group's badge on its card, below).
    expect(await lastRebuildRequest()).toBeGreaterThan(asked);
    await rebuildSite();

    await expect
      .poll(async () => (await fetch(`${site}${broken.path}`)).status, { timeout: 120_000, interval: 1000 })
      .toBe(404);
    // The 404 page's fallback island says so in the browser.
    await admin.goto(`${site}${broken.path}`);
    await admin.getByText('Grupo não encontrado').waitFor(WAIT);
    // A page rendered on demand and the sitemap change at once; the category page with the rebuild.
    const REBUILT = { timeout: 120_000, interval: 1000 };
    await expect
      .poll(
        async () =>
          (await (await fetch(`${site}/categoria/${broken.categorySlug}`)).text()).includes(
            `href="${broken.path}"`,
          ),
        REBUILT,
      )
      .toBe(false);
    await expect
      .poll(
        async () => (await (await fetch(`${site}/sitemap.xml`)).text()).includes(`${broken.path}<`),
        REBUILT,
      )
      .toBe(false);
    expect(await (await fetch(`${site}/sitemap.xml`)).text()).toContain(`${verified.path}<`);
    await admin.close();
  });

  it("shows 'Link verificado em' on the page and the card of a group checked live", async () => {
    const page = await adminContext.newPage();
    const date = formatDate(liveAt);
    await page.goto(`${site}${verified.path}`);
    await expect
      .poll(async () => page.locator('[data-link-verified]').first().textContent(), WAIT)
      .toContain(`Link verificado em ${date}`);
    await screenshotWidths(page, shots, 'badge-group-page');
    // The card is on a static page: it shows the badge once the rebuild after the check is published.
    const card = page.locator('article', { has: page.locator(`a[href="${verified.path}"]`) });
    await expect
      .poll(
        async () => {
          await page.goto(`${site}/categoria/${verified.categorySlug}`);
          return (await card.locator('[data-link-verified]').count()) > 0;
        },
        { timeout: 120_000, interval: 2000 },
      )
      .toBe(true);
    expect(await card.locator('[data-link-verified]').textContent()).toContain(`Link verificado em ${date}`);
    await screenshotWidths(page, shots, 'badge-category');
    await page.close();
  });

  it("lists it in the admin's 'Links quebrados' queue", async () => {
    const page = await adminContext.newPage();
    await page.goto(`${site}/admin`);
    await page.getByTestId('admin-groups').waitFor(WAIT);
    await page.getByRole('button', { name: 'Links quebrados' }).click();
    const row = page.locator(`[data-group-id="${broken.id}"]`);
    await row.waitFor(WAIT);
    await expect.poll(() => page.locator('[data-testid="admin-groups"] > li').count(), WAIT).toBe(1);
    expect(await row.textContent()).toContain('Link quebrado');
    await row.getByRole('button', { name: `Restaurar ${broken.title}` }).waitFor(WAIT);
    await screenshotWidths(page, shots, 'admin-links-quebrados');
    await page.close();
  });

  it("shows it in the owner's panel with 'Atualizar link'", async () => {
    const page = await ownerContext.newPage();
    await page.goto(`${site}/painel`);
    await page.getByRole('button', { name: `Atualizar link de ${broken.title}` }).waitFor(WAIT);
    expect(await page.getByText('Link quebrado').count()).toBeGreaterThan(0);
    await screenshotWidths(page, shots, 'panel-link-quebrado');
    await page.getByRole('button', { name: `Atualizar link de ${broken.title}` }).click();
    await page
      .getByLabel(/Novo link de convite/)
      .fill(`https://chat.whatsapp.com/${SITE_INVITES.deadGroup.code}`);
    await page.getByRole('button', { name: 'Salvar novo link' }).click();
    await page.getByText('Este link de convite foi revogado ou não existe.').waitFor(WAIT);
    await screenshotWidths(page, shots, 'panel-atualizar-link');
    await page.close();
  });
});
