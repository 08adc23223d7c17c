// The built catalogue pages (home, category, group by slug and by id, 404): complete without JavaScript,
// with their title, description, canonical, Open Graph/Twitter tags and JSON-LD, in pt-BR, and with
// user text escaped. A group with markup in its title goes through a real rebuild to get its page.
// Adult (18+) groups: closed by default, on no page, list or sitemap (decision 0010).
import { gzipSync } from 'node:zlib';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { adSettings, advertisements, categories, groups } from '../../db/schema.ts';
import { adPositions, DEFAULT_CARDS_PER_AD } from '../../src/features/ads/ads.ts';
import type { GroupJson, GroupPage } from '../../src/features/groups/groups.server.ts';
import { formatDate } from '../../src/lib/format.ts';

const site = inject('siteUrl');
const handle = await openDb({ url: inject('siteDatabaseUrl'), driver: 'pg', max: 2 });
afterAll(() => handle.close());

const html = async (path: string) => {
  const res = await fetch(`${site}${path}`);
  return { status: res.status, body: await res.text() };
};
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function meta(body: string, attr: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(body)?.[1];
}
function canonical(body: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)"/.exec(body)?.[1];
}
function jsonLd(body: string): Record<string, unknown>[] {
  const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)?.[1];
  if (!text) return [];
  const data = JSON.parse(text);
  return Array.isArray(data) ? data : [data];
}
function expectPageBasics(body: string, path: string) {
  expect(body).toContain('<html lang="pt-BR"');
  expect(body).toMatch(/<title>[^<]+<\/title>/);
  expect(meta(body, 'name', 'description')?.length).toBeGreaterThan(20);
  expect(canonical(body)).toBe(new URL(path, canonical(body)).href);
  expect(new URL(canonical(body)!).pathname).toBe(path);
  expect(meta(body, 'property', 'og:title')).toBeTruthy();
  expect(meta(body, 'property', 'og:url')).toBe(canonical(body));
  expect(meta(body, 'name', 'twitter:card')).toBeTruthy();
}

/**
 * A static list's order ('g' a group card, 'A' a place kept for the visit's ad), checked against the
 * ad rule (#45): never in the first three places, never two in a row, at most one in N cards, and as
 * many as the rule and the shown ads allow.
 */
async function expectAdRule(body: string) {
  const list = /<ul [^>]*data-ad-list[^>]*>([\s\S]*?)<\/ul>/.exec(body)?.[1] ?? '';
  const shape = [...list.matchAll(/<li class="grid"( data-ad-slot)?/g)]
    .map((m) => (m[1] ? 'A' : 'g'))
    .join('');
  const [setting] = await handle.db.select().from(adSettings);
  const perAd = setting?.cardsPerAd ?? DEFAULT_CARDS_PER_AD;
  const shown = await handle.db
    .select({ id: advertisements.id })
    .from(advertisements)
    .where(and(eq(advertisements.active, true), isNotNull(advertisements.image)));
  const ads = shape.split('A').length - 1;
  expect(shape.slice(0, 3)).not.toContain('A');
  expect(shape).not.toContain('AA');
  expect(ads * perAd).toBeLessThanOrEqual(shape.length);
  expect(ads).toBe(Math.min(adPositions(shape.length - ads, perAd).length, shown.length));
  return { shape, ads };
}

let recent: GroupJson[] = [];
beforeAll(async () => {
  recent = ((await (await fetch(`${site}/api/groups/recent?limit=18`)).json()) as GroupPage).groups;
  expect(recent.length).toBeGreaterThan(0);
});

describe('home', () => {
  it('shows its sections and the latest groups in the static HTML', async () => {
    const { status, body } = await html('/');
    expect(status).toBe(200);
    expectPageBasics(body, '/');
    for (const text of [
      'Grupos em Destaque',
      'Últimos Grupos',
      'Grupos adicionados recentemente',
      'Ver todos',
      'Destaques do site',
      'Enviar meu grupo',
      'Categorias Populares',
    ])
      expect(body, text).toContain(text);
    for (const group of recent) expect(body, group.title).toContain(`href="${group.path}"`);
    // 18 groups: two places for ads at the default 1 in 8 cards (the rule: ads.ts).
    expect((await expectAdRule(body)).shape).toMatch(/^gggAg{7}Ag{8}$/);
  });
});

describe('/categoria/{slug}', () => {
  it('renders page 1 of the default order, the count, the sidebar and the breadcrumbs', async () => {
    const list = (await (await fetch(`${site}/api/categories`)).json()) as {
      slug: string;
      name: string;
      count: number;
    }[];
    const category = list.find((c) => c.count > 8)!;
    expect(category).toBeDefined();
    const { status, body } = await html(`/categoria/${category.slug}`);
    expect(status).toBe(200);
    expectPageBasics(body, `/categoria/${category.slug}`);
    expect(body).toContain(`${category.count.toLocaleString('pt-BR')} grupos encontrados`);
    expect(body).toMatch(new RegExp(`href="/categoria/${category.slug}" aria-current="page"`));
    for (const other of list) expect(body).toContain(`href="/categoria/${other.slug}"`);
    const page = (await (
      await fetch(`${site}/api/groups?category=${category.slug}&limit=8`)
    ).json()) as GroupPage;
    expect(page.groups).toHaveLength(8);
    for (const group of page.groups) expect(body, group.title).toContain(`href="${group.path}"`);
    expect(body).toContain('Novos');
    expect(body).toContain('href="/como-ordenamos"');
    expect((await expectAdRule(body)).ads).toBe(1);
    const crumbs = jsonLd(body).find((d) => d['@type'] === 'BreadcrumbList');
    expect(crumbs).toBeDefined();
  });
});

