// /buscar in real Chromium against the local platform: the form, 'Filtros Avançados', the chips, the
// URL as state (back/forward), pagination, every group without a term, empty/error states. And the search box's Pagefind
// suggestions: the real SearchBox bundled with esbuild, over a real Pagefind index of group records.
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { writeSearchIndex } from '../../src/features/search/pagefind.ts';
import { launchBrowser } from '../support/browser.ts';

const site = inject('siteUrl');

interface ApiPage {
  groups: { title: string; cliques: number; createdAt: string }[];
  pagination: { total: number; pages: number };
}
async function api(query: string): Promise<ApiPage> {
  const response = await fetch(`${site}/api/groups?${query}`);
  if (!response.ok) throw new Error(`/api/groups?${query} -> ${response.status}: ${await response.text()}`);
  return (await response.json()) as ApiPage;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  await page.goto(`${site}${path}`, { timeout: 90_000 });
  // Astro drops `ssr` from an island once it has hydrated; before that the form is the plain GET one.
  // Wait for the island that holds the form: the header's suggestions box is an island too.
  await page
    .locator('astro-island:not([ssr])', { has: page.getByLabel('Termo de busca') })
    .waitFor({ state: 'attached', timeout: 60_000 });
  return page;
}
// Searches go through the real functions and database: give them time.
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const heading = (page: Page) => page.getByRole('heading', { level: 2 }).first();
const chips = (page: Page) => page.getByRole('list', { name: 'Filtros aplicados' }).getByRole('listitem');

describe('/buscar (static HTML)', () => {
  it('is readable before JavaScript: title, a GET form with the filters, the initial state', async () => {
    const html = await (await fetch(`${site}/buscar`)).text();
    expect(html).toContain('<title>Buscar Grupos');
    expect(html).toMatch(/<form[^>]*action="\/buscar"[^>]*method="get"/);
    expect(html).toContain('name="q"');
    for (const name of ['minCliques', 'maxCliques', 'dateAfter', 'dateBefore', 'sortBy', 'categoria'])
      expect(html).toContain(`name="${name}"`);
    expect(html).toContain('Filtros Avançados');
    // Without a term the page lists every group (#43): before the island, its placeholders.
    expect(html).toContain('Carregando resultados');
    expect(html).toContain('href="/como-ordenamos"');
  });
});

