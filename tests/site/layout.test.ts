// The layout check that cannot drift: one browser, one pass over every page and dialog of the visitor,
// the owner and the admin (listed below) at 390x844 and 1280x800. It fails when the document scrolls
// sideways, when an element with text overflows its box, or when a dialog's actions (its footer and
// close button) fall outside the window. With SCREENS_DIR=<dir> (`npm run screens`) it also saves a
// screenshot of each into <dir>, so anyone can look at the whole product in a minute.
// A new page or dialog gets a line in VISITOR, OWNER or ADMIN.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  categories,
  engagementEvents,
  featureOrders,
  featurePlans,
  groupHolds,
  groupReports,
  groupRevisions,
  groups,
  holdAppeals,
  legalNotices,
  orderRefunds,
  users,
} from '../../db/schema.ts';
import { addDays } from '../../src/features/panel/engage.ts';
import { rankGroups } from '../../src/features/ranking/ranking.server.ts';
import { launchBrowser } from '../support/browser.ts';
import { SITE_INVITES, setFakeInvite } from '../support/fake-whatsapp.ts';
import { withSiteDb } from '../support/site-db.ts';

const site = inject('siteUrl');
const shots = process.env.SCREENS_DIR ? path.resolve(process.env.SCREENS_DIR) : undefined;
if (shots) mkdirSync(shots, { recursive: true });
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const WAIT = { timeout: 45_000 };

interface Screen {
  name: string;
  path: string;
  /** what to do once the page is ready: open a dialog, pick a filter... */
  act?: (page: Page) => Promise<void>;
}

/** Click a button or link by its accessible name and wait for the dialog it opens. */
const openDialog = (name: string | RegExp, dialog?: string | RegExp) => async (page: Page) => {
  await page.getByRole('button', { name }).first().click();
  await page.getByRole('dialog', dialog ? { name: dialog } : {}).waitFor(WAIT);
};
/** Open an edit dialog and wait for its form (not the skeleton shown while categories load). */
const openForm = (name: string | RegExp) => async (page: Page) => {
  await openDialog(name)(page);
  await page.getByRole('dialog').locator('form').waitFor(WAIT);
};
const pick = (name: string | RegExp) => async (page: Page) => {
  await page
    .getByRole('button', { name, exact: typeof name === 'string' })
    .first()
    .click();
  await quiet(page);
};

// --- The screens ------------------------------------------------------------------------------------
let groupPage = '/';
let categoryPage = '/categorias';
let adultPage = '/categorias';
let brokenLinkPage = '/link-quebrado';