describe('group pages', () => {
  it('the canonical page has everything without JavaScript', async () => {
    const group = recent[0]!;
    const { status, body } = await html(group.path);
    expect(status).toBe(200);
    expectPageBasics(body, group.path);
    expect(body).toContain(
      `<title>${escapeHtml(group.title)} - Grupo de WhatsApp de ${escapeHtml(group.category)}`,
    );
    expect(meta(body, 'property', 'og:type')).toBe('article');
    // The join goes through /entrar/{id} (decision 0012): no invite link in the built page.
    expect(body).toContain(`href="/entrar/${group.id}"`);
    expect(body).not.toContain(`href="${group.link}"`);
    expect(body).toMatch(/target="_blank"[^>]*data-join-id=/);
    expect(body).toContain('Entrar no Grupo');
    expect(body).toContain('Ao clicar, você será redirecionado para o WhatsApp');
    expect(body).toContain('Compartilhar');
    expect(body).toContain('Descrição');
    expect(body).toContain('Adicionado em');
    expect(body).toContain(formatDate(group.createdAt));
    expect(body).toContain('Total de cliques');
    // No internal code on a public page (#45); the related groups are the lists' cards.
    expect(body).not.toContain('Código');
    expect(body).toContain('Grupos Relacionados');
    expect(body).toMatch(/<section class="mt-10"[\s\S]*href="\/entrar\/[^"]+"[^>]*>Entrar<\/a>/);
    expect(body).toContain('id="denunciar"');
    // Each line of the description is its own paragraph, its direction its own (dir="auto", #46).
    for (const line of group.description.split('\n').filter((l) => l.trim()))
      expect(body).toContain(`<p dir="auto">${escapeHtml(line.trim())}</p>`);

    const data = jsonLd(body);
    const product = data.find((d) => d['@type'] === 'Product') as {
      name: string;
      offers: Record<string, string>;
    };
    expect(product.name).toBe(group.title);
    expect(product.offers).toMatchObject({ price: '0', priceCurrency: 'BRL' });
    const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string }[];
    };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(['Início', group.category, group.title]);
  });

  it('stays within the 8 KB (gzip) budget and ships no island', async () => {
    const { body } = await html(recent[0]!.path);
    expect(gzipSync(body).length).toBeLessThanOrEqual(8 * 1024);
    expect(body).not.toContain('<astro-island');
  });

  it('/grupo/{id} redirects to the canonical page, which the build renders once', async () => {
    const group = recent[1]!;
    const response = await fetch(`${site}/grupo/${group.id}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(group.path);
    const { status, body } = await html(group.path);
    expect(status).toBe(200);
    expect(new URL(canonical(body)!).pathname).toBe(group.path);
    expect(body).toContain(escapeHtml(group.title));
    // an id that is no public group: the 404 page (its fallback says 'Grupo não encontrado')
    const missing = await html('/grupo/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('name="robots" content="noindex');
    expect((await html('/grupo/nao-e-um-id')).status).toBe(404);
  });

  it('an unknown path answers 404, "Página não encontrada" (noindex)', async () => {
    const { status, body } = await html('/nao/existe/mesmo');
    expect(status).toBe(404);
    expect(body).toMatch(/<h1[^>]*>Página não encontrada<\/h1>/);
    expect(body).not.toContain('Page Not Found');
    expect(body).toContain('name="robots" content="noindex');
  });
});

// User text's escaping in a built page: tests/site/rebuild.test.ts (it shares that file's rebuild).

describe('adult (18+) groups, closed by default (decision 0010)', { timeout: 120_000 }, () => {
  it('have no page, no list, no link and no sitemap entry; the category says why', async () => {
    const rows = await handle.db
      .select({ titleSlug: groups.titleSlug, link: groups.link })
      .from(groups)
      .innerJoin(categories, eq(categories.id, groups.categoryId))
      .where(and(eq(categories.adult, true), eq(groups.approved, true), isNull(groups.hiddenAt)))
      .limit(3);
    expect(rows.length).toBeGreaterThan(0);
    const category = await html('/categoria/18');
    expect(category.status).toBe(200);
    expect(category.body).toContain('Os grupos desta categoria não são exibidos');
    expect(category.body).not.toContain('Tenho 18 anos ou mais');
    const home = await html('/');
    const sitemap = await (await fetch(`${site}/sitemap.xml`)).text();
    expect(sitemap).not.toMatch(/\/18\/[a-z0-9-]+<\/loc>/);
    expect(sitemap).not.toContain('/categoria/18</loc>');
    for (const row of rows) {
      const path = `/18/${row.titleSlug}`;
      expect((await fetch(`${site}${path}`)).status, path).toBe(404);
      for (const body of [category.body, home.body]) {
        expect(body).not.toContain(row.link);
        expect(body).not.toContain(`href="${path}"`);
      }
    }
    const asked = (await (await fetch(`${site}/api/groups?category=18&adult=1`)).json()) as GroupPage;
    expect(asked.groups).toEqual([]);
  });
});
