// The owner's journey with the local payment simulator, in real Chromium against the local platform:
// choose a group and a plan -> pay -> approve in the simulator -> the panel shows the active order and,
// after the rebuild, the home page features the group. Then the admin screens. With PAYMENTS_SCREENSHOTS=<dir> it also saves screenshots at 390 and 1280 px.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import {
  categories,
  featureOrders,
  featurePlans,
  groups,
  paymentSettings,
  rebuildRequests,
  users,
} from '../../db/schema.ts';
import { SESSION_COOKIE, signSession } from '../../src/features/auth/session.server.ts';
import { launchBrowser, screenshotWidths } from '../support/browser.ts';
import { rebuildSite } from '../support/site-build.ts';

const site = inject('siteUrl');
const handle = await openDb({ url: inject('siteDatabaseUrl'), driver: 'pg', max: 2 });
const shots = process.env.PAYMENTS_SCREENSHOTS;
// Islands hydrate after their scripts load; give slow machines time.
const WAIT = { timeout: 45_000, interval: 100 };
// The platform bundles each function on its first call, and the rebuild a payment requests shares the CPU.
const SLOW = 240_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await handle.close();
});

async function makeUser(name: string, admin = false) {
  const [user] = await handle.db
    .insert(users)
    .values({
      email: `${name.toLowerCase()}-${randomBytes(3).toString('hex')}@teste.local`,
      password: 'x',
      name,
      admin,
      adultDeclaredAt: new Date(),
    })
    .returning();
  return { user: user!, token: await signSession(user!.id) };
}

async function loggedIn(token: string, width = 390): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'pt-BR' });
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, url: site, httpOnly: true, sameSite: 'Lax' },
  ]);
  await context.addCookies([{ name: 'logged_in', value: '1', url: site, sameSite: 'Lax' }]);
  return context;
}

const shoot = (page: Page, name: string) => screenshotWidths(page, shots, name, 900);