const VISITOR: Screen[] = [
  { name: 'home', path: '/' },
  { name: 'categorias', path: '/categorias' },
  { name: 'categoria', path: '' /* set in beforeAll */ },
  { name: 'grupo', path: '' },
  { name: 'grupo-denunciar', path: '', act: openDialog(/Denunciar/) },
  { name: 'grupos', path: '/grupos' },
  // With filters, so their chips are laid out too (this replaced search.test's sideways-scroll check).
  { name: 'buscar', path: '/buscar?q=grupo&minCliques=1&dateAfter=2020-01-01' },
  { name: 'enviar', path: '/enviar' },
  {
    name: 'enviar-previa',
    path: '/enviar',
    act: async (page) => {
      await page.getByLabel('Título do grupo').fill('Trilhas de Fim de Semana no Parque Estadual');
      await page.getByLabel('Descrição').fill('Caminhadas leves aos sábados. Traga água e protetor.');
      await page.getByLabel('Link de convite').fill(`https://chat.whatsapp.com/${SITE_INVITES.live.code}`);
      await page.getByLabel('Link de convite').blur();
      await quiet(page);
    },
  },
  {
    // Sent without an account: what happens next, and the invitation to follow it (#45).
    name: 'enviar-sucesso',
    path: '/enviar',
    act: async (page) => {
      await page.getByLabel('Link de convite').fill(`https://chat.whatsapp.com/${SUCCESS_INVITE}`);
      await page.getByLabel('Título do grupo').fill('Corrida no Parque aos Domingos de Manhã');
      await page.getByLabel('Descrição').fill('Treinos leves de 5 km aos domingos, todos os ritmos.');
      await page.getByLabel('Categoria').selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Enviar grupo' }).click();
      await page.getByRole('heading', { name: 'Grupo enviado com sucesso!' }).waitFor(WAIT);
    },
  },
  { name: 'planos-destaque', path: '/planos-destaque' },
  { name: 'auth-entrar', path: '/auth' },
  { name: 'auth-criar-conta', path: '/auth?tab=register' },
  { name: 'esqueci-senha', path: '/auth/esqueci-senha' },
  { name: 'nova-senha', path: '/auth/nova-senha' },
  {
    // After a successful reset. The answer is stubbed: a real token is the mail test's journey.
    name: 'nova-senha-pronta',
    path: '/auth/nova-senha?token=layout',
    act: async (page) => {
      const confirm = '**/api/password-reset/confirm';
      await page.route(confirm, (route) =>
        route.fulfill({ json: { message: 'Senha alterada. Entre com a nova senha.' } }),
      );
      await page.getByLabel(/^Nova senha/).fill('senha-nova-123');
      await page.getByLabel('Confirmar nova senha').fill('senha-nova-123');
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();
      await page.getByRole('heading', { name: 'Senha alterada' }).waitFor(WAIT);
      await page.unroute(confirm);
    },
  },
  { name: 'lembretes-cancelados', path: '/lembretes-cancelados' },
  // The legal pages (the transparency report, #41), the legal notice form (empty, then refused with its errors), the closed 18+
  // category and the stopped join's page (#31, #33).
  { name: 'privacidade', path: '/privacidade' },
  { name: 'termos', path: '/termos' },
  { name: 'transparencia', path: '/transparencia' },
  { name: 'como-ordenamos', path: '/como-ordenamos' },
  // Without a term: every public group by 'Relevância'; no result: what it offers instead (#43).
  { name: 'buscar-todos', path: '/buscar' },
  { name: 'buscar-sem-resultado', path: '/buscar?q=xyzqwkjhg' },
  { name: 'denuncia-juridica', path: '/denuncia-juridica' },
  {
    name: 'denuncia-juridica-erros',
    path: '/denuncia-juridica',
    act: async (page) => {
      await page.getByRole('button', { name: 'Enviar denúncia' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor(WAIT);
    },
  },
  { name: 'categoria-18', path: '' /* set in beforeAll */ },
  // With its related groups, of the category with the longest name ('Ver todos os grupos de …', #45).
  { name: 'link-quebrado', path: '' /* set in beforeAll */ },
  { name: 'offline', path: '/offline' },
  { name: 'nao-encontrada', path: '/pagina-que-nao-existe' },
  { name: 'admin-login', path: '/admin/login' },
];

const OWNER: Screen[] = [
  { name: 'painel', path: '/painel' },
  // The header once logged in: the initial and its menu (the phone's menu at 390, the desktop's at 1280).
  {
    name: 'conta-menu',
    path: '/',
    act: async (page) => {
      await page
        .locator('html[data-session="user"] details[data-account-menu]')
        .waitFor({ state: 'attached', ...WAIT });
      await page.evaluate(() => {
        for (const menu of document.querySelectorAll<HTMLDetailsElement>('details[data-header-menu]'))
          menu.open = true;
      });
    },
  },
  {
    name: 'painel-estatisticas',
    path: '/painel',
    act: async (page) => {
      const card = page
        .getByRole('region', { name: 'Meus Grupos' })
        .locator('> *')
        .filter({ hasText: 'Aprovado —' });
      await card.getByRole('button', { name: 'Estatísticas', exact: true }).click();
      await card.locator('[data-stats-chart] canvas').waitFor(WAIT);
    },
  },
  { name: 'painel-qr-selo', path: '/painel', act: openDialog('QR code e selo', 'QR code e selo') },
  { name: 'painel-editar', path: '/painel', act: openForm(/^Editar /) },
  { name: 'painel-excluir', path: '/painel', act: openDialog(/^Excluir /) },
  { name: 'painel-atualizar-link', path: '/painel', act: openDialog(/^Atualizar link de /) },
  // Hidden by an admin: the reason and 'Contestar' (#41).
  { name: 'painel-contestar', path: '/painel', act: openDialog(/^Contestar: /, 'Contestar a decisão') },
  // The local mail viewer (npm start's): the list and the e-mail about the owner's dead link.
  { name: 'emails-locais', path: '/__platform/mail' },
  {
    name: 'emails-local-mensagem',
    path: '/__platform/mail',
    act: async (page) => {
      await page.getByRole('link', { name: 'O link do seu grupo parou de funcionar' }).first().click();
      await page.waitForLoadState('load');
    },
  },
  { name: 'painel-meus-dados', path: '/painel#meus-dados' },
  // A query of their own: going to the same address again would only move to its #, with the last
  // screen's dialog still open.
  { name: 'painel-alterar-email', path: '/painel?tela=email#meus-dados', act: openDialog('Alterar e-mail') },
  { name: 'painel-alterar-senha', path: '/painel?tela=senha#meus-dados', act: openDialog('Alterar senha') },
  {
    name: 'painel-excluir-conta',
    path: '/painel?tela=excluir#meus-dados',
    act: openDialog('Excluir minha conta', 'Excluir sua conta?'),
  },
  // Choosing the plan for a group (set in ownerContext), then the one review step: the payment page of
  // the pending order, with the ways to pay and the contract's summary.
  { name: 'planos-destaque-escolha', path: '', act: pick(/^Destaque 7 dias/) },
  { name: 'pagar-destaque', path: '' },
  {
    // The same step when Mercado Pago charges: its ways to pay, Pix first. The provider's name is stubbed
    // (the platform has no Mercado Pago keys); the order and the page are real.
    name: 'pagar-destaque-mercado-pago',
    path: '',
    act: async (page) => {
      const methods = '**/api/active-payment-methods';
      await page.route(methods, (route) =>
        route.fulfill({ json: { active: true, provider: 'mercadopago' } }),
      );
      await page.reload();
      await page.getByRole('list', { name: /Mercado Pago/ }).waitFor(WAIT);
      await page.unroute(methods);
    },
  },
  {
    name: 'painel-destaques',
    path: '/painel',
    act: async (page) => void (await page.getByRole('tab', { name: 'Meus Destaques' }).click()),
  },
];

const ADMIN: Screen[] = [
  { name: 'admin-dashboard', path: '/admin' },
  { name: 'admin-pendentes', path: '/admin', act: pick('Pendentes') },
  { name: 'admin-links-quebrados', path: '/admin', act: pick('Links quebrados') },
  { name: 'admin-revisoes', path: '/admin', act: pick('Revisões') },
  { name: 'admin-editar-grupo', path: '/admin', act: openForm(/^Editar /) },
  // The crown asks first, naming the group and the days (#45).
  { name: 'admin-destacar', path: '/admin', act: openDialog(/^Destacar .+ por 30 dias$/) },
  { name: 'admin-excluir-grupo', path: '/admin', act: openDialog(/^Excluir /) },
  { name: 'admin-categorias', path: '/admin/categorias' },
  { name: 'admin-nova-categoria', path: '/admin/categorias', act: openDialog('Nova categoria') },
  { name: 'admin-anuncios', path: '/admin/anuncios' },
  { name: 'admin-novo-anuncio', path: '/admin/anuncios', act: openDialog('Novo anúncio') },
  { name: 'admin-planos', path: '/admin/planos' },
  { name: 'admin-novo-plano', path: '/admin/planos', act: openDialog('Novo plano') },
  { name: 'admin-denuncias', path: '/admin/denuncias' },
  { name: 'admin-pagamentos', path: '/admin/payments' },
  { name: 'admin-config-pagamento', path: '/admin/payment-settings' },
  { name: 'admin-pwa', path: '/admin/pwa-settings' },
  { name: 'admin-sitemap', path: '/admin/sitemap' },
  { name: 'admin-importacao', path: '/admin/importacao' },
  // A pending legal notice (set in beforeAll), on its clock, and the decision dialog.
  { name: 'admin-notificacoes-juridicas', path: '/admin/notificacoes-juridicas' },
  { name: 'admin-contestacoes', path: '/admin/contestacoes' },
  {
    name: 'admin-notificacao-decisao',
    path: '/admin/notificacoes-juridicas',
    act: openDialog('Manter'),
  },
  {
    name: 'admin-menu',
    path: '/admin',
    act: async (page) => {
      const open = page.getByRole('button', { name: 'Abrir menu' });
      if (await open.isVisible()) await open.click();
    },
  },
];

// --- The checks --------------------------------------------------------------------------------------

/** What is wrong with the page as it stands, in words a person can act on (empty: nothing). */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const label = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const cls = typeof el.className === 'string' ? el.className.split(' ').slice(0, 3).join('.') : '';
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> "${text}"`;
    };
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1)
      problems.push(`the page scrolls sideways (${doc.scrollWidth}px in a ${window.innerWidth}px window)`);
    // Shown to a person: not display:none or hidden, and not inside skipped content (a closed
    // <details>, such as the header's mobile menu, keeps its links laid out at zero width: they are
    // not on screen, so their 'overflow' is no problem anyone sees).
    const visible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return false;
      return el.checkVisibility({ visibilityProperty: true });
    };
    // The nearest ancestor that draws a box around its content (a background or a side border), or
    // null when a clipping or scrolling ancestor (a deliberate scroller) comes first.
    const drawnBox = (el: Element): Element | null => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX !== 'visible') return null;
        const background = style.backgroundColor;
        const painted = background !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(background);
        if (
          painted ||
          Number.parseFloat(style.borderLeftWidth) > 0 ||
          Number.parseFloat(style.borderRightWidth) > 0
        )
          return box;
      }
      return null;
    };
    // Text spilling out of its box: an element holding text whose content is wider than it, where
    // nothing clips or scrolls it (a deliberate 'truncate' or a scroller is fine).
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (
        !(el instanceof HTMLElement) ||
        [
          'svg',
          'textarea',
          'input',
          'select',
          'option',
          'script',
          'style',
          'canvas',
          'iframe',
          'img',
        ].includes(el.tagName.toLowerCase())
      )
        continue;
      const ownText = Array.from(el.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim(),
      );
      if (!ownText || !visible(el)) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.display === 'contents') continue;
      if (style.overflowX !== 'visible' || style.textOverflow === 'ellipsis') continue;
      if (el.closest('[aria-hidden="true"], .sr-only')) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        problems.push(`text overflows its box by ${el.scrollWidth - el.clientWidth}px: ${label(el)}`);
      // ...or a whole element with text sticking out of the card, dialog or bar drawn around it (a row
      // of buttons too long for its card: each button fits its text, the row leaves the card).
      const box = drawnBox(el);
      if (box) {
        const [inner, outer] = [el.getBoundingClientRect(), box.getBoundingClientRect()];
        const out = Math.max(outer.left - inner.left, inner.right - outer.right);
        if (out > 1) problems.push(`text sticks out of ${label(box)} by ${Math.round(out)}px: ${label(el)}`);
      }
    }
    // A dialog's actions must be in the window without scrolling the page.
    for (const dialog of Array.from(document.querySelectorAll('[role="dialog"]'))) {
      if (!visible(dialog)) continue;
      const actions = Array.from(
        dialog.querySelectorAll('[data-dialog-footer] button, [data-dialog-footer] a, :scope > button'),
      ).filter(visible);
      for (const el of actions) {
        const r = el.getBoundingClientRect();
        if (r.left < 0 || r.top < 0 || r.right > window.innerWidth + 1 || r.bottom > window.innerHeight + 1)
          problems.push(`a dialog's button is outside the window: ${label(el)}`);
      }
      for (const el of Array.from(dialog.querySelectorAll('button, a[href]')).filter(visible)) {
        const r = el.getBoundingClientRect();
        if (r.left < 0 || r.right > window.innerWidth + 1)
          problems.push(`a dialog's button is cut at the side: ${label(el)}`);
      }
    }
    return problems;
  });
}

