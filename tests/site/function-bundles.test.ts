// The functions as the local platform packages them, with netlify.toml's [functions] settings, as a
// deploy does: no embedded database in any bundle. PGlite's package is 17 MB a function, and a bundle
// holding .data/pglite both shipped a laptop's database and, since the platform watches what a bundle
// holds, made every database write rebuild every function.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const bundles = path.resolve(import.meta.dirname, '../../.netlify/functions-serve');

describe('function bundles', () => {
  it('hold their dependencies but neither PGlite nor the local database folder', () => {
    const names = readdirSync(bundles).filter((name) => existsSync(path.join(bundles, name, 'functions')));
    expect(names.length).toBeGreaterThan(20);
    // The check below would pass on empty folders: the database functions do carry their driver.
    expect(existsSync(path.join(bundles, 'groups', 'node_modules', 'drizzle-orm'))).toBe(true);
    const offending = names.filter(
      (name) =>
        existsSync(path.join(bundles, name, '.data')) ||
        existsSync(path.join(bundles, name, 'node_modules', '@electric-sql')),
    );
    expect(offending).toEqual([]);
  });
});
