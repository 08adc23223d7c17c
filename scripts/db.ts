// npm run db:migrate | npm run db:seed [-- --groups N] [--seed N]
// Uses DATABASE_URL when set (the local platform sets it to its shared PGlite), else .data/pglite.
import { parseArgs } from 'node:util';
import { migrateDb, openDb } from '../db/client.ts';
import { isSeeded, seedDatabase, seedTags } from '../db/seed.ts';
import { adminFromEnv, printAdmin } from './platform/admin-account.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { groups: { type: 'string' }, seed: { type: 'string' }, force: { type: 'boolean' } },
});
const command = positionals[0];
const handle = await openDb();
try {
  await migrateDb(handle);
  if (command === 'migrate') {
    const tagCount = await seedTags(handle.db);
    console.log(`Migrations applied (${handle.driver}).${tagCount ? ` ${tagCount} tags added.` : ''}`);
  } else if (command === 'seed') {
    if ((await isSeeded(handle.db)) && !values.force) {
      console.log('The database already has data; nothing seeded (use --force to add more groups).');
    } else {
      const result = await seedDatabase(handle.db, {
        groups: values.groups ? Number(values.groups) : undefined,
        seed: values.seed ? Number(values.seed) : undefined,
        admin: adminFromEnv(),
        log: console.log,
      });
      printAdmin(result.admin);
    }
  } else {
    console.error('usage: tsx scripts/db.ts migrate|seed [--groups N] [--seed N]');
    process.exitCode = 2;
  }
} finally {
  await handle.close();
}
