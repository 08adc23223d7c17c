// `npm run admin -- create <email>`: the real script in a child process against a throwaway embedded
// database; the database is then opened to check what it wrote.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDb, openDb } from '../../db/client.ts';
import { accessLogDisclosures, accessLogs, users } from '../../db/schema.ts';
import { pruneAccessLogs, recordAccess } from '../../src/features/access-log/access-log.server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'wa-admin-cli-'));
const dataDir = path.join(dir, 'pglite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function admin(...args: string[]) {
  return script('scripts/admin.ts', ...args);
}

/** One of the admin scripts in a child process, on the throwaway database. */
async function script(file: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dataDir };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(root, 'node_modules/.bin/tsx'), file, ...args],
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

// `npm run access-log`: a read-out names who hands it over and on what basis, and is recorded; a legal
// hold (art. 15 §2) keeps the rows it covers from the 6-month prune.
describe.skipIf(process.env.TEST_DB_DRIVER === 'neon')('npm run access-log', { timeout: 120_000 }, () => {
  it('reads out with --basis and --by (recorded), and places a legal hold the prune honours', async () => {
    const handle = await openDb({ dataDir });
    await migrateDb(handle);
    const userId = crypto.randomUUID();
    await recordAccess(handle.db, {
      userId,
      email: 'alvo@exemplo.com.br',
      event: 'login',
      ip: '198.51.100.5',
    });
    const [row] = await handle.db.select().from(accessLogs).where(eq(accessLogs.userId, userId));
    const old = new Date(Date.now() - 200 * 86_400_000);
    await handle.db.update(accessLogs).set({ createdAt: old }).where(eq(accessLogs.id, row!.id));
    await handle.close();
    const day = (at: Date) => at.toISOString().slice(0, 10);
    const range = ['--from', day(new Date(old.getTime() - 86_400_000)), '--to', day(new Date())];

    const unnamed = await script('scripts/access-log.ts', '--email', 'alvo@exemplo.com.br', ...range);
    expect(unnamed.code).toBe(2);
    expect(unnamed.out).toContain('--basis é obrigatório');
    const out = await script(
      'scripts/access-log.ts',
      '--email',
      'alvo@exemplo.com.br',
      ...range,
      '--basis',
      'Processo 0001234-56.2026.8.26.0100',
      '--by',
      'Encarregado',
    );
    expect(out.code).toBe(0);
    expect(out.out).toContain('198.51.100.5');
    expect(out.out).toContain('(entrega registrada)');
    const hold = await script(
      'scripts/access-log.ts',
      'hold',
      '--email',
      'alvo@exemplo.com.br',
      ...range,
      '--until',
      day(new Date(Date.now() + 60 * 86_400_000)),
      '--basis',
      'Ofício 77/2026 do Ministério Público',
      '--by',
      'Encarregado',
    );
    expect(hold.code).toBe(0);
    expect(hold.out).toContain('1 registro(s) guardado(s) além de 6 meses');

    const after = await openDb({ dataDir });
    try {
      expect(await pruneAccessLogs(after.db)).toBe(0);
      expect(await after.db.select().from(accessLogs).where(eq(accessLogs.userId, userId))).toHaveLength(1);
      const [disclosure] = await after.db.select().from(accessLogDisclosures);
      expect(disclosure).toMatchObject({
        operator: 'Encarregado',
        legalBasis: 'Processo 0001234-56.2026.8.26.0100',
        rowIds: [row!.id],
      });
    } finally {
      await after.close();
    }
  });
});
