// The admin journey in Chromium against the real local platform: log in at /admin/login, approve a
// pending group, edit one, feature one for 7 days, import a CSV. The public side is checked through the
// API (GET /api/groups/{id} answers only public groups) and, after the rebuild, on /categorias.
import { and, eq, isNull } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { categories, groups } from '../../db/schema.ts';
import { launchBrowser } from '../support/browser.ts';
import { lastRebuildRequest, rebuildSite } from '../support/site-build.ts';

const site = inject('siteUrl');
const handle = await openDb({ url: inject('siteDatabaseUrl'), driver: 'pg', max: 2 });
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await browser?.close();
  await handle.close();
});

// The machine running these is shared and slow: every wait below allows a generous time.
const LONG = { timeout: 60_000 };

/** Close the toast if one shows: on a phone it sits over the list (and hovering it pauses it). */
async function closeToast() {
  const close = page.getByRole('button', { name: 'Fechar notificação' });
  if (await close.isVisible()) await close.click();
}

async function shownCount(slug: string): Promise<number> {
  const html = await (await fetch(`${site}/categorias`)).text();
  const card = html.slice(html.indexOf(`href="/categoria/${slug}"`));
  return Number(/data-testid="category-count"[^>]*>\s*([\d.]+)/.exec(card)?.[1]?.replace('.', ''));
}
let approvedIn: { id: string; path: string; slug: string; before: number; asked: number } | undefined;

async function findRow(title: string, id: string) {
  await closeToast();
  await page.getByLabel('Buscar grupos').fill(title);
  const row = page.locator(`[data-group-id="${id}"]`);
  await row.waitFor(LONG);
  // The search is debounced: wait until the list shows only what it found.
  await expect.poll(() => page.locator('[data-group-id]').count(), LONG).toBeLessThan(15);
  return row;
}