describe('featuring a group with the simulator', () => {
  it(
    'login -> choose group and plan -> pay -> approve -> the group is featured and the order active',
    async () => {
      const { user, token } = await makeUser('Dona');
      const [category] = await handle.db
        .select()
        .from(categories)
        .where(eq(categories.adult, false))
        .limit(1);
      const code = randomBytes(8).toString('hex');
      const [group] = await handle.db
        .insert(groups)
        .values({
          title: 'Grupo da Jornada de Pagamento',
          description: 'Grupo de teste',
          link: `https://chat.whatsapp.com/${code}`,
          inviteCode: code,
          categoryId: category!.id,
          titleSlug: `jornada-${code}`,
          approved: true,
          userId: user.id,
        })
        .returning();

      const context = await loggedIn(token, 390);
      const page = await context.newPage();
      await page.goto(`${site}/planos-destaque`);
      await page.getByRole('link', { name: /Grupo da Jornada de Pagamento/ }).click();
      await page.waitForURL(/groupId=/, WAIT);
      await expect.poll(() => page.getByText('Grupo Selecionado').isVisible(), WAIT).toBe(true);
      const next = page.getByRole('button', { name: /Processando|Continuar para Pagamento/ });
      expect(await next.isDisabled()).toBe(true);
      await expect.poll(() => page.getByText('R$ 39,90').first().isVisible(), WAIT).toBe(true);
      expect(await page.getByText('por 7 dias').first().isVisible()).toBe(true);
      await shoot(page, 'planos-destaque');
      await page.getByRole('button', { name: /Destaque 7 dias/ }).click();
      await page.getByRole('button', { name: 'Continuar para Pagamento' }).click();

      await page.waitForURL(/\/pagar-destaque\/[0-9a-f-]{36}$/, WAIT);
      const orderId = page.url().split('/').pop()!;
      await expect.poll(() => page.getByText('Resumo do pedido').isVisible(), WAIT).toBe(true);
      expect(await page.getByText('Grupo da Jornada de Pagamento').first().isVisible()).toBe(true);
      await shoot(page, 'pagar-destaque');
      await page.getByRole('button', { name: 'Prosseguir para Pagamento' }).click();

      await page.waitForURL(/\/simulador-pagamento\//, WAIT);
      await shoot(page, 'simulador');
      await page.getByRole('button', { name: 'Aprovar' }).click();
      await page.waitForURL(/\/painel\?pagamento=/, WAIT);

      const [order] = await handle.db.select().from(featureOrders).where(eq(featureOrders.id, orderId));
      expect(order).toMatchObject({ status: 'active', price: 3990, days: 7, paymentMethod: 'simulator' });
      const [featured] = await handle.db.select().from(groups).where(eq(groups.id, group!.id));
      expect(featured!.featured).toBe(true);
      expect(featured!.featuredUntil!.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);

      // The public pages are rebuilt for the new featured group.
      const rebuilds = await handle.db
        .select()
        .from(rebuildRequests)
        .where(eq(rebuildRequests.reason, 'feature order paid (simulator)'));
      expect(rebuilds.length).toBeGreaterThan(0);

      // The panel it came back to lists the order, active, with its days remaining.
      const ordersTab = page.getByRole('tab', { name: 'Meus Destaques' });
      const orderCard = page
        .getByRole('region', { name: 'Meus Destaques' })
        .locator('> *')
        .filter({ hasText: 'Grupo da Jornada de Pagamento' });
      await expect
        .poll(async () => {
          await ordersTab.click();
          return orderCard.getByText('7 dias restantes').isVisible();
        }, WAIT)
        .toBe(true);
      await shoot(page, 'painel-destaques');

      // After the rebuild the payment asked for, the home page's static HTML features the group.
      await rebuildSite();
      const featuredOnHome = async () => {
        const html = await (await fetch(`${site}/`)).text();
        const section = html.slice(html.indexOf('aria-labelledby="destaque"'), html.indexOf('id="ultimos"'));
        return section.includes('Grupo da Jornada de Pagamento');
      };
      await expect.poll(featuredOnHome, { timeout: 180_000, interval: 1000 }).toBe(true);

      // The same order through the API, active with its days remaining.
      const res = await fetch(`${site}/api/feature-orders/${orderId}`, {
        headers: { cookie: `session=${token}` },
      });
      expect(await res.json()).toMatchObject({
        status: 'active',
        daysRemaining: 7,
        group_title: 'Grupo da Jornada de Pagamento',
      });

      // Another user cannot see it, and the payment page says so.
      const { token: other } = await makeUser('Outra');
      const otherContext = await loggedIn(other, 390);
      const otherPage = await otherContext.newPage();
      await otherPage.goto(`${site}/pagar-destaque/${orderId}`);
      await expect.poll(() => otherPage.getByText('Pedido não encontrado').isVisible(), WAIT).toBe(true);
      await otherContext.close();
      await context.close();
    },
    SLOW,
  );

  it("shows 'Acesso Restrito' on the payment page without a session", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site}/pagar-destaque/${crypto.randomUUID()}`);
    await expect.poll(() => page.getByText('Acesso Restrito').isVisible(), WAIT).toBe(true);
    expect(await page.getByRole('link', { name: 'Fazer Login' }).getAttribute('href')).toBe('/auth');
    await context.close();
  });
});

describe('the plans page edges', () => {
  it('keeps the group and the address and sends a visitor to /auth', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    const groupId = crypto.randomUUID();
    await page.goto(`${site}/planos-destaque?groupId=${groupId}`);
    await page.waitForURL(/\/auth$/, WAIT);
    const stored = await page.evaluate(() => [
      localStorage.getItem('pendingFeatureGroupId'),
      localStorage.getItem('redirectAfterLogin'),
    ]);
    expect(stored).toEqual([groupId, `/planos-destaque?groupId=${groupId}`]);
    await context.close();
  });

  it(
    "shows 'Serviço indisponível' when both providers are off, and the empty state without groups",
    async () => {
      const [before] = await handle.db.select().from(paymentSettings);
      await handle.db.update(paymentSettings).set({ mercadopagoEnabled: false, stripeEnabled: false });
      try {
        const { token } = await makeUser('SemGrupos');
        const context = await loggedIn(token, 390);
        const page = await context.newPage();
        await page.goto(`${site}/planos-destaque`);
        await expect.poll(() => page.getByText('Serviço indisponível').isVisible(), WAIT).toBe(true);
        await expect
          .poll(() => page.getByText('Você não tem grupos que possam ser destacados').isVisible(), WAIT)
          .toBe(true);
        expect(await page.getByRole('link', { name: 'Enviar Grupo' }).last().getAttribute('href')).toBe(
          '/enviar',
        );
        await shoot(page, 'planos-indisponivel');
        await context.close();
      } finally {
        await handle.db
          .update(paymentSettings)
          .set({ mercadopagoEnabled: before!.mercadopagoEnabled, stripeEnabled: before!.stripeEnabled });
      }
    },
    SLOW,
  );
});

describe('renewal', () => {
  it(
    'names the group of the active order and creates a renewal order for it',
    async () => {
      const { user, token } = await makeUser('Renova');
      const [category] = await handle.db
        .select()
        .from(categories)
        .where(eq(categories.adult, false))
        .limit(1);
      const code = randomBytes(8).toString('hex');
      const until = new Date(Date.now() + 3 * 86_400_000);
      const [group] = await handle.db
        .insert(groups)
        .values({
          title: 'Grupo em Renovação',
          description: 'Grupo de teste',
          link: `https://chat.whatsapp.com/${code}`,
          inviteCode: code,
          categoryId: category!.id,
          titleSlug: `renova-${code}`,
          approved: true,
          featured: true,
          featuredUntil: until,
          userId: user.id,
        })
        .returning();
      const [plan] = await handle.db.select().from(featurePlans).where(eq(featurePlans.days, 7));
      const [active] = await handle.db
        .insert(featureOrders)
        .values({
          userId: user.id,
          groupId: group!.id,
          planId: plan!.id,
          price: plan!.price,
          days: 7,
          status: 'active',
          endDate: until,
        })
        .returning();
      const context = await loggedIn(token, 390);
      const page = await context.newPage();
      await page.goto(`${site}/planos-destaque?renew=true&orderId=${active!.id}`);
      await expect.poll(() => page.getByText('Renovação de destaque').isVisible(), WAIT).toBe(true);
      expect(await page.getByRole('status').filter({ hasText: 'Grupo em Renovação' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: /Destaque 7 dias/ }).click();
      await page.getByRole('button', { name: 'Continuar para Pagamento' }).click();
      await page.waitForURL(/\/pagar-destaque\/[0-9a-f-]{36}$/, WAIT);
      const [order] = await handle.db
        .select()
        .from(featureOrders)
        .where(eq(featureOrders.id, page.url().split('/').pop()!));
      expect(order!.groupId).toBe(group!.id);
      expect(JSON.parse(order!.metadata!)).toMatchObject({ isRenewal: true, originalOrderId: active!.id });
      await context.close();
    },
    SLOW,
  );
});

