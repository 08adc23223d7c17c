// A visitor's journey in real Chromium: home -> category -> group page -> 'Entrar no Grupo' (the invite
// opens in a new tab, the click counts once per visitor per day, and the tab opens even when registering
// fails) -> 'Compartilhar Grupo'. Also: home and category pages run no React until the visitor reaches
// for an island, their ads fill the places kept for them without moving anything, the category island
// keeps its order in the URL, a card's share menu is built when opened (and leads to the group page
// without JavaScript), and a group approved after the last build has its real page at once (rendered
// on demand, decision 0008).
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { advertisements, categories, engagementEvents, groups } from '../../db/schema.ts';
import { adPositions } from '../../src/features/ads/ads.ts';
import { CATEGORY_PAGE_SIZE } from '../../src/features/groups/groups.schema.ts';
import { GROUP_SHARE_SECTION_ID, SHARE_MENU_TEMPLATE_ID } from '../../src/features/share/share.ts';
import { launchBrowser } from '../support/browser.ts';
import { withSiteDb } from '../support/site-db.ts';

const site = inject('siteUrl');

// The embedded database serves one connection at a time: hold it only for the moment of a query, or the
// site's own functions would wait behind this test.
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // The invite tab never leaves the machine: chat.whatsapp.com is the fake WhatsApp (a TLS front).
  browser = await launchBrowser({ whatsapp: inject('whatsappUrl') });
  context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    ignoreHTTPSErrors: true,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

async function clickCount(groupId: string) {
  const rows = await withSiteDb((db) =>
    db
      .select({ id: engagementEvents.id })
      .from(engagementEvents)
      .where(and(eq(engagementEvents.kind, 'group_click'), eq(engagementEvents.targetId, groupId))),
  );
  return rows.length;
}