describe('/buscar in the browser', () => {
  it('searches from the form, filters with chips, and replays every step with back/forward', async () => {
    const page = await open('/buscar');
    // No term: every public group by 'Relevância' ('Ver todos' under 'Últimos Grupos' leads here).
    const everything = await api('search=');
    await poll(() => heading(page).textContent()).toBe(`Todos os grupos (${everything.pagination.total})`);
    expect(await chips(page).allTextContents()).toEqual(['Ordenado por: Relevância']);

    await page.getByLabel('Termo de busca').fill('  grupo  ');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL(/\?q=grupo$/);
    const all = await api('search=grupo');
    await poll(() => heading(page).textContent()).toBe(
      `Resultados para "grupo" (${all.pagination.total} encontrados)`,
    );
    expect(await chips(page).allTextContents()).toEqual(['Ordenado por: Relevância']);
    expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(6);

    // Filters: min clicks, then max too, then a date.
    await page.getByText('Filtros Avançados').click();
    await page.getByLabel('Mínimo de cliques').fill('100');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL(/minCliques=100/);
    await poll(() => chips(page).allTextContents()).toEqual([
      'Ordenado por: Relevância',
      'Cliques: mín. 100',
    ]);
    const min = await api('search=grupo&minCliques=100');
    await poll(() => heading(page).textContent()).toBe(
      `Resultados para "grupo" (${min.pagination.total} encontrados)`,
    );

    await page.getByLabel('Máximo de cliques').fill('3000');
    await page.getByLabel('Criado após').fill('2020-01-31');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL(/maxCliques=3000/);
    await poll(() => chips(page).allTextContents()).toEqual([
      'Ordenado por: Relevância',
      'Cliques: 100 a 3000',
      'Data: após 31/01/2020',
    ]);

    // Sort applies at once.
    await page.getByLabel('Ordenar por').selectOption('createdAt');
    await page.waitForURL(/sortBy=createdAt/);
    await poll(() => chips(page).first().textContent()).toBe('Ordenado por: Novos');
    const sorted = await api(
      'search=grupo&minCliques=100&maxCliques=3000&dateAfter=2020-01-31&sortBy=createdAt',
    );
    await poll(() => page.getByRole('article').getByRole('heading', { level: 3 }).first().textContent()).toBe(
      sorted.groups[0]!.title,
    );

    // Removing a chip drops that filter only.
    await page.getByRole('button', { name: 'Remover filtro Cliques: 100 a 3000' }).click();
    await page.waitForURL((url) => !url.search.includes('Cliques'));
    await poll(() => chips(page).allTextContents()).toEqual(['Ordenado por: Novos', 'Data: após 31/01/2020']);
    expect(await page.getByLabel('Mínimo de cliques').inputValue()).toBe('');

    // Back: the removed filter returns, in the chips and in the form.
    await page.goBack();
    await poll(() => chips(page).allTextContents()).toEqual([
      'Ordenado por: Novos',
      'Cliques: 100 a 3000',
      'Data: após 31/01/2020',
    ]);
    expect(await page.getByLabel('Mínimo de cliques').inputValue()).toBe('100');
    await page.goBack(); // before the sort change
    await poll(() => chips(page).first().textContent()).toBe('Ordenado por: Relevância');
    await page.goBack();
    await page.goBack();
    await poll(() => chips(page).allTextContents()).toEqual(['Ordenado por: Relevância']);
    expect(await page.getByLabel('Termo de busca').inputValue()).toBe('grupo');
    await page.goBack();
    await poll(() => heading(page).textContent()).toBe(`Todos os grupos (${everything.pagination.total})`);
    await page.goForward();
    await poll(() => heading(page).textContent()).toBe(
      `Resultados para "grupo" (${all.pagination.total} encontrados)`,
    );
    await page.close();
  });

  it('opens from a shared link (?q= from the header and home) and pages through results', async () => {
    const page = await open('/buscar?q=grupo&dateBefore=2099-12-31');
    await poll(() => chips(page).allTextContents()).toEqual([
      'Ordenado por: Relevância',
      'Data: até 31/12/2099',
    ]);
    const headings = () => page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
    const first = await api('search=grupo&dateBefore=2099-12-31');
    await poll(headings).toEqual(expect.arrayContaining(first.groups.map((g) => g.title)));
    const pagination = page.getByRole('navigation', { name: 'Paginação' });
    await pagination.getByRole('link', { name: 'Página 2', exact: true }).click();
    await page.waitForURL(/page=2/);
    await poll(() =>
      pagination.getByRole('link', { name: 'Página 2', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
    const second = await api('search=grupo&dateBefore=2099-12-31&page=2');
    await poll(headings).toEqual(expect.arrayContaining(second.groups.map((g) => g.title)));
    // The next page is read from the previous page's cursor, kept in the URL for back/forward and sharing.
    expect(new URL(page.url()).searchParams.get('after')).toMatch(/^[tdcsh]\.-?\d+(_-?\d+)*\./);

    await pagination.getByRole('link', { name: 'Próxima página' }).click();
    await page.waitForURL(/page=3&after=/);
    const third = await api('search=grupo&dateBefore=2099-12-31&page=3');
    await poll(headings).toEqual(expect.arrayContaining(third.groups.map((g) => g.title)));
    await pagination.getByRole('link', { name: 'Página 1' }).click();
    await page.waitForURL((url) => !url.search.includes('page=') && !url.search.includes('after='));
    await poll(headings).toEqual(expect.arrayContaining(first.groups.map((g) => g.title)));
    await page.goBack();
    await page.waitForURL(/page=3&after=/);
    await poll(() =>
      pagination.getByRole('link', { name: 'Página 3', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
    await page.close();
  });

  it('changing the order applies the filters typed but not yet applied; invalid ones take the old results away', async () => {
    const page = await open('/buscar?q=grupo');
    await poll(() => heading(page).textContent()).toMatch(/^Resultados para "grupo"/);
    await page.getByText('Filtros Avançados').click();
    await page.getByLabel('Mínimo de cliques').fill('1');
    await page.getByLabel('Ordenar por').selectOption('createdAt');
    await page.waitForURL(/sortBy=createdAt/);
    expect(new URL(page.url()).searchParams.get('minCliques')).toBe('1');
    await poll(() => chips(page).allTextContents()).toContainEqual(
      expect.stringContaining('Cliques: mín. 1'),
    );
    await expect.poll(() => page.getByLabel('Mínimo de cliques').inputValue()).toBe('1');
    await poll(() => page.getByRole('article').count()).toBeGreaterThan(0);

    // A filter that cannot be applied: its message, and no list standing under it.
    await page.getByLabel('Máximo de cliques').fill('0');
    await page.getByLabel('Ordenar por').selectOption('relevance');
    await poll(() => page.getByText('O mínimo de cliques não pode ser maior que o máximo').isVisible()).toBe(
      true,
    );
    await poll(() => page.getByRole('article').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('sortBy')).toBe('createdAt');
    await page.close();
  });

  it('shows the empty state, keeps a bad filter in the form with its message, and toasts a failed search', async () => {
    const page = await open('/buscar?q=xyzqwkjhg');
    await poll(() => page.getByText('Nenhum resultado encontrado').isVisible()).toBe(true);
    await poll(() => heading(page).textContent()).toBe('Resultados para "xyzqwkjhg" (0 encontrados)');
    // What it offers instead: categories (tags once they exist) and sending one's own group.
    await poll(() => page.getByRole('heading', { name: 'Veja as categorias' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Enviar grupo', exact: true }).getAttribute('href')).toBe(
      '/enviar',
    );

    await page.getByText('Filtros Avançados').click();
    await page.getByLabel('Mínimo de cliques').fill('50');
    await page.getByLabel('Máximo de cliques').fill('10');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await poll(() => page.getByText('O mínimo de cliques não pode ser maior que o máximo').isVisible()).toBe(
      true,
    );
    expect(page.url()).not.toContain('minCliques');

    await page.route('**/api/groups?**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.getByLabel('Máximo de cliques').fill('');
    await page.getByLabel('Termo de busca').fill('futebol');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    const toast = page.getByRole('alert');
    await poll(async () => (await toast.allTextContents()).join(' ')).toContain('Erro na busca');
    await poll(async () => (await toast.allTextContents()).join(' ')).toContain(
      'Não foi possível buscar os grupos',
    );
    await page.close();
  });
});

describe('adult (18+) groups in /buscar, closed by default (decision 0010)', () => {
  it('stay out even when asked for, and the page offers no 18+ filter', async () => {
    expect((await api('search=picantes')).pagination.total).toBe(0);
    expect((await api('search=picantes&adult=1')).pagination.total).toBe(0);
    const page = await open('/buscar?q=picantes&adult=1');
    await poll(() => page.getByText('Nenhum resultado encontrado').isVisible()).toBe(true);
    expect(await page.getByText('marque "Incluir conteúdo adulto (18+)" nos filtros').count()).toBe(0);
    await page.getByText('Filtros Avançados').click();
    expect(await page.getByRole('checkbox', { name: 'Incluir conteúdo adulto (18+)' }).count()).toBe(0);
    await page.close();
  });
});

describe('the home search box before its island hydrates', () => {
  it('ignores Enter on an empty or blank term before its island hydrates', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    const searches: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/buscar') searches.push(request.url());
    });
    // Hold the page's scripts: until they run, the box is the server-rendered plain form.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.m?js(\?|$)/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${site}/`, { waitUntil: 'commit' });
    const box = page.locator('#home-busca');
    await box.waitFor();
    await box.press('Enter');
    await box.fill('   ');
    await box.press('Enter');
    await page.locator('form:has(#home-busca) button[type="submit"]').first().click();
    await page.waitForTimeout(500); // room for a navigation that must not start
    expect(searches).toEqual([]);
    expect(page.url()).toBe(`${site}/`);
    release();
    await page.close();
  });
});

describe('search box suggestions (Pagefind)', () => {
  const IDS = {
    futebol: '3f2a8c1e-0b7d-4e5f-9a6b-1c2d3e4f5a6b',
    futsal: '9b1c2d3e-4f5a-4b6c-8d7e-0f1a2b3c4d5e',
    educacao: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  };
  /** The groups taken down since the index was built. */
  const held = new Set<string>();
  let dir: string;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wa-pagefind-'));
    // The records the build writes for the most clicked groups (search.server.ts `suggestions`).
    const count = await writeSearchIndex(
      [
        {
          id: IDS.futebol,
          url: '/esportes/futebol-de-varzea',
          title: 'Futebol de Várzea',
          category: 'Esportes',
          description: 'Peladas no domingo.',
        },
        {
          id: IDS.futsal,
          url: '/esportes/futsal-amador',
          title: 'Futsal Amador',
          category: 'Esportes',
          description: 'Quadra e futebol de salão.',
        },
        {
          id: IDS.educacao,
          url: '/educacao/educacao-financeira',
          title: 'Educação Financeira',
          category: 'Educação',
          description: 'Dinheiro.',
        },
      ],
      path.join(dir, 'pagefind'),
    );
    expect(count).toBe(3);
    // Where the box navigates to: a chosen group's page, or /buscar.
    for (const page of ['educacao/educacao-financeira', 'buscar']) {
      await mkdir(path.join(dir, page), { recursive: true });
      await writeFile(
        path.join(dir, page, 'index.html'),
        '<!doctype html><html lang="pt-BR"><body>ok</body></html>',
      );
    }

    const esbuild = await import('esbuild');
    await writeFile(
      path.join(dir, 'entry.tsx'),
      `import { createRoot } from 'react-dom/client';
       import SearchBox from ${JSON.stringify(path.resolve('src/features/search/SearchBox.tsx'))};
       createRoot(document.getElementById('root')!).render(<SearchBox id="busca" />);`,
    );
    await esbuild.build({
      entryPoints: [path.join(dir, 'entry.tsx')],
      bundle: true,
      format: 'esm',
      jsx: 'automatic',
      outfile: path.join(dir, 'box.js'),
      nodePaths: [path.resolve('node_modules')],
      define: { 'process.env.NODE_ENV': '"production"' },
      external: ['/pagefind/*'],
      logLevel: 'silent',
    });
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="pt-BR"><body><div id="root" style="max-width:40rem"></div><script type="module" src="/box.js"></script></body></html>',
    );
    server = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      // What functions/takedowns.ts answers: which of the asked ids are taken down now.
      if (url.pathname === '/api/takedowns') {
        const asked = (url.searchParams.get('ids') ?? '').split(',');
        const body = JSON.stringify({ held: asked.filter((id) => held.has(id)) });
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
        return;
      }
      let file = path.join(dir, decodeURIComponent(url.pathname));
      if (!path.extname(file)) file = path.join(file, 'index.html');
      try {
        const body = await readFile(file);
        const type = file.endsWith('.js')
          ? 'text/javascript'
          : file.endsWith('.html')
            ? 'text/html'
            : 'application/octet-stream';
        res.writeHead(200, { 'content-type': type }).end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(() => {
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('downloads the index only on focus, suggests the indexed groups, and navigates with the keyboard', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const pagefindRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/pagefind/')) pagefindRequests.push(r.url());
    });
    await page.goto(`${origin}/`);
    const box = page.getByRole('combobox', { name: 'Buscar grupos' });
    await box.waitFor();
    await page.waitForTimeout(300);
    expect(pagefindRequests).toEqual([]); // nothing before the visitor shows interest

    await box.focus();
    await box.fill('futebol');
    const options = page.getByRole('listbox', { name: 'Sugestões de grupos' }).getByRole('option');
    await poll(() => options.allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Futebol de Várzea'),
        expect.stringContaining('Futsal Amador'),
      ]),
    );
    const texts = (await options.allTextContents()).join(' | ');
    expect(texts).toContain('Esportes'); // the category from the record's meta
    expect(pagefindRequests.length).toBeGreaterThan(0);

    await box.fill('educacao');
    await poll(() => options.allTextContents()).toEqual([expect.stringContaining('Educação Financeira')]);
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
    await box.press('Enter');
    await page.waitForURL(/\/educacao\/educacao-financeira$/);
    await page.close();
  });

  it('drops a group taken down since the build before it shows (#40)', async () => {
    held.add(IDS.futsal);
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${origin}/`);
      const box = page.getByRole('combobox', { name: 'Buscar grupos' });
      await box.focus();
      await box.fill('futebol');
      const options = page.getByRole('listbox', { name: 'Sugestões de grupos' }).getByRole('option');
      await poll(() => options.allTextContents()).toEqual([expect.stringContaining('Futebol de Várzea')]);
      await page.close();
    } finally {
      held.clear();
    }
  });

  it('still submits the plain form to /buscar?q= when no suggestion is chosen', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    const box = page.getByRole('combobox', { name: 'Buscar grupos' });
    await box.fill('   ');
    await box.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/'); // an empty term is ignored
    await box.fill(' futebol ');
    await box.press('Enter');
    await page.waitForURL(/\/buscar\?q=futebol$/);
    await page.close();
  });
});