describe('admin payment screens', () => {
  it(
    'lists the payments, approves a pending one from its details, and shows the settings',
    async () => {
      const { user: owner } = await makeUser('Cliente');
      const [category] = await handle.db
        .select()
        .from(categories)
        .where(eq(categories.adult, false))
        .limit(1);
      const code = randomBytes(8).toString('hex');
      const [group] = await handle.db
        .insert(groups)
        .values({
          title: 'Grupo Pendente do Admin',
          description: 'Grupo de teste',
          link: `https://chat.whatsapp.com/${code}`,
          inviteCode: code,
          categoryId: category!.id,
          titleSlug: `admin-${code}`,
          approved: true,
          userId: owner.id,
        })
        .returning();
      const [plan] = await handle.db.select().from(featurePlans).where(eq(featurePlans.days, 30));
      const [order] = await handle.db
        .insert(featureOrders)
        .values({
          userId: owner.id,
          groupId: group!.id,
          planId: plan!.id,
          price: plan!.price,
          days: 30,
          paymentMethod: 'stripe',
          paymentId: `cs_test_${code}`,
        })
        .returning();

      const { token } = await makeUser('Admin', true);
      const context = await loggedIn(token, 390);
      const page = await context.newPage();
      await page.goto(`${site}/admin/payments`);
      await expect
        .poll(() => page.getByText(/Total de \d+ pagamentos registrados/).isVisible(), WAIT)
        .toBe(true);
      const row = page.getByRole('listitem').filter({ hasText: 'Grupo Pendente do Admin' });
      await expect.poll(() => row.isVisible(), WAIT).toBe(true);
      expect(await row.getByText('ST', { exact: true }).isVisible()).toBe(true);
      expect(await row.getByText(`#${order!.number}`).isVisible()).toBe(true); // the short number, not the id
      await shoot(page, 'admin-payments');
      await row.getByRole('button', { name: 'Ações do pagamento' }).click();
      await page.getByRole('button', { name: 'Ver detalhes' }).click();
      await expect.poll(() => page.getByRole('dialog').isVisible(), WAIT).toBe(true);
      await shoot(page, 'admin-payments-details');
      await page.getByRole('dialog').getByRole('button', { name: 'Aprovar', exact: true }).click();
      await expect
        .poll(() => page.getByText('O pagamento foi aprovado e o grupo está em destaque.').isVisible(), WAIT)
        .toBe(true);
      const [approved] = await handle.db.select().from(featureOrders).where(eq(featureOrders.id, order!.id));
      expect(approved!.status).toBe('active');

      await page.goto(`${site}/admin/payment-settings`);
      await expect
        .poll(() => page.getByRole('button', { name: 'Salvar Configurações' }).isVisible(), WAIT)
        .toBe(true);
      expect(await page.getByRole('tab', { name: 'Stripe' }).isVisible()).toBe(true);
      await shoot(page, 'admin-payment-settings');
      await context.close();
    },
    SLOW,
  );

  it('sends a member away from the admin screens', async () => {
    const { token } = await makeUser('Membro');
    const context = await loggedIn(token, 390);
    const page = await context.newPage();
    await page.goto(`${site}/admin/payments`);
    await page.waitForURL(/\/admin\/login/, WAIT);
    await context.close();
  });
});

