// Lawful operation (#31) in real Chromium against the local platform, as a person uses it: the footer
// leads to the privacy policy and the terms; the closed 18+ category says why; a notifier sends a
// 'Denúncia jurídica' and gets its protocol by e-mail; an admin keeps the group with a reason, which is
// e-mailed to the notifier; an owner corrects the name, downloads 'Meus dados' and deletes the account
// (a wrong password changes nothing). Nothing here waits for a rebuild: the groups it uses are not public,
// or the decision is to keep. With LEGAL_SCREENSHOTS=<dir> it saves each screen at 390 and 1280 px.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { categories, groups, legalNotices, users } from '../../db/schema.ts';
import { ADULT_CLOSED_TEXT } from '../../src/features/age-verification/age-verification.ts';
import { SESSION_COOKIE, signSession } from '../../src/features/auth/session.server.ts';
import { launchBrowser, screenshotWidths } from '../support/browser.ts';
import { withSiteDb } from '../support/site-db.ts';

const site = inject('siteUrl');
const shots = process.env.LEGAL_SCREENSHOTS;
const WAIT = { timeout: 45_000 };
const shoot = (page: Page, name: string) => screenshotWidths(page, shots, name);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const tag = () => randomBytes(4).toString('hex');

/** A group's own columns: a new invite code and slug for this title, in this category. */
function fields(categoryId: number, title: string) {
  const code = randomBytes(8).toString('hex');
  return {
    title,
    categoryId,
    link: `https://chat.whatsapp.com/${code}`,
    inviteCode: code,
    titleSlug: `juridico-${code}`,
  };
}

/** A browser context logged in with a session for this user id. */
async function loggedIn(userId: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  await context.addCookies([
    { name: SESSION_COOKIE, value: await signSession(userId), url: site, httpOnly: true, sameSite: 'Lax' },
    { name: 'logged_in', value: '1', url: site, sameSite: 'Lax' },
  ]);
  return context;
}

/** The newest message to this address with this subject on /__platform/mail, opened; its text. */
async function readMail(page: Page, to: string, subject: string): Promise<string> {
  await page.goto(`${site}/__platform/mail`);
  const row = page.locator('tr', { hasText: to }).filter({ hasText: subject }).first();
  await row.waitFor(WAIT);
  await row.getByRole('link', { name: subject }).click();
  await page.getByRole('heading', { name: subject, level: 1 }).waitFor(WAIT);
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text (a mail reads as shown)
  return page.frameLocator('iframe[title="Mensagem em HTML"]').locator('body').innerText(WAIT);
}

describe('privacy, terms and the closed 18+ category', { timeout: 180_000 }, () => {
  it('the footer leads to the privacy policy, the terms and the transparency report; the 18+ category says why it is empty', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    await page.goto(`${site}/`);
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'Privacidade' }).click();
    await page.waitForURL(`${site}/privacidade`, WAIT);
    await page.getByRole('heading', { name: 'Política de Privacidade', level: 1 }).waitFor(WAIT);
    // The data table comes from the inventory: the account row names its legal basis.
    expect(await page.locator('table').count()).toBeGreaterThan(0);
    expect(await page.getByText(/LGPD/).count()).toBeGreaterThan(0);
    await shoot(page, 'privacidade');

    await page.locator('footer').getByRole('link', { name: 'Termos de Uso' }).click();
    await page.waitForURL(`${site}/termos`, WAIT);
    await page.getByRole('heading', { name: 'Termos de Uso', level: 1 }).waitFor(WAIT);
    expect(await page.getByText(/7 dias/).count()).toBeGreaterThan(0);
    await shoot(page, 'termos');

    // The transparency report (#41): from the footer, the year so far in tables, with its methodology.
    await page.locator('footer').getByRole('link', { name: 'Transparência' }).click();
    await page.waitForURL(`${site}/transparencia`, WAIT);
    await page.getByRole('heading', { name: 'Metodologia', level: 2 }).waitFor(WAIT);
    // The year so far comes first, then each kept year with the same tables.
    const notices = page.getByRole('table', { name: 'Notificações extrajudiciais (denúncias jurídicas)' });
    expect(await notices.first().getAttribute('aria-labelledby')).toBe('ano-atual-notificacoes');

    const [adult] = await withSiteDb((db) => db.select().from(categories).where(eq(categories.adult, true)));
    expect(adult).toBeDefined();
    const res = await page.goto(`${site}/categoria/${adult!.slug}`);
    expect(res?.status()).toBe(200);
    await page.getByText(ADULT_CLOSED_TEXT).waitFor(WAIT);
    expect(await page.locator('a[href^="/grupo/"]').count()).toBe(0);
    await shoot(page, 'categoria-18');
    await page.close();
  });
});

