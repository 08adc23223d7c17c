// The local build hook: a change in the database reaches the static pages after an incremental
// rebuild, and the previous build keeps being served (never an error) while it runs. The same rebuild
// publishes a group whose title and description are hostile, to check their escaping in the built page.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { categories, groups } from '../../db/schema.ts';
import { platformStatus, rebuildSite, waitForBuilds } from '../support/site-build.ts';

const site = inject('siteUrl');
const handle = await openDb({ url: inject('siteDatabaseUrl'), driver: 'pg', max: 2 });
afterAll(() => handle.close());

async function countShown(slug: string): Promise<number> {
  const html = await (await fetch(`${site}/categorias`)).text();
  const card = html.slice(html.indexOf(`href="/categoria/${slug}"`));
  return Number(/data-testid="category-count"[^>]*>\s*([\d.]+)/.exec(card)?.[1]?.replace('.', ''));
}

function jsonLd(body: string): Record<string, unknown>[] {
  const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)?.[1];
  if (!text) return [];
  const data = JSON.parse(text);
  return Array.isArray(data) ? data : [data];
}

const hostile = {
  title: `Grupo <script>alert("x")</script> & 'aspas'`,
  description: `Linha com <img src=x onerror=alert(1)> "aspas"\nSegunda linha </script>`,
  titleSlug: 'grupo-script-alertx-script-aspas',
};
let hostilePath = '';
let hostileId = '';

describe('POST /__platform/build-hook', () => {
  it('rebuilds in the background and then serves the new counts', async () => {
    const { db } = handle;
    const [pending] = await db
      .select({ id: groups.id, slug: categories.slug })
      .from(groups)
      .innerJoin(categories, eq(categories.id, groups.categoryId))
      .where(and(eq(groups.approved, false), sql`${groups.hiddenAt} is null`))
      .limit(1);
    expect(pending).toBeDefined();
    const [category] = await db.select().from(categories).where(eq(categories.adult, false)).limit(1);
    const before = await countShown(pending!.slug);
    await db.update(groups).set({ approved: true }).where(eq(groups.id, pending!.id));
    const [inserted] = await db
      .insert(groups)
      .values({
        title: hostile.title,
        description: hostile.description,
        link: 'https://chat.whatsapp.com/EscapeTest0000000001',
        inviteCode: 'EscapeTest0000000001',
        categoryId: category!.id,
        titleSlug: hostile.titleSlug,
        approved: true,
      })
      .returning({ id: groups.id });
    hostileId = inserted!.id;
    hostilePath = `/${category!.slug}/${hostile.titleSlug}`;
    expect(await countShown(pending!.slug)).toBe(before); // static until rebuilt
    const after = before + 1 + (category!.slug === pending!.slug ? 1 : 0);

    const built = await platformStatus();
    const hook = await fetch(`${site}/__platform/build-hook`, { method: 'POST' });
    expect(hook.status).toBe(202);
    const statuses = new Set<number>();
    await expect
      .poll(
        async () => {
          const res = await fetch(`${site}/categorias`);
          statuses.add(res.status);
          return countShown(pending!.slug);
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBe(after);
    expect([...statuses]).toEqual([200]);
    // The rebuild is over before the next test.
    await waitForBuilds(built);
  });

  it('escapes user text in the page, its title, its meta tags and its JSON-LD', async () => {
    try {
      const res = await fetch(`${site}${hostilePath}`);
      expect(res.status).toBe(200);
      const body = await res.text();
      // Inside a quoted attribute '<' is inert (only '"' must be escaped there); anywhere else it must not appear.
      const outsideAttributes = body.replace(/="[^"]*"/g, '=""');
      expect(outsideAttributes).not.toContain('<script>alert');
      expect(outsideAttributes).not.toContain('<img src=x');
      expect(body).toContain(`content="Grupo <script>alert(&quot;x&quot;)</script> &amp; 'aspas'`);
      expect(body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)![1]!;
      expect(ld).not.toMatch(/<\/?script/i);
      const product = jsonLd(body).find((d) => d['@type'] === 'Product') as { name: string };
      expect(product.name).toBe(hostile.title);
    } finally {
      // Leave the site as the other tests expect it: the group gone from the database and the pages.
      await handle.db.delete(groups).where(eq(groups.id, hostileId));
      await rebuildSite();
      expect((await fetch(`${site}${hostilePath}`)).status).toBe(404);
    }
  });
});
