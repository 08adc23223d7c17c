// The Content-Security-Policy written at build (src/integrations/csp.ts) in real Chromium: the pages
// that run the most script (home, a group page, /buscar with Pagefind suggestions, /enviar, /painel and
// the admin) raise no `securitypolicyviolation` and log no CSP error, while an injected inline script
// is blocked (so the probe itself can fail).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';

const site = inject('siteUrl');
const LONG = { timeout: 60_000 };
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text()))
      consoleErrors.push(message.text());
  });
});
afterAll(() => browser?.close());

const violations = () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

/** A page's island, once Astro hydrated it (it drops `ssr` then): its script was allowed to run. */
const hydrated = (name: string) =>
  page
    .locator('astro-island:not([ssr])', { has: page.getByRole('button', { name, exact: true }) })
    .first()
    .waitFor({ state: 'attached', ...LONG });

/**
 * Open a page and run `act`, which must show that the page's own scripts ran (an island hydrated, a
 * dialog opened): "no violation" means something only when the scripts it protects were loaded.
 */
async function visit(path: string, act: () => Promise<void>) {
  await page.goto(`${site}${path}`, { waitUntil: 'load' });
  await act();
  // What the scripts fetch after that (chunks, the API) is done before the events are read.
  await page.waitForLoadState('networkidle', LONG);
  expect(await violations(), path).toEqual([]);
}

describe('Content-Security-Policy', { timeout: 300_000 }, () => {
  it('is sent with every page: no inline scripts without a hash, WebAssembly for Pagefind', async () => {
    const res = await fetch(`${site}/`);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('raises no violation on the public pages, search with suggestions and the submission form', async () => {
    const recent = (await (await fetch(`${site}/api/groups/recent?page=1`)).json()) as
      | { path: string }[]
      | { groups: { path: string }[] };
    const list = Array.isArray(recent) ? recent : recent.groups;
    // The newest group whose page answers (pre-rendered or on demand: both carry their policy).
    let groupPath = '';
    for (const group of list) {
      if ((await fetch(`${site}${group.path}`)).status === 200) {
        groupPath = group.path;
        break;
      }
    }
    expect(groupPath).not.toBe('');
    // Pagefind (WebAssembly) loads when the visitor types in the header's suggestions box.
    await visit('/', async () => {
      const box = page.getByRole('combobox', { name: 'Buscar grupos' }).first();
      const wasm = page.waitForResponse((r) => /\/pagefind\/.*\.(wasm|pf_meta)/.test(r.url()), LONG);
      await box.focus();
      await box.pressSequentially('grupo');
      await wasm;
    });
    // The group page loads its report dialog (React, Zod) only on demand.
    await visit(groupPath, async () => {
      await page.getByRole('button', { name: 'Denunciar' }).click();
      await page.getByRole('dialog', { name: 'Denunciar grupo' }).waitFor(LONG);
    });
    await visit('/buscar', async () => {
      // Before the search island hydrates (Astro then drops its `ssr`), the form is the plain GET one.
      await page
        .locator('astro-island:not([ssr])', { has: page.getByLabel('Termo de busca') })
        .waitFor({ state: 'attached', ...LONG });
      await page.getByLabel('Termo de busca').fill('grupo');
      await page.getByRole('button', { name: 'Buscar', exact: true }).click();
      await page.waitForURL(/\?q=grupo$/, LONG);
      await page.getByRole('article').first().waitFor(LONG);
    });
    await visit('/enviar', () => hydrated('Enviar grupo'));
    expect(consoleErrors).toEqual([]);
  });

  it('raises no violation on /painel and the admin, logged in', async () => {
    await visit('/admin/login', () => hydrated('Entrar'));
    await page.getByLabel('E-mail').fill(inject('adminEmail'));
    await page.getByLabel('Senha').fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${site}/admin`, { timeout: 60_000 });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor(LONG);
    expect(await violations()).toEqual([]);
    await visit('/admin/categorias', () => hydrated('Nova categoria'));
    await visit('/painel', () => page.getByRole('button', { name: 'Sair', exact: true }).waitFor(LONG));
    expect(consoleErrors).toEqual([]);
  });

  it('blocks an inline script that was not in the build', async () => {
    await page.goto(`${site}/`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    await expect.poll(violations, LONG).toHaveLength(1);
    expect(
      await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
    ).toBeUndefined();
  });
});
