// Netlify does not run scheduled functions locally: the platform calls each one on its schedule,
// the way production does (POST to /.netlify/functions/<name>).
import path from 'node:path';
import { parseCron } from './cron.ts';
import { listedFunctions } from './function-bundles.mjs';

interface Invoker {
  handle(request: Request): Promise<Response | undefined>;
}

export interface ScheduledFunction {
  name: string;
  schedule: string;
}

/** Every function in functions/ that declares config.schedule, read from its source as Netlify does. */
export async function findScheduledFunctions(root: string): Promise<ScheduledFunction[]> {
  const listed: { name: string; schedule?: unknown }[] = await listedFunctions(path.join(root, 'functions'));
  return listed.flatMap(({ name, schedule }) => (typeof schedule === 'string' ? [{ name, schedule }] : []));
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