describe('visitor journey', () => {
  it('home -> category -> group -> join (counted once) -> share dialog', async () => {
    await page.goto(`${site}/`);
    const categoryLink = page.locator('section[aria-labelledby="populares"] a[href^="/categoria/"]').first();
    const categoryHref = (await categoryLink.getAttribute('href'))!;
    await categoryLink.click();
    await page.waitForURL(`**${categoryHref}`);
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 20_000 }).toMatch(/^Grupos de /);

    const groupLink = page.locator('#grupos article h3 a:visible').first();
    const groupHref = (await groupLink.getAttribute('href'))!;
    await groupLink.click();
    await page.waitForURL(`**${groupHref}`);
    const join = page.getByRole('link', { name: 'Entrar no Grupo' });
    const groupId = (await join.getAttribute('data-join-id'))!;
    // Through /entrar/{id} (decision 0012): the function counts the join and sends the visitor on.
    expect(await join.getAttribute('href')).toBe(`/entrar/${groupId}`);
    const api = (await (await fetch(`${site}/api/groups/${groupId}`)).json()) as { link: string };
    const invite = api.link;
    expect(invite).toMatch(/^https:\/\/chat\.whatsapp\.com\//);
    const before = await clickCount(groupId);
    expect(before).toBe(0);

    for (let i = 0; i < 2; i++) {
      const [tab] = await Promise.all([context.waitForEvent('page'), join.click()]);
      await tab.waitForURL(invite, { timeout: 20_000 });
      expect(tab.url()).toBe(invite);
      await tab.close();
    }
    // Two presses by one visitor on one day: one event.
    await expect.poll(() => clickCount(groupId), { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(500);
    expect(await clickCount(groupId)).toBe(1);

    // Without JavaScript too: the join is a plain link, counted by the function (once a day still).
    // The browser follows the 302 to the invite link (the fake WhatsApp answers it).
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      locale: 'pt-BR',
      ignoreHTTPSErrors: true,
    });
    const plain = await noScript.newPage();
    const answer = await plain.goto(`${site}/entrar/${groupId}`);
    expect(plain.url()).toBe(invite);
    expect(answer?.request().redirectedFrom()?.url()).toBe(`${site}/entrar/${groupId}`);
    await noScript.close();
    await expect.poll(() => clickCount(groupId), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

    await page.getByRole('button', { name: 'Compartilhar', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Compartilhar Grupo' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Copiar link' }).click();
    await page.getByText('Link copiado!').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).pathname).toBe(groupHref);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('home and category pages run no React before an interaction, and their ads move nothing', async () => {
    const [category] = (await (await fetch(`${site}/api/categories`)).json()) as { slug: string }[];
    const active = await withSiteDb((db) =>
      db.select({ id: advertisements.id }).from(advertisements).where(eq(advertisements.active, true)),
    );
    expect(active.length).toBeGreaterThan(0);
    const scripts: string[] = [];
    const onRequest = (request: { resourceType(): string; url(): string }) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    };
    page.on('request', onRequest);
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    try {
      for (const path of ['/', `/categoria/${category!.slug}`]) {
        scripts.length = 0;
        await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
        // The visit's ads are in the list, where the build kept room for them (the rule: ads.ts).
        const ads = page.locator('ul[data-ad-list] > li', { hasText: 'Patrocinado' });
        const groupCount = await page.locator('ul[data-ad-list] > li:has(a[data-join-id])').count();
        const room = Math.min(adPositions(groupCount).length, active.length);
        expect(room).toBeGreaterThan(0);
        await expect.poll(() => ads.count(), { timeout: 10_000 }).toBe(room);
        expect(await page.locator('[data-ad-slot]').count()).toBe(0);
        expect(
          await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
        ).toBeLessThan(0.01);
        // Every island still waits, and the React renderer was never requested.
        const islands = page.locator('astro-island');
        expect(await islands.count()).toBeGreaterThan(0);
        expect(await page.locator('astro-island:not([ssr])').count()).toBe(0);
        const renderer = new URL((await islands.first().getAttribute('renderer-url')) ?? '', site).pathname;
        expect(renderer).toMatch(/\.js$/);
        expect(scripts).not.toContain(renderer);
      }

      // Pressing an ad registers its click (delegated, no island needed) and opens its link.
      const adLink = page.locator('ul[data-ad-list] a[data-ad-id]').first();
      const adId = (await adLink.getAttribute('data-ad-id')) ?? '';
      await context.route('https://**', (route) =>
        route.fulfill({ contentType: 'text/html', body: 'anúncio' }),
      );
      const registered = page.waitForRequest((r) => r.url().endsWith(`/api/advertisements/${adId}/click`));
      const [tab] = await Promise.all([context.waitForEvent('page'), adLink.click()]);
      expect((await registered).method()).toBe('POST');
      await tab.close();
      await context.unroute('https://**');

      // An address naming page 2 shows page 2 at once (the island hydrates without waiting).
      const second = await (
        await fetch(`${site}/api/groups?category=${category!.slug}&limit=${CATEGORY_PAGE_SIZE}&page=2`)
      ).json();
      await page.goto(`${site}/categoria/${category!.slug}?pagina=2`);
      await page.locator('#grupos astro-island:not([ssr])').waitFor({ state: 'attached' });
      await expect
        .poll(() => page.locator('#grupos article h3 a:visible').first().textContent(), { timeout: 20_000 })
        .toBe((second as { groups: { title: string }[] }).groups[0]!.title);
      expect(await page.getByRole('link', { name: 'Página 2' }).getAttribute('aria-current')).toBe('page');
    } finally {
      page.off('request', onRequest);
    }
  });

  it('the featured carousel swipes natively before it hydrates, and carries on from there', async () => {
    await page.goto(`${site}/`, { waitUntil: 'networkidle' });
    const carousel = page.locator('section[aria-roledescription="carrossel"]');
    const island = page.locator('astro-island', { has: carousel });
    const slides = carousel.locator('li[aria-roledescription="slide"]');
    expect(await slides.count()).toBeGreaterThanOrEqual(4);
    expect(await island.getAttribute('ssr')).not.toBeNull();
    // A swipe to the third slide: the row scrolls by itself, no JavaScript of ours involved.
    const viewport = carousel.locator('div').first();
    await viewport.evaluate((row) => {
      const items = row.querySelectorAll<HTMLElement>('li[aria-roledescription="slide"]');
      row.scrollLeft = items[2]!.offsetLeft - items[0]!.offsetLeft;
    });
    expect(await viewport.evaluate((row) => row.scrollLeft)).toBeGreaterThan(0);
    // Reaching for the buttons hydrates it, on the slide the visitor was at.
    const next = carousel.getByRole('button', { name: 'Próximo' });
    await next.hover();
    await page.locator('astro-island:not([ssr])', { has: carousel }).waitFor({ state: 'attached' });
    const current = carousel.locator('button[aria-current="true"]');
    await expect.poll(() => current.getAttribute('aria-label')).toBe('Ir para o destaque 3');
    await next.click();
    await expect.poll(() => current.getAttribute('aria-label')).toBe('Ir para o destaque 4');
  });

  it("a card's share menu is the page's one menu, filled with its group's links when opened", async () => {
    await page.goto(`${site}/`, { waitUntil: 'networkidle' });
    expect(await page.locator(`template#${SHARE_MENU_TEMPLATE_ID}`).count()).toBe(1);
    // Cards carry no menu of their own until one is opened.
    expect(await page.locator('#ultimos article a[data-share-platform]').count()).toBe(0);
    const cards = page.locator('#ultimos article');
    const openMenu = async (index: number) => {
      const card = cards.nth(index);
      const popover = card.locator('details[data-share-url]');
      const shareUrl = (await popover.getAttribute('data-share-url'))!;
      const title = (await card.locator('h3 a').textContent())!;
      expect(new URL(shareUrl).pathname).toBe(await card.locator('h3 a').getAttribute('href'));
      const summary = popover.locator('summary');
      expect(await summary.getAttribute('aria-label')).toBe(`Compartilhar ${title}`);
      await summary.click();
      await card.getByRole('link', { name: 'WhatsApp' }).waitFor();
      const links = await popover
        .locator('a[data-share-platform]')
        .evaluateAll((as) => (as as HTMLAnchorElement[]).map((a) => a.href));
      // Each network's own share address, carrying this page's address and title.
      const [whatsapp, facebook, telegram, twitter, email] = links.map((href) => new URL(href));
      expect(links).toHaveLength(5);
      expect(`${whatsapp!.origin}${whatsapp!.pathname}`).toBe('https://wa.me/');
      expect(whatsapp!.searchParams.get('text')).toBe(`Entre no grupo "${title}" no WhatsApp ${shareUrl}`);
      expect(`${facebook!.origin}${facebook!.pathname}`).toBe('https://www.facebook.com/sharer/sharer.php');
      expect(facebook!.searchParams.get('u')).toBe(shareUrl);
      expect(`${telegram!.origin}${telegram!.pathname}`).toBe('https://t.me/share/url');
      expect(telegram!.searchParams.get('url')).toBe(shareUrl);
      expect(telegram!.searchParams.get('text')).toContain(title);
      expect(`${twitter!.origin}${twitter!.pathname}`).toBe('https://twitter.com/intent/tweet');
      expect(twitter!.searchParams.get('url')).toBe(shareUrl);
      expect(email!.protocol).toBe('mailto:');
      expect(email!.searchParams.get('subject')).toBe(title);
      expect(email!.searchParams.get('body')).toContain(shareUrl);
      return { card, popover, groupId: (await popover.getAttribute('data-group-id'))!, shareUrl };
    };

    const first = await openMenu(1);
    const registered = page.waitForRequest((r) => r.url().endsWith(`/api/groups/${first.groupId}/share`));
    await first.card.getByRole('button', { name: 'Copiar link' }).click();
    await first.card.getByText('Link copiado!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.shareUrl);
    expect((await registered).postDataJSON()).toEqual({ platform: 'clipboard' });

    // Opening another card's menu closes the first; each menu shares its own group.
    const second = await openMenu(2);
    expect(second.groupId).not.toBe(first.groupId);
    expect(await first.popover.getAttribute('open')).toBeNull();
    const ids = await second.popover
      .locator('[data-group-id]')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.groupId));
    expect(new Set(ids)).toEqual(new Set([second.groupId]));
    // Escape closes it (#45).
    await page.keyboard.press('Escape');
    await expect.poll(() => second.popover.getAttribute('open')).toBeNull();
  });

  it("without JavaScript a card's share menu leads to the group page's share section", async () => {
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      const plain = await noScript.newPage();
      await plain.goto(`${site}/`);
      const card = plain.locator('#ultimos article').first();
      const path = (await card.locator('h3 a').getAttribute('href'))!;
      await card.locator('summary').click();
      const fallback = card.getByRole('link', { name: 'Opções de compartilhamento' });
      expect(await fallback.getAttribute('href')).toBe(`${path}#${GROUP_SHARE_SECTION_ID}`);
      await fallback.click();
      await plain.waitForURL(`**${path}#${GROUP_SHARE_SECTION_ID}`);
      const section = plain.locator(`#${GROUP_SHARE_SECTION_ID}`);
      expect(await section.textContent()).toBe('Compartilhar');
      expect(await plain.locator('aside a[data-share-platform]').count()).toBe(5);
    } finally {
      await noScript.close();
    }
  });

  it('the category list keeps its order and page in the URL (back and forward work)', async () => {
    const [category] = (await (await fetch(`${site}/api/categories`)).json()) as { slug: string }[];
    const firstOf = async (sortBy: string) => {
      const res = await fetch(`${site}/api/groups?category=${category!.slug}&limit=8&sortBy=${sortBy}`);
      return ((await res.json()) as { groups: { title: string }[] }).groups[0]!.title;
    };
    const [newest, alphabetical] = [await firstOf('createdAt'), await firstOf('title')];
    await page.goto(`${site}/categoria/${category!.slug}`);
    const firstTitle = () =>
      page
        .locator('#grupos article h3 a:visible')
        .first()
        .textContent({ timeout: 1000 })
        .catch(() => null);
    const slow = { timeout: 20_000, interval: 250 };
    expect(await firstTitle()).toBe(newest);
    // The list hydrates when the visitor reaches for it: Astro drops 'ssr' once the island is live.
    await page.getByLabel('Ordenar por').focus();
    await page.locator('#grupos astro-island:not([ssr])').waitFor({ state: 'attached' });
    await page.getByLabel('Ordenar por').selectOption('title');
    await expect.poll(() => page.url(), slow).toMatch(/ordem=title/);
    await expect.poll(firstTitle, slow).toBe(alphabetical);
    await page.goBack();
    await expect.poll(() => page.url(), slow).not.toMatch(/ordem=/);
    await expect.poll(firstTitle, slow).toBe(newest);
    await page.goForward();
    await expect.poll(firstTitle, slow).toBe(alphabetical);
    expect(await page.getByLabel('Ordenar por').inputValue()).toBe('title');
  });
});