describe('admin back-office', { timeout: 180_000 }, () => {
  it('keeps what was typed before the login form hydrated, and sends nothing until then', async () => {
    // Hold the page's scripts: until they run, the form is the server-rendered HTML one.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const scripts = /\.m?js(\?|$)/;
    await page.route(scripts, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${site}/admin/login`, { waitUntil: 'commit' });
    const enter = page.getByRole('button', { name: 'Entrar' });
    await enter.waitFor(LONG);
    expect(await enter.isDisabled()).toBe(true);
    await page.getByLabel('E-mail').fill(inject('adminEmail'));
    await page.getByLabel('Senha').fill('senha-errada');
    // Neither the Enter key nor a tap submits the plain form, which would put the password in the address.
    await page.getByLabel('Senha').press('Enter');
    await enter.click({ force: true });
    expect(page.url()).toBe(`${site}/admin/login`);

    release();
    await page.unrouteAll({ behavior: 'wait' });
    await enter.click(LONG); // waits until the island enables it
    await page
      .getByRole('alert')
      .filter({ hasText: 'Erro de autenticação - Credenciais inválidas' })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(page.url()).toBe(`${site}/admin/login`);
  });

  it('sends a visitor to /admin/login, refuses wrong credentials and logs the admin in', async () => {
    await page.goto(`${site}/admin`);
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin$/, LONG);
    expect(await page.content()).not.toContain(inject('adminPassword'));
    await page.getByLabel('E-mail').fill(inject('adminEmail'));
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    // scrypt is deliberately slow: wait for the answer, not a fixed time.
    await page
      .getByRole('alert')
      .filter({ hasText: 'Erro de autenticação - Credenciais inválidas' })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.getByLabel('Senha').fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${site}/admin`, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor(LONG);
    await page.getByTestId('admin-groups').waitFor(LONG);
    // The session lives in the HttpOnly cookie only: no script on the page can read a token.
    const readable = await page.evaluate(() => ({
      stored: Object.values(localStorage).concat(Object.values(sessionStorage)).join(' '),
      cookies: document.cookie,
    }));
    expect(readable.stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    expect(readable.cookies).not.toMatch(/(^|;\s*)session=/);
  });

  it('approves a pending group, which then answers on the public API', async () => {
    const [pending] = await handle.db
      .select({ id: groups.id, title: groups.title, titleSlug: groups.titleSlug, slug: categories.slug })
      .from(groups)
      .innerJoin(categories, eq(categories.id, groups.categoryId))
      .where(and(eq(groups.approved, false), isNull(groups.hiddenAt)))
      .limit(1);
    expect(pending).toBeDefined();
    approvedIn = {
      id: pending!.id,
      path: `/${pending!.slug}/${pending!.titleSlug}`,
      slug: pending!.slug,
      before: await shownCount(pending!.slug),
      asked: await lastRebuildRequest(),
    };
    expect((await fetch(`${site}/api/groups/${pending!.id}`)).status).toBe(404);
    const row = await findRow(pending!.title, pending!.id);
    // What the decision needs is on the row; featuring is not offered before approval (#45).
    await row.locator('[data-pending-details]').waitFor(LONG);
    expect(await row.getByRole('button', { name: /^Destacar/ }).count()).toBe(0);
    await row.getByRole('button', { name: /^Aprovar/ }).click();
    await page.getByRole('status').filter({ hasText: 'Grupo aprovado' }).waitFor(LONG);
    const [after] = await handle.db
      .select({ approved: groups.approved })
      .from(groups)
      .where(eq(groups.id, pending!.id));
    expect(after!.approved).toBe(true);
    const res = await fetch(`${site}/api/groups/${pending!.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: pending!.id, approved: true });
  });

  it('edits a group title and features another for 7 days from the edit dialog', async () => {
    const [a, b] = await handle.db
      .select({ id: groups.id, title: groups.title })
      .from(groups)
      .where(and(eq(groups.approved, true), eq(groups.featured, false), isNull(groups.hiddenAt)))
      .orderBy(groups.createdAt)
      .limit(2);
    let row = await findRow(a!.title, a!.id);
    await row.getByRole('button', { name: /^Editar/ }).click(LONG);
    const dialog = page.getByRole('dialog', { name: 'Editar grupo' });
    await dialog.getByLabel('Título').fill('Grupo Editado pelo Admin');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByRole('status').filter({ hasText: 'Grupo atualizado' }).waitFor(LONG);
    await dialog.waitFor({ state: 'hidden', ...LONG });
    const [edited] = await handle.db.select().from(groups).where(eq(groups.id, a!.id));
    expect(edited).toMatchObject({
      title: 'Grupo Editado pelo Admin',
      titleSlug: expect.stringMatching(/^grupo-editado-pelo-admin/),
    });

    row = await findRow(b!.title, b!.id);
    // The crown asks first, naming the group and the days; cancelled, nothing changes. Confirmed, the
    // toast's 'Desfazer' takes it back (#45).
    await row.getByRole('button', { name: `Destacar ${b!.title} por 30 dias` }).click();
    const ask = page.getByRole('dialog', { name: `Destacar “${b!.title}” por 30 dias?` });
    await ask.waitFor(LONG);
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await ask.waitFor({ state: 'hidden', ...LONG });
    const featuredNow = async () =>
      (await handle.db.select().from(groups).where(eq(groups.id, b!.id)))[0]!.featured;
    expect(await featuredNow()).toBe(false);
    await row.getByRole('button', { name: `Destacar ${b!.title} por 30 dias` }).click();
    await ask.getByRole('button', { name: 'Destacar por 30 dias' }).click();
    const featuredToast = page.getByRole('status').filter({ hasText: 'Grupo destacado por 30 dias' });
    await featuredToast.waitFor(LONG);
    expect(await featuredNow()).toBe(true);
    await featuredToast.getByRole('button', { name: 'Desfazer' }).click();
    await page.getByRole('status').filter({ hasText: 'Destaque desfeito' }).waitFor(LONG);
    expect(await featuredNow()).toBe(false);
    await closeToast();
    // The list reloads after the undo: the dialog must open on the row as it is now (not featured), or
    // the switch below would turn the featuring off.
    await row.getByText(/^até \d{2}\/\d{2}\/\d{4}$/).waitFor({ state: 'detached', ...LONG });

    await row.getByRole('button', { name: /^Editar/ }).click(LONG);
    const featureSwitch = dialog.getByRole('switch', { name: /Destaque/ });
    await expect.poll(() => featureSwitch.getAttribute('aria-checked')).toBe('false');
    await featureSwitch.click();
    await dialog.getByLabel('Duração do destaque').selectOption('7');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByRole('status').filter({ hasText: 'Grupo atualizado' }).waitFor(LONG);
    const [featured] = await handle.db.select().from(groups).where(eq(groups.id, b!.id));
    expect(featured!.featured).toBe(true);
    expect(Math.round((featured!.featuredUntil!.getTime() - Date.now()) / 86_400_000)).toBe(7);
    await row.getByText(/^até \d{2}\/\d{2}\/\d{4}$/).waitFor(LONG);
  });

  it("enters a court order in the group's dialog: the group leaves the public API, and 'Liberar' brings it back", async () => {
    await page.goto(`${site}/admin`);
    const [target] = await handle.db
      .select({ id: groups.id, title: groups.title })
      .from(groups)
      .where(and(eq(groups.approved, true), eq(groups.featured, false), isNull(groups.hiddenAt)))
      .orderBy(groups.createdAt)
      .offset(6)
      .limit(1);
    expect((await fetch(`${site}/api/groups/${target!.id}`)).status).toBe(200);
    const row = await findRow(target!.title, target!.id);
    await row.getByRole('button', { name: /^Editar/ }).click(LONG);
    const dialog = page.getByRole('dialog', { name: 'Editar grupo' });
    const holds = dialog.getByRole('region', { name: 'Retenções' });
    await holds.getByText('Nenhuma retenção ativa').waitFor(LONG);
    await holds.getByLabel('Tipo de retenção').selectOption('court_order');
    await holds.getByLabel('Número do processo').fill('Processo 0009999-11.2026.8.26.0100');
    await holds.getByRole('button', { name: 'Reter' }).click();
    await page.getByRole('status').filter({ hasText: 'Retenção colocada' }).waitFor(LONG);
    await holds
      .locator('[data-hold="court_order"]')
      .getByText('Processo 0009999-11.2026.8.26.0100')
      .waitFor(LONG);
    expect((await fetch(`${site}/api/groups/${target!.id}`)).status).toBe(404);
    await holds.getByRole('button', { name: 'Liberar' }).click();
    await holds
      .getByLabel('Por que liberar "Ordem judicial"?')
      .fill('A ordem foi revogada em segunda instância.');
    await holds.getByRole('button', { name: 'Confirmar liberação' }).click();
    await page.getByRole('status').filter({ hasText: 'Retenção liberada' }).waitFor(LONG);
    await holds.getByText('Nenhuma retenção ativa').waitFor(LONG);
    expect((await fetch(`${site}/api/groups/${target!.id}`)).status).toBe(200);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('imports a CSV and lists the bad rows by line', async () => {
    await page.goto(`${site}/admin/importacao`);
    const csv = [
      'titulo,imagem,link,categoria',
      'Grupo Importado no Navegador,,https://chat.whatsapp.com/NavegadorImport01,Games',
      'Sem Link,,https://exemplo.com/x,Games',
    ].join('\n');
    await page
      .locator('#csv-file')
      .setInputFiles({ name: 'grupos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Importar grupos' }).click();
    const failures = page.getByTestId('import-failures');
    await failures.waitFor(LONG);
    expect(await failures.textContent()).toContain(
      'Linha 3: Link inválido: O link deve começar com https://chat.whatsapp.com/ (grupo) ou https://whatsapp.com/channel/ (canal)',
    );
    const [imported] = await handle.db
      .select({ approved: groups.approved, category: categories.name })
      .from(groups)
      .innerJoin(categories, eq(categories.id, groups.categoryId))
      .where(eq(groups.inviteCode, 'NavegadorImport01'));
    expect(imported).toEqual({ approved: true, category: 'Games' });
  });

  it('publishes the approval: after the rebuild the group has its static page and /categorias counts it', async () => {
    // Approving asked for a rebuild; the local platform rebuilds while the old build stays online.
    expect(await lastRebuildRequest()).toBeGreaterThan(approvedIn!.asked);
    await rebuildSite();
    await expect
      .poll(() => shownCount(approvedIn!.slug), { timeout: 120_000, interval: 1000 })
      .toBeGreaterThan(approvedIn!.before);
    const res = await fetch(`${site}${approvedIn!.path}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`data-join-id="${approvedIn!.id}"`);
    expect(html).not.toContain('content="noindex');
  });

  it('keeps the admin logged in when the access check cannot reach the server, and checks again', async () => {
    // The session check fails once (a deploy, a dropped connection): an error with 'Tentar de novo', never
    // the login screen.
    let failures = 1;
    await page.route('**/api/admin/session', (route) =>
      failures-- > 0 ? route.abort('failed') : route.fallback(),
    );
    await page.goto(`${site}/admin/categorias`);
    await page.getByRole('heading', { name: 'Não foi possível verificar seu acesso' }).waitFor(LONG);
    expect(new URL(page.url()).pathname).toBe('/admin/categorias');
    await page.getByRole('button', { name: 'Tentar de novo' }).click();
    await page.getByRole('heading', { name: 'Categorias', level: 1 }).waitFor(LONG);
    await page.unroute('**/api/admin/session');
  });

  it('logs out from the menu', async () => {
    await page.goto(`${site}/admin/categorias`);
    await page.getByRole('button', { name: 'Abrir menu' }).click(LONG);
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(/\/admin\/login$/, LONG);
    await page.goto(`${site}/admin/planos`);
    await page.waitForURL(/\/admin\/login\?next=/, LONG);
  });
});
