import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CategorySlugSchema, isReservedSlug, RESERVED_SLUG_MESSAGE } from './categories.schema.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The first path segment each top-level page or public file answers at (dynamic ones skipped). */
function topLevelRoutes(): string[] {
  const pages = readdirSync(`${root}src/pages`).map((name) =>
    name.replace(/\.(astro|ts|js|md|mdx|tsx)$/, '').replace(/\[[^\]]*\].*$/, ''),
  );
  const publicFiles = readdirSync(`${root}public`);
  return [...pages, ...publicFiles].filter((name) => name !== '' && !name.startsWith('['));
}

describe('reserved category slugs', () => {
  it('covers every top-level page and public file', () => {
    const routes = topLevelRoutes();
    expect(routes).toContain('admin');
    expect(routes.filter((route) => !isReservedSlug(route))).toEqual([]);
  });

  it('refuses route slugs with a pt-BR message and accepts ordinary ones', () => {
    for (const slug of ['grupo', 'admin', 'api', 'buscar', 'sitemap-2', 'robots', 'painel']) {
      const result = CategorySlugSchema.safeParse(slug);
      expect(result.success, slug).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(RESERVED_SLUG_MESSAGE);
    }
    expect(CategorySlugSchema.safeParse('amizade').success).toBe(true);
    expect(CategorySlugSchema.safeParse('grupos-de-estudo').success).toBe(true);
  });
});
