// `npm run admin -- create <email>`: the real script in a child process against a throwaway embedded
// database; the database is then opened to check what it wrote.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'wa-admin-cli-'));
const dataDir = path.join(dir, 'pglite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function admin(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dataDir };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(root, 'node_modules/.bin/tsx'), 'scripts/admin.ts', ...args],
      { cwd: root, env },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

async function userByEmail(email: string) {
  const handle = await openDb({ dataDir });
  try {
    return (await handle.db.select().from(users).where(eq(users.email, email)))[0];
  } finally {
    await handle.close();
  }
}

// One run is enough: the script opens its own database whatever the project's driver.
describe.skipIf(process.env.TEST_DB_DRIVER === 'neon')(
  'npm run admin -- create',
  { timeout: 120_000 },
  () => {
    it('creates an admin with a generated password shown once, stored only as a hash', async () => {
      const run = await admin('create', 'Chefe@Exemplo.com.br');
      expect(run.code).toBe(0);
      expect(run.out).toContain('Administrador criado: chefe@exemplo.com.br');
      const password = /Senha gerada \(mostrada só agora\): (\S+)/.exec(run.out)?.[1];
      expect(password?.length).toBeGreaterThanOrEqual(12);
      const user = await userByEmail('chefe@exemplo.com.br');
      expect(user?.admin).toBe(true);
      expect(user?.password).not.toContain(password);
    });

    it('promotes an existing user, and refuses bad input with the usage line', async () => {
      const handle = await openDb({ dataDir });
      await handle.db.insert(users).values({ email: 'membro@exemplo.com.br', password: 'x', name: 'Membro' });
      await handle.close();
      const run = await admin('create', 'membro@exemplo.com.br');
      expect(run.code).toBe(0);
      expect(run.out).toContain('Usuário promovido a administrador: membro@exemplo.com.br');
      expect(run.out).not.toContain('Senha gerada');
      expect((await userByEmail('membro@exemplo.com.br'))?.admin).toBe(true);

      const bad = await admin('create', 'não-é-email');
      expect(bad.code).toBe(2);
      expect(bad.out).toContain('uso: npm run admin -- create <email>');
      const short = await admin('create', 'outro@exemplo.com.br', '--password', '123');
      expect(short.code).toBe(2);
      expect(short.out).toContain('A senha deve ter pelo menos 6 caracteres');
    });
  },
);