describe('a legal notice, from the form to the decision', { timeout: 300_000 }, () => {
  const email = `notificante-${tag()}@teste.local`;
  let protocol = '';
  let groupId = '';

  beforeAll(async () => {
    const [category] = await withSiteDb((db) =>
      db.select().from(categories).where(eq(categories.adult, false)).orderBy(categories.name).limit(1),
    );
    const [group] = await withSiteDb((db) =>
      db
        .insert(groups)
        .values({
          ...fields(category!.id, `Grupo Notificado ${tag()}`),
          description: 'Um grupo aprovado que recebe uma denúncia jurídica.',
          approved: true,
        })
        .returning(),
    );
    groupId = group!.id;
  });

  it('the form says what is missing, then answers with a protocol that is e-mailed', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    await page.goto(`${site}/denuncia-juridica`);
    const form = page.getByRole('form', { name: 'Denúncia jurídica' });
    await form.waitFor(WAIT);
    await page
      .locator('astro-island:not([ssr])')
      .first()
      .waitFor({ state: 'attached', ...WAIT });
    await page.getByRole('button', { name: 'Enviar denúncia' }).click();
    // Nothing was sent: each required field says so in Portuguese.
    await expect.poll(() => page.locator('[aria-invalid="true"]').count(), WAIT).toBeGreaterThan(2);
    await shoot(page, 'denuncia-juridica-erros');

    await page.getByLabel(/Outro conteúdo ilegal/).check();
    await page.getByLabel('Endereço do grupo').fill(`${site}/grupo/${groupId}`);
    await page.getByRole('textbox', { name: 'Seu nome' }).fill('Maria Notificante');
    await page.getByRole('textbox', { name: 'Seu e-mail' }).fill(email);
    await page
      .getByLabel('O que há de errado')
      .fill('O grupo vende produtos falsificados com marca registrada.');
    await page.getByLabel(/Declaro que as informações/).check();
    await page.getByRole('button', { name: 'Enviar denúncia' }).click();
    await page.getByRole('heading', { name: 'Denúncia recebida' }).waitFor(WAIT);
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text, as a visitor copies it
    protocol = (await page.getByText(/^JUR-\d{4}-[0-9A-F]{12}$/).innerText()).trim();
    expect(protocol).toMatch(/^JUR-\d{4}-[0-9A-F]{12}$/);
    await shoot(page, 'denuncia-juridica-protocolo');

    const [notice] = await withSiteDb((db) =>
      db.select().from(legalNotices).where(eq(legalNotices.protocol, protocol)),
    );
    expect(notice).toMatchObject({ kind: 'illegal_content', groupId, status: 'pending' });
    // An illegal-content notice queues: the group stays public until an admin decides.
    const [group] = await withSiteDb((db) => db.select().from(groups).where(eq(groups.id, groupId)));
    expect(group).toMatchObject({ approved: true, hiddenAt: null });

    const text = await readMail(page, email, `Recebemos sua denúncia jurídica ${protocol}`);
    expect(text).toContain(protocol);
    await page.close();
  });

  it('an admin sees it on the clock, keeps the group with a reason, and the notifier gets the reason', async () => {
    const [admin] = await withSiteDb((db) =>
      db
        .insert(users)
        .values({ email: `admin-${tag()}@teste.local`, password: 'x', name: 'Admin Jurídico', admin: true })
        .returning(),
    );
    const context = await loggedIn(admin!.id);
    const page = await context.newPage();
    await page.goto(`${site}/admin/notificacoes-juridicas`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: protocol }) });
    await card.waitFor(WAIT);
    expect(await card.getByText(/do prazo de 24 h/).isVisible()).toBe(true);
    await shoot(page, 'admin-notificacoes');

    await card.getByRole('button', { name: 'Manter' }).click();
    const dialog = page.getByRole('dialog', { name: `Manter o grupo: ${protocol}` });
    await dialog.waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Manter' }).click();
    // No reason: refused in Portuguese, nothing decided.
    await expect.poll(() => dialog.locator('[aria-invalid="true"]').count(), WAIT).toBe(1);
    const reason = 'Verificamos o grupo e não encontramos produtos falsificados.';
    await dialog.getByLabel('Motivo').fill(reason);
    await shoot(page, 'admin-notificacao-manter');
    await dialog.getByRole('button', { name: 'Manter' }).click();
    await page.getByText('Grupo mantido').first().waitFor(WAIT);
    await expect.poll(() => card.getByText('Mantido', { exact: true }).isVisible(), WAIT).toBe(true);
    await shoot(page, 'admin-notificacao-mantida');

    const [notice] = await withSiteDb((db) =>
      db.select().from(legalNotices).where(eq(legalNotices.protocol, protocol)),
    );
    expect(notice).toMatchObject({ status: 'kept', decisionReason: reason });
    const text = await readMail(page, email, `Decisão sobre a denúncia ${protocol}`);
    expect(text).toContain(reason);
    await context.close();
  });
});

