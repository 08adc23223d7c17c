// npm run admin -- create <email> [--password <senha>]: creates an admin, or promotes an existing user.
// Without --password a new account gets a generated password, printed once here.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { migrateDb, openDb } from '../db/client.ts';
import { ensureAdmin } from '../db/seed.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { password: { type: 'string' } },
});
const [command, email] = positionals;
if (command !== 'create' || !email || !z.email().safeParse(email).success) {
  console.error('uso: npm run admin -- create <email> [--password <senha>]');
  process.exit(2);
}
if (values.password !== undefined && values.password.length < 6) {
  console.error('A senha deve ter pelo menos 6 caracteres');
  process.exit(2);
}
const handle = await openDb();
try {
  await migrateDb(handle);
  const result = await ensureAdmin(handle.db, { email, password: values.password });
  console.log(
    result.created
      ? `Administrador criado: ${result.email}`
      : `Usuário promovido a administrador: ${result.email}`,
  );
  if (result.password && !values.password)
    console.log(`Senha gerada (mostrada só agora): ${result.password}`);
} finally {
  await handle.close();
}