describe('groups newer than the build', () => {
  it('have their real page at once, and an unknown group says so and goes home', async () => {
    const [category] = await withSiteDb((db) =>
      db.select().from(categories).where(eq(categories.adult, false)).limit(1),
    );
    const [fresh] = await withSiteDb((db) =>
      db
        .insert(groups)
        .values({
          title: 'Grupo Recém Aprovado',
          description: 'Aprovado depois do último build',
          link: 'https://chat.whatsapp.com/FreshGroup00000000001',
          inviteCode: 'FreshGroup00000000001',
          categoryId: category!.id,
          titleSlug: 'grupo-recem-aprovado',
          approved: true,
        })
        .returning({ id: groups.id }),
    );
    try {
      await page.goto(`${site}/${category!.slug}/grupo-recem-aprovado`);
      await page.getByRole('heading', { name: 'Grupo Recém Aprovado' }).waitFor();
      // Rendered on demand by the group page itself, not the 404 page: indexable, with its canonical.
      expect(await page.locator('meta[name="robots"]').count()).toBe(0);
      expect(await page.locator('#nao-encontrada').count()).toBe(0);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical!).pathname).toBe(`/${category!.slug}/grupo-recem-aprovado`);
      await page.goto(`${site}/grupo/${fresh!.id}`);
      await page.getByRole('heading', { name: 'Grupo Recém Aprovado' }).waitFor();
    } finally {
      await withSiteDb((db) => db.delete(groups).where(eq(groups.id, fresh!.id)));
    }

    await page.goto(`${site}/grupo/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'Oops!' }).waitFor();
    await page.getByText('Grupo não encontrado').waitFor();
    await page.getByText('Você será redirecionado para a página inicial em breve...').waitFor();
    await page.waitForURL(`${site}/`, { timeout: 10_000 });
  });
});
