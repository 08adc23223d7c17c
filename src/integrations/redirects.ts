// Former group addresses (a renamed group, or one moved to another category) answer 301 to the
// group's current page, and a merged tag's topic page to the tag it went into: the build writes one rule per former address of a public group into
// dist/_redirects, which Netlify (and the local platform) applies when no page exists at the old path.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const HEADER =
  '# Former group addresses (group_slug_history), written at build by src/integrations/redirects.ts';

/** The _redirects file for a list of rules. */
export function redirectsFile(rules: { from: string; to: string }[]): string {
  return `${[HEADER, ...rules.map((rule) => `${rule.from} ${rule.to} 301`)].join('\n')}\n`;
}

/** Read with a short-lived connection (a pool would keep the build alive). */
async function readRules() {
  const { openDb } = await import('../../db/client.ts');
  const { formerAddresses } = await import('../features/groups/slugs.server.ts');
  const { mergedTagRedirects } = await import('../features/tags/tags.server.ts');
  const { tagPath } = await import('../features/tags/tags.ts');
  const handle = await openDb();
  try {
    // A tag merged into another (#43): its topic page's address leads to the other's.
    const merged = (await mergedTagRedirects(handle.db)).map((rule) => ({
      from: tagPath(rule.from),
      to: tagPath(rule.to),
    }));
    return [...(await formerAddresses(handle.db)), ...merged];
  } finally {
    await handle.close();
  }
}

export function formerAddressRedirects(): AstroIntegration {
  let rules: ReturnType<typeof readRules> | undefined;
  return {
    name: 'former-address-redirects',
    hooks: {
      'astro:build:start': () => {
        rules = readRules();
        rules.catch(() => {}); // awaited at build:done
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!rules) throw new Error('redirects: the rules were not read with the build');
        const list = await rules;
        writeFileSync(path.join(fileURLToPath(dir), '_redirects'), redirectsFile(list));
        logger.info(`_redirects: ${list.length} endereços antigos de grupos`);
      },
    },
  };
}
