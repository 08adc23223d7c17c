// Netlify does not run scheduled functions locally: the platform calls each one on its schedule,
// the way production does (POST to /.netlify/functions/<name>).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCron } from './cron.ts';

interface Invoker {
  handle(request: Request): Promise<Response | undefined>;
}

export interface ScheduledFunction {
  name: string;
  schedule: string;
}

/** Every function in functions/ that declares config.schedule. */
export async function findScheduledFunctions(root: string): Promise<ScheduledFunction[]> {
  const dir = path.join(root, 'functions');
  const found: ScheduledFunction[] = [];
  for (const file of readdirSync(dir).filter((f) => /\.(m?ts|m?js)$/.test(f))) {
    const module = await import(pathToFileURL(path.join(dir, file)).href);
    const schedule = module.config?.schedule;
    if (typeof schedule === 'string') found.push({ name: file.replace(/\.[^.]+$/, ''), schedule });
  }
  return found;
}

/** Run scheduled functions at the start of every minute their schedule matches. */
export async function startScheduler(root: string, netlify: Invoker, log: (line: string) => void) {
  const jobs = (await findScheduledFunctions(root)).map((job) => ({
    ...job,
    cron: parseCron(job.schedule),
  }));
  if (jobs.length) log(`[schedule] ${jobs.map((j) => `${j.name} (${j.schedule})`).join(', ')}`);
  const tick = async () => {
    const now = new Date();
    for (const job of jobs.filter((j) => j.cron.matches(now))) {
      const response = await netlify
        .handle(
          new Request(`http://localhost/.netlify/functions/${job.name}`, { method: 'POST', body: '{}' }),
        )
        .catch((error: unknown) => {
          log(`[schedule] ${job.name} failed: ${String(error)}`);
          return undefined;
        });
      if (response && response.status >= 400) log(`[schedule] ${job.name} answered ${response.status}`);
    }
  };
  let timer: NodeJS.Timeout;
  const loop = () => {
    timer = setTimeout(
      () => {
        void tick();
        loop();
      },
      60_000 - (Date.now() % 60_000),
    );
  };
  loop();
  return { jobs, stop: () => clearTimeout(timer) };
}
