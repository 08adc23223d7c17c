// Builds the static site into a fresh folder and then points dist/ at it, so the server keeps serving
// the previous build until the new one is complete. The new folder starts as a copy of the one being
// served, and Astro's incremental build (with src/integrations/previous-build.ts) re-renders only the
// pages whose data changed. Requests made while a build runs are coalesced into one more build.
import { spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { buildDatabaseUrl } from './pglite-server.ts';

/** Where the local platform takes a build hook's POST (BUILD_HOOK_URL points here unless set). */
export const BUILD_HOOK_PATH = '/__platform/build-hook';

// Copies and removals of whole builds run outside this process: it serves every request meanwhile, and
// a synchronous copy of 20k pages held them all for ~10 s (bench: rebuild-load). fs.promises.cp does
// not block, but made a rebuild at 20k groups take ~60 s instead of ~28 s with cp(1); Node's own
// functions remain where cp and rm are not there.
const POSIX = process.platform !== 'win32';

function command(name: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(name, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let error = '';
    child.stderr.on('data', (chunk: Buffer) => {
      error += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed: ${error}`))));
  });
}

function copyTree(from: string, to: string): Promise<void> {
  return POSIX ? command('cp', ['-R', from, to]) : cp(from, to, { recursive: true });
}

function removeTree(dir: string): Promise<void> {
  return POSIX ? command('rm', ['-rf', dir]) : rm(dir, { recursive: true, force: true });
}

export interface BuildResult {
  ok: boolean;
  ms: number;
  dir: string;
}

export class SiteBuilder {
  private running: Promise<BuildResult> | undefined;
  private queued: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private children = new Set<ReturnType<typeof spawn>>();
  /** Builds started, finished (published or failed) and failed since this builder was made. */
  readonly counts = { started: 0, finished: 0, failed: 0 };

  constructor(
    private readonly root: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly log: (line: string) => void = console.log,
    private readonly debounceMs = 1500,
    /** Which database the builds read (LocalDatabase.id): recorded with each published build. */
    private readonly database = '',
    /** Where builds are made (each publish removes the others there). */
    readonly buildsDir = path.join(root, '.data', 'builds'),
  ) {}

  private get publishedFromFile() {
    return path.join(this.root, '.data', 'published-from');
  }

  /** Whether dist/ holds a finished build of this same database (a previous start's). */
  get servesThisDatabase() {
    try {
      return (
        Boolean(this.database) &&
        existsSync(path.join(this.publishDir, 'index.html')) &&
        readFileSync(this.publishedFromFile, 'utf8') === this.database
      );
    } catch {
      return false;
    }
  }

  get publishDir() {
    return path.join(this.root, 'dist');
  }

  /** Build now and publish the result; resolves when the new build is being served. */
  async build(reason: string): Promise<BuildResult> {
    if (this.running) {
      this.queued.push(reason);
      return this.running;
    }
    this.running = this.runBuild(reason).finally(() => {
      this.running = undefined;
      if (this.queued.length) {
        const next = this.queued.splice(0).join(', ');
        void this.build(next);
      }
    });
    return this.running;
  }

  /** Ask for a rebuild; a burst of requests within the debounce window makes one build. */
  request(reason: string) {
    this.queued.push(reason);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running) return; // the running build picks the queue up when it ends
      const reasons = this.queued.splice(0).join(', ');
      void this.build(reasons);
    }, this.debounceMs);
  }

  get busy() {
    return Boolean(this.running);
  }

  /** Kill a running build (Ctrl-C). */
  stop() {
    clearTimeout(this.timer);
    for (const child of this.children) child.kill('SIGTERM');
  }

  private async runBuild(reason: string): Promise<BuildResult> {
    const started = Date.now();
    mkdirSync(this.buildsDir, { recursive: true });
    const dir = path.join(this.buildsDir, `build-${started}`);
    this.log(`[build] ${reason}: building…`);
    this.counts.started++;
    // The pages being served are the previous build's output: the build keeps the unchanged ones.
    if (existsSync(this.publishDir)) await copyTree(realpathSync(this.publishDir), dir);
    const ok = await this.run(['astro', 'build', '--outDir', dir]);
    const ms = Date.now() - started;
    this.counts.finished++;
    if (!ok) {
      this.counts.failed++;
      await removeTree(dir);
      this.log(`[build] failed after ${(ms / 1000).toFixed(1)} s; still serving the previous build`);
      return { ok, ms, dir };
    }
    await this.publish(dir);
    this.log(`[build] done in ${(ms / 1000).toFixed(1)} s`);
    return { ok, ms, dir };
  }

  /** Atomically point dist/ at a finished build and remove older ones. */
  private async publish(dir: string) {
    if (existsSync(this.publishDir) && !lstatSync(this.publishDir).isSymbolicLink())
      await removeTree(this.publishDir);
    const temp = `${this.publishDir}.next`;
    rmSync(temp, { force: true });
    symlinkSync(path.relative(this.root, dir), temp, 'dir');
    renameSync(temp, this.publishDir);
    writeFileSync(this.publishedFromFile, this.database);
    for (const name of readdirSync(this.buildsDir)) {
      const old = path.join(this.buildsDir, name);
      if (old !== dir) await removeTree(old);
    }
  }

  private run(args: string[]): Promise<boolean> {
    return new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [path.join(this.root, 'node_modules', '.bin', args[0]!), ...args.slice(1)],
        {
          cwd: this.root,
          // A build is a production build even when this runs under the tests (NODE_ENV=test would
          // make Vite's import.meta.env.DEV true, and every group page pre-rendered as in `astro dev`).
          // Its database connections name themselves, so the local database serves function calls first.
          env: {
            ...this.env,
            NODE_ENV: 'production',
            ...(this.env.DATABASE_URL ? { DATABASE_URL: buildDatabaseUrl(this.env.DATABASE_URL) } : {}),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      this.children.add(child);
      const forward = (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line.trim()) this.log(`  ${line}`);
      };
      child.stdout?.on('data', forward);
      child.stderr?.on('data', forward);
      child.on('close', (code) => {
        this.children.delete(child);
        resolve(code === 0);
      });
    });
  }
}
