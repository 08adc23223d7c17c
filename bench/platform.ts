// Start and stop the bench's platform child (bench/platform-server.ts) on a free port.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../scripts/platform/database.ts';

export interface Platform {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startPlatform(root: string, databaseUrl: string): Promise<Platform> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: '20' };
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'node_modules/.bin/tsx'), path.join(root, 'bench/platform-server.ts')],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let ready = false;
  let stopping = false;
  // Keep draining its output (a chatty function must never block on a full pipe), the tail kept to
  // say why if it dies.
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code, signal) => {
    if (ready && !stopping) console.error(`[bench] the platform exited (${code ?? signal}):\n${output}`);
  });
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (output.includes('Pronto:')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`platform exited (${code}):\n${output.slice(-2000)}`)));
  });
  ready = true;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    async stop() {
      stopping = true;
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
