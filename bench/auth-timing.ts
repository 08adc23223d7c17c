// npm run bench -- --only auth-timing: how long the answers that could tell whether an e-mail has an
// account take, each next to its counterpart (issue #32): 'Esqueci minha senha' for an existing and an
// unknown address, login with a wrong password and with an unknown e-mail, registration with a new and
// a taken e-mail. Calls go through the function entrypoints with a Netlify-like context; the time is
// taken until the answer, and what the function hands to context.waitUntil (the e-mails, sent to the
// local SMTP catcher) is awaited afterwards, untimed, as Netlify runs it after the response. The cases
// alternate call by call, so a slower moment of the machine weighs on both sides alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DbHandle } from '../db/client.ts';
import { users } from '../db/schema.ts';
import * as authFn from '../functions/auth.ts';
import * as resetFn from '../functions/password-reset.ts';
import { startMailCatcher } from '../scripts/platform/mail-catcher.ts';
import { hashPassword } from '../src/features/auth/password.server.ts';
import { resetEnvForTests } from '../src/lib/env.server.ts';
import { makeContext } from '../tests/support/functions.ts';
import { type Latency, latency, log, round } from './lib.ts';

type FunctionModule = { default: (req: Request, context: never) => Promise<Response> };

export interface AuthTimingCase {
  name: string;
  status: number;
  latency: Latency;
}

export interface AuthTimingSection {
  iterations: number;
  /** pairs that must not tell an account from none: p50 difference in ms (second minus first) */
  pairs: { cases: [string, string]; p50DiffMs: number; p95DiffMs: number }[];
  cases: AuthTimingCase[];
}

const PASSWORD = 'senha-do-bench-123';

/** One timed call through a function entrypoint from its own address; waitUntil work awaited after. */
async function timedCall(module: FunctionModule, url: string, body: unknown, ip: string) {
  const req = new Request(new URL(url, 'http://localhost:8888'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const { context, settled } = makeContext(req, {}, ip);
  const started = performance.now();
  const res = await module.default(req, context as never);
  await res.arrayBuffer();
  const ms = performance.now() - started;
  await settled();
  return { ms, status: res.status };
}

/** Run two cases alternately `n` times; `call(i)` gets a fresh index for addresses and e-mails. */
async function pair(
  n: number,
  first: [string, (i: number) => Promise<{ ms: number; status: number }>],
  second: [string, (i: number) => Promise<{ ms: number; status: number }>],
) {
  const samples = [[], []] as number[][];
  const statuses = [0, 0];
  for (let i = -3; i < n; i++) {
    for (const [k, [, call]] of [first, second].entries()) {
      const { ms, status } = await call(i + 3);
      statuses[k] = status;
      if (i >= 0) samples[k]!.push(ms); // the first three rounds warm up
    }
  }
  const cases = [first, second].map(([name], k) => ({
    name,
    status: statuses[k]!,
    latency: latency(samples[k]!),
  }));
  return {
    cases,
    pair: {
      cases: [first[0], second[0]] as [string, string],
      p50DiffMs: round(cases[1]!.latency.p50 - cases[0]!.latency.p50),
      p95DiffMs: round(cases[1]!.latency.p95 - cases[0]!.latency.p95),
    },
  };
}

export async function benchAuthTiming(handle: DbHandle, iterations: number): Promise<AuthTimingSection> {
  const { db } = handle;
  const mailDir = mkdtempSync(path.join(tmpdir(), 'bench-mail-'));
  const catcher = await startMailCatcher({ dir: mailDir });
  const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM };
  process.env.SMTP_URL = catcher.url;
  process.env.MAIL_FROM ??= 'Bench <bench@bench.local>';
  resetEnvForTests();
  // scrypt is the cost of most of these calls (~0.1–0.3 s each): fewer rounds than the API's.
  const n = Math.max(10, Math.min(iterations, 40));
  try {
    // One account per round, so no account's own limits or slow-down kick in during the bench.
    const hash = await hashPassword(PASSWORD);
    const stamp = Date.now().toString(36);
    const account = (i: number) => `conta-${stamp}-${i}@bench.local`;
    const unknown = (i: number) => `ninguem-${stamp}-${i}@bench.local`;
    await db.insert(users).values(
      Array.from({ length: n + 3 }, (_, i) => ({
        name: `Conta ${i}`,
        email: account(i),
        password: hash,
        admin: false,
      })),
    );
    // Each call from its own address: the per-address limits count every call otherwise.
    let address = 0;
    const ip = () => `10.77.${(++address >> 8) & 255}.${address & 255}`;
    const reset = (email: string) => timedCall(resetFn, '/api/password-reset', { email }, ip());
    const login = (email: string, password: string) =>
      timedCall(authFn, '/api/login', { email, password }, ip());
    const register = (email: string) =>
      timedCall(
        authFn,
        '/api/register',
        { name: 'Pessoa do Bench', email, password: PASSWORD, confirmPassword: PASSWORD, adult: true },
        ip(),
      );

    log(`auth timing: ${n} rounds of each pair…`);
    const results = [
      await pair(
        n,
        ['reset, existing e-mail', (i) => reset(account(i))],
        ['reset, unknown e-mail', (i) => reset(unknown(i))],
      ),
      await pair(
        n,
        ['login, wrong password', (i) => login(account(i), 'senha-errada-123')],
        ['login, unknown e-mail', (i) => login(unknown(i), 'senha-errada-123')],
      ),
      await pair(
        n,
        ['register, new e-mail', (i) => register(`nova-${stamp}-${i}@bench.local`)],
        ['register, taken e-mail', (i) => register(account(i))],
      ),
    ];
    return { iterations: n, pairs: results.map((r) => r.pair), cases: results.flatMap((r) => r.cases) };
  } finally {
    if (saved.SMTP_URL === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = saved.SMTP_URL;
    if (saved.MAIL_FROM === undefined) delete process.env.MAIL_FROM;
    else process.env.MAIL_FROM = saved.MAIL_FROM;
    resetEnvForTests();
    await catcher.stop();
    rmSync(mailDir, { recursive: true, force: true });
  }
}