describe("'Meus dados' in the panel", { timeout: 300_000 }, () => {
  const email = `titular-${tag()}@teste.local`;
  const password = 'senha-forte-123';

  it('corrects the name, downloads the data, refuses a wrong password and deletes the account', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
      acceptDownloads: true,
    });
    const registered = await context.request.post(`${site}/api/register`, {
      headers: { origin: site },
      data: { name: 'Titular Antigo', email, password, confirmPassword: password, adult: true },
    });
    expect(registered.status()).toBe(201);
    const [user] = await withSiteDb((db) => db.select().from(users).where(eq(users.email, email)));
    const [category] = await withSiteDb((db) =>
      db.select().from(categories).where(eq(categories.adult, false)).orderBy(categories.name).limit(1),
    );
    // A group still in moderation: it goes with the account, and no page has to be rebuilt.
    const title = `Grupo do Titular ${tag()}`;
    await withSiteDb((db) =>
      db.insert(groups).values({
        ...fields(category!.id, title),
        description: 'Um grupo em moderação do titular.',
        userId: user!.id,
      }),
    );

    const page = await context.newPage();
    await page.goto(`${site}/painel#meus-dados`);
    const data = page.getByRole('region', { name: 'Meus dados' });
    await data.waitFor(WAIT);
    await data.getByLabel('Nome').fill('Titular Corrigido');
    await data.getByRole('button', { name: 'Salvar nome' }).click();
    await page.getByText('Nome atualizado').first().waitFor(WAIT);
    await shoot(page, 'painel-meus-dados');

    const download = page.waitForEvent('download', WAIT);
    await data.getByRole('button', { name: 'Baixar meus dados' }).click();
    const file = await (await download).path();
    const exported = JSON.parse(await readFile(file, 'utf8'));
    expect(exported.account).toMatchObject({ email, name: 'Titular Corrigido' });
    expect(JSON.stringify(exported)).toContain(title);
    expect(JSON.stringify(exported)).not.toMatch(/"password"|passwordHash/);

    await data.getByRole('button', { name: 'Excluir minha conta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir sua conta?' });
    await dialog.waitFor(WAIT);
    await dialog.getByLabel('Digite sua senha para confirmar').fill('senha-errada-000');
    await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
    await expect.poll(() => dialog.locator('[aria-invalid="true"]').count(), WAIT).toBe(1);
    await shoot(page, 'painel-excluir-conta-senha-errada');
    const [still] = await withSiteDb((db) => db.select().from(users).where(eq(users.id, user!.id)));
    expect(still).toBeDefined();

    await dialog.getByLabel('Digite sua senha para confirmar').fill(password);
    await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
    const confirmed = page.getByRole('dialog', { name: 'Conta excluída' });
    await confirmed.waitFor(WAIT);
    await shoot(page, 'painel-conta-excluida');
    const left = await withSiteDb((db) =>
      Promise.all([
        db.select().from(users).where(eq(users.id, user!.id)),
        db.select().from(groups).where(eq(groups.title, title)),
      ]),
    );
    expect(left).toEqual([[], []]);
    // The session ended with the account: the API refuses it, and leaving shows the site logged out.
    const me = await context.request.get(`${site}/api/user/profile`);
    expect(me.status()).toBe(401);
    await confirmed.getByRole('button', { name: 'Ir para a página inicial' }).click();
    await page.waitForURL(`${site}/`, WAIT);
    await page.goto(`${site}/painel`);
    await page.getByRole('heading', { name: 'Acesso Restrito' }).waitFor(WAIT);
    expect(await readMail(page, email, 'Sua conta foi excluída')).toContain('Titular Corrigido');
    await context.close();
  });
});
