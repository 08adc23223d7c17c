// Group pages of both kinds (decision 0008): the site tests' build pre-renders PRERENDER_GROUPS=5 of
// them (tests/support/global-site.ts); every other group page is rendered on demand by
// functions/group-page.ts from the same component. Both answer the same complete HTML for crawlers, at
// the group's own address, through the real local platform; the on-demand one with its CDN cache ID.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { categories, groups } from '../../db/schema.ts';
import { publicGroupBatches } from '../../src/features/groups/group-lists.server.ts';
import { joinPath } from '../../src/features/groups/groups.ts';

const site = inject('siteUrl');
const handle = await openDb({ url: inject('siteDatabaseUrl'), driver: 'pg', max: 2 });
afterAll(() => handle.close());
// The folder the platform serves (npm start switches the dist symlink to each finished build).
const dist = path.resolve(import.meta.dirname, '../../dist');

const stylesheets = (body: string) =>
  [...body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);

/** Everything a crawler reads of a group page, checked against the database row. */
function expectCompleteGroupPage(
  body: string,
  group: { path: string; title: string; id: string; join: boolean },
) {
  expect(body).toContain('<html lang="pt-BR"');
  expect(body).toMatch(new RegExp(`<title>${group.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - `));
  expect(body).toMatch(/<meta name="description" content="[^"]{20,}"/);
  // The owner's title and description take their own direction (an RTL title cannot reorder what is around it).
  expect(body).toMatch(/<h1 dir="auto"/);
  expect(body).toMatch(/<p dir="auto">/);
  expect(new URL(/<link rel="canonical" href="([^"]*)"/.exec(body)?.[1] ?? '/', site).pathname).toBe(
    group.path,
  );
  const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)?.[1];
  expect(JSON.parse(jsonLd ?? '[]')).toContainEqual(
    expect.objectContaining({ '@type': 'Product', name: group.title }),
  );
  if (!group.join) return;
  // 'Entrar no Grupo' goes through /entrar/{id}, which sends the visitor to the current link (decision 0012).
  expect(body).toMatch(new RegExp(`href="${joinPath(group.id)}"[^>]*rel="[^"]*nofollow`));
  expect(body).toContain('Grupos Relacionados');
}

/** Every public group; `adult` when its page keeps the invite link behind the age question. */
async function publicGroups() {
  const adult = new Set(
    (await handle.db.select({ id: categories.id }).from(categories).where(eq(categories.adult, true))).map(
      (c) => c.id,
    ),
  );
  const all: { id: string; path: string; title: string; adult: boolean }[] = [];
  for await (const batch of publicGroupBatches(handle.db, 500))
    all.push(...batch.map((g) => ({ ...g, adult: adult.has(g.categoryId) })));
  return all;
}

describe('group pages, pre-rendered and on demand', () => {
  it('the build writes PRERENDER_GROUPS of them; the others answer from the function, alike', async () => {
    const all = await publicGroups();
    const built = all.filter((g) => existsSync(path.join(dist, g.path, 'index.html')));
    // A page of each kind that shows its invite link (not behind an age question), when the build has one.
    const onDemand = all.filter((g) => !g.adult && !existsSync(path.join(dist, g.path, 'index.html')));
    // Rebuilds by earlier files may have changed which five; never more.
    expect(built.length).toBeGreaterThan(0);
    expect(built.length).toBeLessThanOrEqual(5);
    expect(onDemand.length).toBeGreaterThan(0);
    // No category folder holds more than the pre-rendered pages (plus nothing else of its groups).
    for (const category of await handle.db.select({ slug: categories.slug }).from(categories))
      if (existsSync(path.join(dist, category.slug)))
        expect(readdirSync(path.join(dist, category.slug)).length).toBeLessThanOrEqual(5);

    built.sort((a, b) => Number(a.adult) - Number(b.adult));
    const statics = await fetch(`${site}${built[0]!.path}`);
    const staticBody = await statics.text();
    expect(statics.status).toBe(200);
    expect(statics.headers.get('netlify-cache-id')).toBeNull(); // a file, not the function
    expectCompleteGroupPage(staticBody, { ...built[0]!, join: !built[0]!.adult });

    const rendered = await fetch(`${site}${onDemand[0]!.path}`);
    const renderedBody = await rendered.text();
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get('content-type')).toContain('text/html');
    expectCompleteGroupPage(renderedBody, { ...onDemand[0]!, join: true });
    expect(rendered.headers.get('netlify-cdn-cache-control')).toMatch(
      /^public, durable, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    expect(rendered.headers.get('netlify-cache-id')?.split(',')).toContain(`group-${onDemand[0]!.id}`);
    // The same build's assets and the same policy as the static pages.
    expect(stylesheets(renderedBody)).toEqual(stylesheets(staticBody));
    expect(rendered.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(rendered.headers.get('x-frame-options')).toBe('DENY');
    // A trailing slash reaches the same page.
    expect((await fetch(`${site}${onDemand[0]!.path}/`)).status).toBe(200);
  });

  it('a group approved after the build is a real page at once, and gone at once when deleted', async () => {
    const [category] = await handle.db.select().from(categories).where(eq(categories.adult, false)).limit(1);
    const [fresh] = await handle.db
      .insert(groups)
      .values({
        title: 'Grupo Aprovado Depois do Build',
        description: 'Aprovado depois do último build, com página de verdade.',
        link: 'https://chat.whatsapp.com/AfterBuild0000000000001',
        inviteCode: 'AfterBuild0000000000001',
        categoryId: category!.id,
        titleSlug: 'grupo-aprovado-depois-do-build',
        approved: true,
      })
      .returning({ id: groups.id });
    const address = `/${category!.slug}/grupo-aprovado-depois-do-build`;
    try {
      const response = await fetch(`${site}${address}`);
      const body = await response.text();
      expect(response.status).toBe(200);
      expectCompleteGroupPage(body, {
        path: address,
        title: 'Grupo Aprovado Depois do Build',
        id: fresh!.id,
        join: true,
      });
      expect(body).not.toContain('noindex');
    } finally {
      await handle.db.delete(groups).where(eq(groups.id, fresh!.id));
    }
    const gone = await fetch(`${site}${address}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('Página não encontrada');
  });
});
