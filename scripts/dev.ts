// npm run dev: astro dev with the same functions (Vite plugin) and the same embedded database.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateDb, openDb } from '../db/client.ts';
import { isSeeded, seedDatabase } from '../db/seed.ts';
import { adminFromEnv, printAdmin } from './platform/admin-account.ts';
import { startLocalDatabase } from './platform/database.ts';
import { startMailCatcher } from './platform/mail-catcher.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '4321';
// E-mails are caught as .eml files in .data/mail (listed at /__platform/mail by `npm start`).
const mail = await startMailCatcher();
process.env.SMTP_URL ??= mail.url;
const database = await startLocalDatabase();
process.env.DATABASE_URL = database.url;
const handle = await openDb();
await migrateDb(handle);
if (!(await isSeeded(handle.db)))
  printAdmin((await seedDatabase(handle.db, { admin: adminFromEnv() })).admin);
await handle.close();

const child = spawn(process.execPath, [path.join(root, 'node_modules/.bin/astro'), 'dev', '--port', port], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    ASTRO_DISABLE_UPDATE_CHECK: 'true',
    LOCAL_PLATFORM: '1',
  },
});
const stop = async () => {
  child.kill('SIGTERM');
  await mail.stop().catch(() => {});
  await database.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', async (code) => {
  await database.stop().catch(() => {});
  process.exit(code ?? 0);
});
