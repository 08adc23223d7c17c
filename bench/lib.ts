// Small shared pieces of the bench: timing statistics, process-tree memory, targets, the results file.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon, { type Options } from 'autocannon';

export interface Latency {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

/** p50/p95/max in milliseconds of a list of durations. */
export function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted.at(-1) ?? 0) };
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Time `iterations` sequential calls (after a short warm-up) and summarise them. */
export async function timeCalls(iterations: number, call: (i: number) => Promise<unknown>): Promise<Latency> {
  for (let i = 0; i < Math.min(5, iterations); i++) await call(i);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await call(i);
    samples.push(performance.now() - started);
  }
  return latency(samples);
}

/** Sum of the resident memory (bytes) of a process and all its descendants, from /proc (Linux). */
export function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(name);
      const ppid = Number(fields[1]);
      rss.set(pid, Number(fields[21]) * 4096);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop() as number;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Poll a process tree's memory until stopped; returns the peak in bytes. */
export function watchPeakRss(pid: number, everyMs = 200) {
  let peak = 0;
  const tick = () => {
    peak = Math.max(peak, treeRss(pid));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return peak;
    },
  };
}

export interface Target {
  name: string;
  target: string;
  value: number | null;
  unit: string;
  met: boolean | null;
}

/** A figure beside its target; `met` is null when the figure was not measured in this run. */
export function target(
  name: string,
  value: number | null | undefined,
  op: '<=' | '>=',
  limit: number,
  unit: string,
): Target {
  const v = value ?? null;
  const met = v === null ? null : op === '<=' ? v <= limit : v >= limit;
  return { name, target: `${op} ${limit} ${unit}`, value: v === null ? null : round(v), unit, met };
}

export const MB = 1024 * 1024;
export const KB = 1024;

export function log(line: string) {
  process.stderr.write(`[bench] ${line}\n`);
}

export interface LoadFigures {
  connections: number;
  /** requests that got a full response */
  total: number;
  /** wall-clock seconds from the first request to the last response */
  seconds: number;
  /** null when no request completed (every one timed out or failed): never a misleading 0 */
  requestsPerSecond: number | null;
  latencyP50Ms: number;
  latencyP97_5Ms: number;
  non2xx: number;
  /** how many responses had each status other than 2xx */
  non2xxByStatus: Record<string, number>;
  errors: number;
  timeouts: number;
}

/**
 * A fixed amount of requests (not a fixed duration) at `connections` concurrent clients, and
 * requests/s = completed / elapsed. autocannon's duration mode drops the requests still in flight when
 * time is up and averages per-second samples, so a platform slower than the window reported 0 requests.
 * Elapsed runs to the last response: autocannon ends a run at its next one-second tick, so its own
 * `duration` rounds every run up to whole seconds (1,280 requests in 4.0 s read as 5.0 s).
 */
export async function loadTest(
  options: Options & { connections: number; requestsPerClient: number },
): Promise<LoadFigures> {
  const { requestsPerClient, requests = [{}], ...rest } = options;
  const started = performance.now();
  let lastResponse = started;
  const result = await autocannon({
    timeout: 120,
    ...rest,
    amount: options.connections * requestsPerClient,
    requests: requests.map((spec) => ({
      ...spec,
      onResponse: (status, body, context) => {
        lastResponse = performance.now();
        spec.onResponse?.(status, body, context);
      },
    })),
  });
  const seconds = (lastResponse - started) / 1000;
  if (result.requests.total === 0)
    log(`WARNING: no request completed (${result.errors} errors, ${result.timeouts} timeouts)`);
  const non2xxByStatus = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {})
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => [status, count]),
  );
  return {
    connections: options.connections,
    total: result.requests.total,
    seconds: round(seconds, 2),
    requestsPerSecond: result.requests.total ? round(result.requests.total / seconds, 1) : null,
    latencyP50Ms: result.latency.p50,
    latencyP97_5Ms: result.latency.p97_5,
    non2xx: result.non2xx,
    non2xxByStatus,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * The platform starts a function's instances when calls arrive (up to four each, as Netlify does), and
 * each start costs about a second on 2 cores. So the load runs twice: a first round of two requests per
 * client starts them (its figures kept as `cold`), and the measured round follows on warm instances.
 * `beforeMeasured` resets whatever the caller counts in its request callbacks.
 */
export async function warmLoadTest(
  options: Parameters<typeof loadTest>[0],
  beforeMeasured?: () => void,
): Promise<LoadFigures & { cold: LoadFigures }> {
  const cold = await loadTest({ ...options, requestsPerClient: 2 });
  beforeMeasured?.();
  return { ...(await loadTest(options)), cold };
}