/** Open a screen ready to look at: loaded, islands hydrated (those in view), acted on, data fetched. */
async function visit(page: Page, screen: Screen) {
  await page.goto(`${site}${screen.path}`, { waitUntil: 'load' });
  await page
    .waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="load"]').length === 0, null, {
      timeout: 15_000,
    })
    .catch(() => undefined);
  if (screen.act) await screen.act(page);
  await quiet(page);
}

/** Requests of a page in flight, and when the last one started or ended (see quiet()). */
const traffic = new WeakMap<Page, { inFlight: number; since: number }>();
const QUIET_MS = 200;

function trackTraffic(page: Page) {
  const state = { inFlight: 0, since: Date.now() };
  traffic.set(page, state);
  const ended = () => {
    state.inFlight = Math.max(0, state.inFlight - 1);
    state.since = Date.now();
  };
  page.on('request', () => {
    state.inFlight++;
    state.since = Date.now();
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/**
 * Until no request has been in flight for QUIET_MS (the islands' data has come), or 15 s. Playwright's
 * 'networkidle' is the same with 500 ms, paid on every one of the ~70 screens.
 */
async function quiet(page: Page) {
  const state = traffic.get(page)!;
  const end = Date.now() + 15_000;
  while (Date.now() < end && (state.inFlight > 0 || Date.now() - state.since < QUIET_MS))
    await new Promise((resolve) => setTimeout(resolve, 25));
}

/** Wait for the next frames and for every finite animation or transition (a drawer sliding) to end. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

// Each screen is opened once, at the phone's width, and looked at again at the desktop's: the layout is
// CSS only (no component reads the window's width; the chart follows its box), and one load per screen
// instead of two halves the time the check takes.
async function check(context: BrowserContext, role: string, screens: Screen[]) {
  const problems: string[] = [];
  const page = await context.newPage();
  trackTraffic(page);
  for (const screen of screens) {
    await page.setViewportSize(VIEWPORTS[0]);
    const where = (width: number, height: number) =>
      `${role} ${screen.name} (${screen.path}) at ${width}x${height}`;
    try {
      await visit(page, screen);
    } catch (error) {
      problems.push(
        `${where(VIEWPORTS[0].width, VIEWPORTS[0].height)}: could not be shown (${(error as Error).message.split('\n')[0]})`,
      );
      continue;
    }
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await settle(page);
      for (const problem of await layoutProblems(page))
        problems.push(`${where(viewport.width, viewport.height)}: ${problem}`);
      if (shots) {
        const dialog = await page.getByRole('dialog').count();
        await page.screenshot({
          path: path.join(shots, `${role}-${screen.name}-${viewport.width}.png`),
          fullPage: dialog === 0,
        });
      }
    }
  }
  await page.close();
  return problems;
}

// --- The data the screens show -----------------------------------------------------------------------
let browser: Browser;
let brokenId = '';
let liveId = '';
const stamp = Date.now().toString(36);
/** A live invite of its own for the submission the success screen needs (no other test sends it). */
const SUCCESS_INVITE = `LayoutSent${stamp}`.slice(0, 22);

beforeAll(async () => {
  browser = await launchBrowser();
  await withSiteDb(async (db) => {
    const [group] = await db
      .select({ slug: categories.slug, titleSlug: groups.titleSlug })
      .from(groups)
      .innerJoin(categories, eq(categories.id, groups.categoryId))
      // An 18+ group's page is public to nobody (decision 0010).
      .where(and(eq(groups.approved, true), isNull(groups.hiddenAt), eq(categories.adult, false)))
      .orderBy(asc(groups.createdAt))
      .limit(1);
    groupPage = `/${group!.slug}/${group!.titleSlug}`;
    categoryPage = `/categoria/${group!.slug}`;
    const [adult] = await db.select().from(categories).where(eq(categories.adult, true)).limit(1);
    adultPage = `/categoria/${adult!.slug}`;
    const [longest] = await db
      .select({ id: groups.id, slug: categories.slug })
      .from(groups)
      .innerJoin(categories, eq(categories.id, groups.categoryId))
      .where(and(eq(groups.approved, true), isNull(groups.hiddenAt), eq(categories.adult, false)))
      .orderBy(sql`length(${categories.name}) desc`)
      .limit(1);
    brokenLinkPage = `/link-quebrado?grupo=${longest!.id}&categoria=${longest!.slug}`;
    await db.insert(legalNotices).values({
      kind: 'illegal_content',
      groupTitle: 'Grupo denunciado com um título comprido para ver a quebra de linha',
      groupUrl: `${site}${groupPage}`,
      name: 'Maria Notificante',
      email: `notificante-${stamp}@teste.local`,
      description: 'O grupo vende produtos falsificados com marca registrada, todos os dias.',
      addressHash: `layout-${stamp}`,
    });
    await groupsEmAlta(db, group!.slug);
  });
  await setFakeInvite(inject('whatsappUrl'), SUCCESS_INVITE, { kind: 'live', title: 'Corrida no Parque' });
  for (const screen of VISITOR) {
    if (screen.name === 'categoria') screen.path = categoryPage;
    if (screen.name === 'categoria-18') screen.path = adultPage;
    if (screen.name === 'link-quebrado') screen.path = brokenLinkPage;
    if (screen.name.startsWith('grupo') && screen.name !== 'grupos') screen.path = groupPage;
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** An owner with a group in each state the panel words differently, logged in in its own context. */
async function ownerContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const email = `layout-${stamp}@teste.local`;
  const res = await context.request.post(`${site}/api/register`, {
    data: {
      name: 'Dona das Telas',
      email,
      password: 'senha-forte-123',
      confirmPassword: 'senha-forte-123',
      adult: true,
    },
  });
  expect(res.status()).toBe(201);
  await withSiteDb(async (db) => {
    const [owner] = await db.select().from(users).where(eq(users.email, email));
    await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, owner!.id));
    const [category] = await db
      .select()
      .from(categories)
      .where(eq(categories.adult, false))
      .orderBy(asc(categories.position))
      .limit(1);
    const make = (name: string, values: Partial<typeof groups.$inferInsert>) => {
      const code = `Layout${stamp}${name}`.slice(0, 22);
      return db
        .insert(groups)
        .values({
          title: `${name} — grupo de teste das telas com um título comprido`,
          description: 'Um grupo para ver cada estado do painel.',
          link: `https://chat.whatsapp.com/${code}`,
          inviteCode: code,
          categoryId: category!.id,
          titleSlug: `layout-${stamp}-${name.toLowerCase()}`,
          userId: owner!.id,
          ...values,
        })
        .returning({ id: groups.id });
    };
    const [live] = await make('Aprovado', { approved: true });
    liveId = live!.id;
    await make('Pendente', { approved: false });
    // Hidden for its dead link by the admin's checks below, which also send the owner its e-mail.
    const [broken] = await make('Quebrado', { approved: true });
    brokenId = broken!.id;
    // Reported after an admin kept it: the reports queue shows its 30-day window.
    const [refused] = await make('Recusado', { approved: true, reportsKeptAt: new Date() });
    await db.insert(groupReports).values({
      groupId: refused!.id,
      reason: 'spam',
      description: 'Mandam propaganda o dia inteiro.',
      reporterHash: `layout-${stamp}`,
    });
    await db.insert(groupRevisions).values({
      groupId: refused!.id,
      userId: owner!.id,
      title: 'Título proposto',
      description: 'Descrição proposta',
      categoryId: category!.id,
      status: 'rejected',
      reason: 'A descrição tinha propaganda de outro grupo.',
      reviewedAt: new Date(),
    });
    // Hidden by an admin (a hold with its reason): 'Contestar' in the panel; a second one already
    // contested, for the admin's 'Contestações' (#41).
    for (const name of ['Oculto', 'Contestado']) {
      const [held] = await make(name, { approved: true, hiddenAt: new Date(), hiddenReason: 'admin' });
      const [hold] = await db
        .insert(groupHolds)
        .values({ groupId: held!.id, reason: 'admin', note: 'Divulgação de apostas sem autorização' })
        .returning();
      if (name === 'Contestado')
        await db.insert(holdAppeals).values({
          holdId: hold!.id,
          groupId: held!.id,
          userId: owner!.id,
          text: 'O grupo é de futebol amador; a mensagem de apostas foi de um membro que já saiu do grupo.',
        });
    }
    // A withdrawal whose refund the provider has not made yet (#41): 'Reembolso em processamento' in
    // 'Meus Destaques', and in the admin's 'Reembolsos pendentes' with the provider's last error.
    const [cheapest] = await db.select().from(featurePlans).orderBy(asc(featurePlans.days)).limit(1);
    const [withdrawn] = await db
      .insert(featureOrders)
      .values({
        userId: owner!.id,
        groupId: live!.id,
        planId: cheapest!.id,
        price: cheapest!.price,
        days: cheapest!.days,
        status: 'refunded',
        startDate: new Date(Date.now() - 86_400_000),
        endDate: new Date(),
        paymentMethod: 'stripe',
        paymentId: `cs_test_layout${stamp}`,
      })
      .returning();
    await db.insert(orderRefunds).values({
      orderId: withdrawn!.id,
      source: 'owner',
      requestedBy: owner!.id,
      provider: 'stripe',
      amount: cheapest!.price,
      status: 'pending',
      attempts: 2,
      lastError: 'sem resposta: An unknown error occurred with your request.',
      nextAttemptAt: new Date(Date.now() + 15 * 60_000),
    });
    // A pending change for the admin's 'Revisões'.
    const [changing] = await make('Alterando', { approved: true });
    await db.insert(groupRevisions).values({
      groupId: changing!.id,
      userId: owner!.id,
      title: 'Alterando — um título novo bem mais comprido para ver a quebra de linha',
      description: 'Um grupo para ver cada estado do painel.',
      categoryId: category!.id,
    });
    // Thirty days of joins and shares for the stats chart.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await db.insert(engagementEvents).values(
      Array.from({ length: 30 }, (_, i) => ({
        kind: (i % 3 ? 'group_click' : 'group_share') as 'group_click' | 'group_share',
        targetId: live!.id,
        day: addDays(today, -(i % 30)),
        visitorHash: `layout-${i}`,
      })),
    );
  });
  await killLink(brokenId);
  // A pending order of the approved group: its payment page shows the contract before paying.
  const [plan] = await withSiteDb((db) => db.select().from(featurePlans).orderBy(asc(featurePlans.days)));
  const order = await context.request.post(`${site}/api/feature-orders`, {
    headers: { origin: site },
    data: { groupId: liveId, planId: plan!.id },
  });
  expect(order.status(), await order.text()).toBe(201);
  OWNER.find((screen) => screen.name === 'planos-destaque-escolha')!.path =
    `/planos-destaque?groupId=${liveId}`;
  const payment = OWNER.find((screen) => screen.name === 'pagar-destaque')!;
  payment.path = `/pagar-destaque/${((await order.json()) as { id: string }).id}`;
  OWNER.find((screen) => screen.name === 'pagar-destaque-mercado-pago')!.path = payment.path;
  return context;
}

/**
 * 'Em alta' with rows (#43): joins this week for four public groups of the category, more each, and
 * the ranking run. The built pages had none: their rows come from the API on the visit.
 */
async function groupsEmAlta(db: Db, categorySlug: string) {
  const picked = await db
    .select({ id: groups.id })
    .from(groups)
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .where(and(eq(groups.approved, true), isNull(groups.hiddenAt), eq(categories.slug, categorySlug)))
    .orderBy(asc(groups.createdAt))
    .limit(4);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await db.insert(engagementEvents).values(
    picked.flatMap(({ id }, rank) =>
      Array.from({ length: 12 + 10 * rank }, (_, i) => ({
        kind: 'group_click' as const,
        targetId: id,
        day: addDays(today, -(i % 5)),
        visitorHash: `em-alta-${id}-${i}`,
        networkHash: `em-alta-${i}`,
      })),
    ),
  );
  await rankGroups(db);
}

/** A group's invite stops opening: two dead answers an hour apart hide it and e-mail its owner. */
async function killLink(groupId: string) {
  const [group] = await withSiteDb((db) =>
    db.select({ code: groups.inviteCode }).from(groups).where(eq(groups.id, groupId)),
  );
  await setFakeInvite(inject('whatsappUrl'), group!.code, { kind: 'dead' });
  const admin = await adminContext();
  const check = async () => {
    const res = await admin.request.post(`${site}/api/admin/groups/${groupId}/check-link`);
    expect(res.status()).toBe(200);
    return (await res.json()) as { hidden: boolean };
  };
  expect(await check()).toMatchObject({ hidden: false });
  await withSiteDb((db) =>
    db.update(groups).set({ linkDeadAt: sql`now() - interval '61 minutes'` }).where(eq(groups.id, groupId)),
  );
  expect(await check()).toMatchObject({ hidden: true });
  await admin.close();
}

async function adminContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const res = await context.request.post(`${site}/api/login?admin=1`, {
    data: { email: inject('adminEmail'), password: inject('adminPassword') },
  });
  expect(res.status()).toBe(200);
  return context;
}

describe('layout at 390x844 and 1280x800', { timeout: 900_000 }, () => {
  it('visitor pages: nothing scrolls sideways, spills out of its box or falls out of a dialog', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    const problems = await check(context, 'visitante', VISITOR);
    await context.close();
    expect(problems).toEqual([]);
  });

  it("owner's panel and each of its dialogs", async () => {
    const context = await ownerContext();
    const problems = await check(context, 'dono', OWNER);
    await context.close();
    expect(problems).toEqual([]);
  });

  it('admin screens, their dialogs and states', async () => {
    const context = await adminContext();
    const problems = await check(context, 'admin', ADMIN);
    await context.close();
    expect(problems).toEqual([]);
  });
});
