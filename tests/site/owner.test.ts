// An owner's journey in real Chromium against the local platform: create an account on /auth ->
// submit a group with a real picture on /enviar -> the panel lists it as waiting for approval -> log
// out (the session is gone on the server too). And a visitor reporting a group from its page.
// Once approved: the free bump ('Renovar'), the stats chart (its library loaded only when opened) and
// the QR code and badge dialog; and every group page's share card.
// With OWNER_SCREENSHOTS=<dir> it saves screenshots of /auth, /enviar and /painel at 390 and 1280 px.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Browser, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { engagementEvents, groupReports, groups, users } from '../../db/schema.ts';
import { addDays } from '../../src/features/panel/engage.ts';
import { launchBrowser, screenshotWidths } from '../support/browser.ts';
import { withSiteDb } from '../support/site-db.ts';

const site = inject('siteUrl');
const shots = process.env.OWNER_SCREENSHOTS;
// Functions and islands on a shared 2-core machine: waits follow readiness, with room.
const WAIT = { timeout: 45_000 };

const shoot = (page: Page, name: string) => screenshotWidths(page, shots, name);

/** Wait until the island holding this field has hydrated (Astro drops `ssr` from an island once live). */
const hydrated = (page: Page, label: string) =>
  page
    .locator('astro-island:not([ssr])', { has: page.getByLabel(label) })
    .waitFor({ state: 'attached', ...WAIT });

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  // A phone: touch as well as clicks (the stats chart is read by tapping a day).
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'pt-BR', hasTouch: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('owner journey', { timeout: 240_000 }, () => {
  const email = `dona-${randomBytes(4).toString('hex')}@teste.local`;
  const code = `Dona${randomBytes(8).toString('hex')}`;
  const title = 'Clube de Leitura da Dona Maria';

  it('registers on /auth and lands on the panel; the header shows who is logged in', async () => {
    await page.goto(`${site}/auth?tab=register`);
    await hydrated(page, 'Confirmar senha');
    // A visitor's phone menu offers 'Entrar' (the page's HTML is the same for everyone, #45).
    const menu = page.locator('details[data-mobile-menu]');
    await menu.locator('summary').click();
    await menu.getByRole('link', { name: 'Entrar' }).waitFor(WAIT);
    expect(await menu.getByRole('link', { name: 'Meu painel' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await shoot(page, 'auth');
    await page.getByLabel('Nome').fill('Maria Dona');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Senha/).fill('senha-forte-123'); // not 'Confirmar senha'
    await page.getByLabel('Confirmar senha').fill('senha-forte-123');
    await page.getByLabel(/Declaro que tenho 18 anos ou mais/).check();
    // One navigation to the panel: a second one used to abort the first (flaky ERR_ABORTED here).
    const navigations: string[] = [];
    const onRequest = (request: Request) => {
      if (request.isNavigationRequest()) navigations.push(new URL(request.url()).pathname);
    };
    page.on('request', onRequest);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL(/\/painel$/, WAIT);
    await page.getByRole('heading', { name: 'Maria Dona' }).waitFor(WAIT);
    page.off('request', onRequest);
    expect(navigations).toEqual(['/painel']);
    const [user] = await withSiteDb((db) => db.select().from(users).where(eq(users.email, email)));
    expect(user).toMatchObject({ name: 'Maria Dona', admin: false });
    expect(user!.password).not.toContain('senha-forte-123');
    // Logged in: the initial on the menu button, and the menu holds her account instead of 'Entrar'.
    await menu.locator('summary [data-session-initial]').getByText('M', { exact: true }).waitFor(WAIT);
    await menu.locator('summary').click();
    await menu.getByText('Maria Dona').waitFor(WAIT);
    expect(await menu.getByRole('link', { name: 'Meu painel' }).getAttribute('href')).toBe('/painel');
    expect(await menu.getByRole('link', { name: 'Meus dados' }).getAttribute('href')).toBe(
      '/painel#meus-dados',
    );
    expect(await menu.getByRole('button', { name: 'Sair' }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Entrar' }).isVisible()).toBe(false);
    await page.keyboard.press('Escape');
  });

  it('submits a group with a picture; it waits for approval in the panel', async () => {
    await page.goto(`${site}/enviar`);
    await hydrated(page, 'Título do grupo');
    await page.getByLabel('Título do grupo').fill(title);
    await page.getByLabel('Descrição').fill('Um livro por mês, conversa toda sexta.\nTodos são bem-vindos.');
    await page.getByLabel('Link de convite').fill(`https://chat.whatsapp.com/${code}?utm=x`);
    await page.getByLabel('Categoria').selectOption({ label: 'Educação' });
    const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#25D366' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Imagem do grupo').setInputFiles({
      name: 'capa.jpg',
      mimeType: 'image/jpeg',
      buffer: picture,
    });
    await shoot(page, 'enviar');
    await page.getByRole('button', { name: 'Enviar grupo' }).click();
    await page.getByRole('heading', { name: 'Grupo enviado com sucesso!' }).waitFor(WAIT);

    const [group] = await withSiteDb((db) => db.select().from(groups).where(eq(groups.inviteCode, code)));
    expect(group).toMatchObject({ title, approved: false, link: `https://chat.whatsapp.com/${code}` });
    const [owner] = await withSiteDb((db) => db.select().from(users).where(eq(users.email, email)));
    expect(group!.userId).toBe(owner!.id);
    // The picture was re-encoded and is served with a long cache.
    expect(group!.image).toMatch(/^\/api\/images\//);
    const image = await fetch(`${site}${group!.image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(800);
    // Not public until approved.
    expect((await fetch(`${site}/api/groups/${group!.id}`)).status).toBe(404);

    await page.goto(`${site}/painel`);
    const card = page.getByRole('region', { name: 'Meus Grupos' }).locator('> *').filter({ hasText: title });
    await card.getByText('Aguardando aprovação').waitFor(WAIT);
    await shoot(page, 'painel');
  });

  it("once approved: 'Renovar' bumps it to the top, the stats chart and the QR code and badge", async () => {
    const [group] = await withSiteDb((db) => db.select().from(groups).where(eq(groups.inviteCode, code)));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await withSiteDb(async (db) => {
      // Approved a while after it was sent: the first bump is open.
      await db
        .update(groups)
        .set({ approved: true, bumpedAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(groups.id, group!.id));
      const event = (kind: 'group_click' | 'group_share', day: string, n: number) =>
        Array.from({ length: n }, (_, i) => ({
          kind,
          targetId: group!.id,
          day,
          visitorHash: `${kind}-${day}-${i}`,
        }));
      await db
        .insert(engagementEvents)
        .values([
          ...event('group_click', today, 6),
          ...event('group_share', today, 2),
          ...event('group_click', addDays(today, -3), 4),
          ...event('group_click', addDays(today, -10), 9),
          ...event('group_share', addDays(today, -10), 3),
          ...event('group_click', addDays(today, -40), 10),
        ]);
    });

    // Every script the panel fetches, with its text: the libraries are told apart by strings of their own
    // (uPlot's 'u-over' class, qrcode's 'No input text' error).
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.text().catch(() => ''));
    });
    const loaded = async (from: number, marker: string) =>
      (await Promise.all(scripts.slice(from))).some((text) => text.includes(marker));
    await page.goto(`${site}/painel`);
    const card = page.getByRole('region', { name: 'Meus Grupos' }).locator('> *').filter({ hasText: title });
    await card.getByText('Aprovado').waitFor(WAIT);
    const renew = card.getByRole('button', { name: 'Renovar' });
    await renew.waitFor(WAIT);
    await page.waitForLoadState('networkidle');

    await renew.click();
    await page.getByRole('status').filter({ hasText: 'Grupo renovado!' }).first().waitFor(WAIT);
    await card.getByRole('timer').waitFor(WAIT);
    expect(await card.getByRole('timer').textContent()).toMatch(/^2[34]:\d{2}:\d{2}$/);
    const recent = (await (await fetch(`${site}/api/groups/recent?limit=1`)).json()) as {
      groups: { id: string }[];
    };
    expect(recent.groups[0]!.id).toBe(group!.id);

    // The chart library and the QR code library are not part of the panel until they are needed: each
    // is a chunk of its own, fetched when its part opens.
    const loadedBefore = scripts.length;
    expect(await loaded(0, 'u-over')).toBe(false);
    await card.getByRole('button', { name: 'Estatísticas' }).click();
    const stats = card.getByRole('region', { name: `Estatísticas de ${title}` });
    await stats.locator('[data-stats-chart] canvas').waitFor(WAIT);
    expect(await loaded(loadedBefore, 'u-over')).toBe(true);
    expect(await loaded(0, 'No input text')).toBe(false);
    expect(await stats.textContent()).toContain('+90% em relação aos 30 dias anteriores'); // 19 clicks vs 10
    // The legend gives the period's totals until a day is chosen; a tap on the chart chooses one.
    const legend = stats.locator('[data-stats-legend]');
    expect(await legend.textContent()).toMatch(/Total do período.*Entradas\s*19(?!\d)/);
    const over = stats.locator('[data-stats-chart] .u-over');
    await over.scrollIntoViewIfNeeded();
    const plot = (await over.boundingBox())!;
    await page.touchscreen.tap(plot.x + plot.width - 3, plot.y + plot.height / 2);
    await legend.getByText(/^Dia \d{2}\/\d{2}$/).waitFor(WAIT);
    // From the keyboard: a pointer moving from the chart to the button leaves the chart first, and
    // uPlot then lets go of the day by itself, so a click would race that re-render for the button.
    await legend.getByRole('button', { name: 'Ver o período todo' }).press('Enter');
    await legend.getByText('Total do período').waitFor(WAIT);
    await shoot(page, 'painel-stats');

    const beforeQr = scripts.length;
    await card.getByRole('button', { name: 'QR code e selo' }).click();
    const dialog = page.getByRole('dialog', { name: 'QR code e selo' });
    await dialog.getByRole('img', { name: /^QR code que abre a página do grupo/ }).waitFor(WAIT);
    expect(await dialog.getByRole('link', { name: 'Baixar PNG' }).getAttribute('href')).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(await dialog.getByRole('link', { name: 'Baixar SVG' }).getAttribute('href')).toMatch(
      /^data:image\/svg\+xml/,
    );
    expect(await loaded(beforeQr, 'No input text')).toBe(true);
    const pageUrl = new URL(`/educacao/${group!.titleSlug}`, site).href;
    const snippet = await dialog.getByLabel(/Copie este código/).inputValue();
    expect(snippet).toContain(`href="${pageUrl}"`);
    expect(snippet).toContain('>Estamos no Grupos de Zap</a>');
    expect(await dialog.getByRole('link', { name: 'Estamos no Grupos de Zap' }).getAttribute('href')).toBe(
      pageUrl,
    );
    await shoot(page, 'painel-qr');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', ...WAIT });
  });

  it("logs out with 'Sair': the server forgets the session and the panel is restricted", async () => {
    await page.getByRole('main').getByRole('button', { name: 'Sair', exact: true }).click();
    await page.waitForURL(`${site}/`, WAIT);
    expect((await page.request.get(`${site}/api/user`)).status()).toBe(401);
    // The header is a visitor's again.
    const menu = page.locator('details[data-mobile-menu]');
    await menu.locator('summary').click();
    await menu.getByRole('link', { name: 'Entrar' }).waitFor(WAIT);
    await page.keyboard.press('Escape');
    await page.goto(`${site}/painel`);
    await page.getByText('Acesso Restrito').waitFor(WAIT);
  });
});

describe('reporting a group', { timeout: 120_000 }, () => {
  it("sends a report from the group page's 'Denunciar' dialog", async () => {
    const recent = (await (await fetch(`${site}/api/groups/recent`)).json()) as
      | { id: string; path: string }[]
      | { groups: { id: string; path: string }[] };
    // A group whose page is built (the journey above just approved and bumped one that is not, yet).
    const candidates = Array.isArray(recent) ? recent : recent.groups;
    const built = await Promise.all(
      candidates.map(async (g) => (await fetch(`${site}${g.path}`)).status === 200),
    );
    const group = candidates.find((_, i) => built[i])!;
    await page.goto(`${site}${group.path}`);
    await page.getByRole('button', { name: 'Denunciar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Denunciar grupo' });
    await dialog.waitFor(WAIT);
    await dialog.getByLabel('Spam').check();
    await dialog.getByLabel('Descrição').fill('Só manda propaganda de outros grupos.');
    await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
    await page.getByRole('status').filter({ hasText: 'Denúncia enviada' }).first().waitFor(WAIT);
    const reports = await withSiteDb((db) =>
      db.select().from(groupReports).where(eq(groupReports.groupId, group.id)),
    );
    expect(reports).toContainEqual(
      expect.objectContaining({ reason: 'spam', description: 'Só manda propaganda de outros grupos.' }),
    );
  });
});

describe('share card', { timeout: 120_000 }, () => {
  it("a group page's og:image is its 1200x630 card, served with a long CDN cache", async () => {
    const recent = (await (await fetch(`${site}/api/groups/recent?limit=50`)).json()) as {
      groups: { path: string; image: string | null }[];
    };
    // A built page (the journey above bumped a group whose page the next rebuild writes).
    let html = '';
    for (const candidate of recent.groups.filter((g) => !g.image || g.image.startsWith('/api/images/'))) {
      const res = await fetch(`${site}${candidate.path}`);
      html = await res.text();
      if (res.status === 200) break;
    }
    const meta = (name: string) =>
      new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html)?.[1];
    const og = meta('og:image')!;
    expect(og).toMatch(/\/og\/[0-9a-f-]{36}\/[0-9a-z]+\.png$/);
    expect([meta('og:image:width'), meta('og:image:height'), meta('twitter:card')]).toEqual([
      '1200',
      '630',
      'summary_large_image',
    ]);
    const res = await fetch(new URL(new URL(og).pathname, site));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('netlify-cdn-cache-control')).toContain('durable');
    const png = Buffer.from(await res.arrayBuffer());
    const size = await sharp(png).metadata();
    expect([size.width, size.height]).toEqual([1200, 630]);
    if (shots) await sharp(png).toFile(`${shots}/share-card.png`);
  });
});
