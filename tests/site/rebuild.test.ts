// The local build hook: a change in the database reaches the static pages after an incremental
// rebuild, and the previous build keeps being served (never an error) while it runs.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { categories, groups } from '../../db/schema.ts';
import { platformStatus, waitForBuilds } from '../support/site-build.ts';

const site = inject('siteUrl');
const handle = await openDb({ url: inject('siteDatabaseUrl'), driver: 'pg', max: 2 });
afterAll(() => handle.close());

async function countShown(slug: string): Promise<number> {
  const html = await (await fetch(`${site}/categorias`)).text();
  const card = html.slice(html.indexOf(`href="/categoria/${slug}"`));
  return Number(/data-testid="category-count"[^>]*>\s*([\d.]+)/.exec(card)?.[1]?.replace('.', ''));
}

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
    const before = await countShown(pending!.slug);
    await db.update(groups).set({ approved: true }).where(eq(groups.id, pending!.id));
    expect(await countShown(pending!.slug)).toBe(before); // static until rebuilt

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
      .toBe(before + 1);
    expect([...statuses]).toEqual([200]);
    // The rebuild is over before the next file starts.
    await waitForBuilds(built);
  });
});