describe('withdrawal and refund', () => {
  async function ownGroup(userId: string, title: string) {
    const [category] = await handle.db.select().from(categories).where(eq(categories.adult, false)).limit(1);
    const code = randomBytes(8).toString('hex');
    const [group] = await handle.db
      .insert(groups)
      .values({
        title,
        description: 'Grupo de teste',
        link: `https://chat.whatsapp.com/${code}`,
        inviteCode: code,
        categoryId: category!.id,
        titleSlug: `reembolso-${code}`,
        approved: true,
        userId,
      })
      .returning();
    return group!;
  }

  /** An order created through the API; paid in the simulator (its form posted as the browser posts it). */
  async function order(token: string, groupId: string, pay: boolean) {
    const headers = { cookie: `session=${token}`, 'content-type': 'application/json' };
    const [plan] = await handle.db.select().from(featurePlans).where(eq(featurePlans.days, 7));
    const created = await fetch(`${site}/api/feature-orders`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ groupId, planId: plan!.id }),
    });
    const text = await created.text();
    expect(created.status, text).toBe(201);
    const { id } = JSON.parse(text) as { id: string };
    if (!pay) return id;
    const started = await fetch(`${site}/api/feature-orders/${id}/pay`, { method: 'POST', headers });
    expect(started.status).toBe(200);
    const decided = await fetch(`${site}/simulador-pagamento/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
      redirect: 'manual',
    });
    expect(decided.status).toBe(303);
    return id;
  }

  it(
    'shows the contract before paying; the owner withdraws in the panel; an admin refunds another order',
    async () => {
      const { user, token } = await makeUser('Desiste');
      const first = await ownGroup(user.id, 'Grupo da Desistência');
      const second = await ownGroup(user.id, 'Grupo do Reembolso do Admin');
      const third = await ownGroup(user.id, 'Grupo do Contrato');

      // The payment page states the contract before any payment, and no longer 'não são reembolsáveis'.
      const pending = await order(token, third.id, false);
      const context = await loggedIn(token, 390);
      const page = await context.newPage();
      await page.goto(`${site}/pagar-destaque/${pending}`);
      await expect.poll(() => page.getByText('Resumo do contrato').isVisible(), WAIT).toBe(true);
      expect(await page.getByText(/Direito de desistência/).isVisible()).toBe(true);
      expect(await page.getByText(/Vendido por .+ · CNPJ/).isVisible()).toBe(true);
      expect(await page.getByText('Valores pagos não são reembolsáveis.').count()).toBe(0);
      await shoot(page, 'pagar-destaque-contrato');

      const withdrawn = await order(token, first.id, true);
      // Paid before the withdrawal: after it, this account may not buy again until the withdrawn
      // order's own days have passed (ADR 0020).
      const refunded = await order(token, second.id, true);
      await page.goto(`${site}/painel`);
      const ordersTab = page.getByRole('tab', { name: 'Meus Destaques' });
      const card = page
        .getByRole('region', { name: 'Meus Destaques' })
        .locator('> *')
        .filter({ hasText: 'Grupo da Desistência' });
      await expect
        .poll(async () => {
          await ordersTab.click();
          return card.getByRole('button', { name: 'Desistir da compra' }).isVisible();
        }, WAIT)
        .toBe(true);
      await card.getByRole('button', { name: 'Desistir da compra' }).click();
      const dialog = page.getByRole('dialog', { name: 'Desistir da compra?' });
      await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
      expect(await dialog.getByText(/Devolvemos o valor total, R\$ 39,90/).isVisible()).toBe(true);
      await shoot(page, 'painel-desistir');
      await dialog.getByRole('button', { name: 'Desistir e receber reembolso' }).click();
      await expect.poll(() => card.getByText('Reembolsado').isVisible(), WAIT).toBe(true);
      expect(await card.getByRole('button', { name: 'Desistir da compra' }).count()).toBe(0);
      await shoot(page, 'painel-reembolsado');
      const res = await fetch(`${site}/api/feature-orders/${withdrawn}`, {
        headers: { cookie: `session=${token}` },
      });
      expect(await res.json()).toMatchObject({ status: 'refunded' });
      const [unfeatured] = await handle.db.select().from(groups).where(eq(groups.id, first.id));
      expect(unfeatured!.featured).toBe(false);
      await context.close();

      const { token: adminToken } = await makeUser('Admin', true);
      const admin = await loggedIn(adminToken, 390);
      const adminPage = await admin.newPage();
      await adminPage.goto(`${site}/admin/payments`);
      const row = adminPage.getByRole('listitem').filter({ hasText: 'Grupo do Reembolso do Admin' });
      await expect.poll(() => row.isVisible(), WAIT).toBe(true);
      await row.getByRole('button', { name: 'Ações do pagamento' }).click();
      await adminPage.getByRole('button', { name: 'Reembolsar' }).click();
      const confirm = adminPage.getByRole('dialog', { name: 'Reembolsar este pedido?' });
      await expect.poll(() => confirm.isVisible(), WAIT).toBe(true);
      await shoot(adminPage, 'admin-reembolsar');
      await confirm.getByRole('button', { name: 'Reembolsar' }).click();
      await expect.poll(() => adminPage.getByText('Pedido reembolsado').isVisible(), WAIT).toBe(true);
      await expect.poll(() => row.getByText('Reembolsado').first().isVisible(), WAIT).toBe(true);
      await shoot(adminPage, 'admin-reembolsado');
      const [after] = await handle.db.select().from(featureOrders).where(eq(featureOrders.id, refunded));
      expect(after!.status).toBe('refunded');
      await admin.close();
    },
    SLOW,
  );
});
