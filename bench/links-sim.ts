// npm run bench:links-sim [-- --groups 100000] : the shipped settings in the reference world, one row,
// printed as `dead joins N %` beside the published row; `-- --publish` runs every published row and
// writes bench/results-links.json and the table in docs/link-health.md (decision 0018).
//
// What it simulates is what a default deploy does, through the functions production calls with the
// inputs production builds (src/features/links/check-capacity.ts and check-policy.ts, imported):
// - a scheduled run every LINK_CHECK_RUN_MINUTES claims LINK_CHECK_BATCH groups (suspects waiting to
//   confirm a dead answer, then the front of the queue, then the earliest due) and checks them at the
//   pace within the function's 22 s budget, handing back what it did not reach; its scale is adjusted
//   once per run (adjustIntervalScale) and every decision, a join's included, uses it;
// - one pace of LINK_CHECK_PACE ms shared by the runs, the joins' own checks, broken-link reports,
//   claims and submissions (a join, report or claim takes a slot only when it comes soon enough);
// - WhatsApp answers inconclusively to a share of requests (2 %: timeouts, 5xx, consent pages; the group
//   is tried again within UNKNOWN_RETRY_MS) and with 429 to another (every check pauses for
//   backoffSeconds, doubled for each 429 in a row, as link_check_state does).
// The world is not the policy's: its hazards are the bench's own (WORLDS), and only the reference one
// happens to equal the policy's priors. 200,000 joins a day by Zipf(1) over fixed popularity ranks
// (a replacement takes the slot); 10 % of the catalogue under 30 days at the start; a hidden group is
// replaced by a new one (its submission check takes a request); 10 % of visitors on a dead link report
// it. A dead join: the visitor was sent to a link dead at that moment; a stopped join: the site told
// the visitor the link no longer works ('Este link deixou de funcionar').
//
// One second is one step. Typed arrays, an indexed heap keyed by due time, an alias table for the
// Zipf draw: 1M groups over 90 days in well under a minute.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  decisionScale,
  LINK_CHECK_RUN_MINUTES,
  PACE_REQUESTS_PER_DAY,
  policyInputOf,
  RUN_TIME_BUDGET_MS,
  scheduledCapacityPerDay,
} from '../src/features/links/check-capacity.ts';
import {
  adjustIntervalScale,
  JOIN_CHECK_MAX_WAIT_MS,
  joinChecksFirst,
  joinQueuesCheck,
  MAX_INTERVAL_SCALE,
  MIN_INTERVAL_SCALE,
  nextCheckDueAt,
  type PolicyAnswer,
} from '../src/features/links/check-policy.ts';
import { backoffSeconds } from '../src/features/links/link-health.ts';
import { LINK_CHECK_DEFAULTS } from '../src/lib/env.server.ts';

/**
 * due-by-joins: the shipped policy; due-by-joins-queue-only: the same without the joins' own checks;
 * round-robin: longest-unchecked first (no join rules). All three under the same runs and pace.
 */
export type SimPolicy = 'due-by-joins' | 'due-by-joins-queue-only' | 'round-robin';

/** Daily death hazards of the simulated world (not the policy's priors: those are its guess). */
export interface World {
  youngHazard: number;
  oldHazard: number;
  /** age under which a group is young (days) */
  youngDays: number;
}

export const WORLDS = {
  /** issue #33's reference: 3 %/day in the first 30 days, 0.5 %/day after */
  reference: { youngHazard: 0.03, oldHazard: 0.005, youngDays: 30 },
  half: { youngHazard: 0.015, oldHazard: 0.0025, youngDays: 30 },
  double: { youngHazard: 0.06, oldHazard: 0.01, youngDays: 30 },
  /** age does not matter: 1 %/day for every group (about the reference catalogue's mean at steady state) */
  flat: { youngHazard: 0.01, oldHazard: 0.01, youngDays: 30 },
} satisfies Record<string, World>;
export type WorldName = keyof typeof WORLDS;

export interface SimOptions {
  groups: number;
  policy: SimPolicy;
  world?: WorldName;
  days?: number;
  /** the last days measured (the steady state); the days before warm the catalogue up */
  measureDays?: number;
  joinsPerDay?: number;
  /** LINK_CHECK_BATCH, LINK_CHECK_PACE, LINK_DEAD_CONFIRM_MINUTES: the shipped defaults unless given */
  batch?: number;
  paceMs?: number;
  confirmMinutes?: number;
  runMinutes?: number;
  /** how long a run may check (RUN_TIME_BUDGET_MS; only to explore what a longer-running checker buys) */
  budgetMs?: number;
  /** share of requests WhatsApp answers inconclusively (timeouts, 5xx, consent pages) */
  inconclusiveShare?: number;
  /** share of requests answered 429, and the Retry-After it carries */
  rateLimitShare?: number;
  retryAfterSeconds?: number;
  /** ownership claims a day (each checks the link through the pace) */
  claimsPerDay?: number;
  reportShare?: number;
  youngShare?: number;
  seed?: number;
}

export const SIM_DEFAULTS = {
  world: 'reference' as WorldName,
  days: 90,
  measureDays: 30,
  joinsPerDay: 200_000,
  runMinutes: LINK_CHECK_RUN_MINUTES,
  inconclusiveShare: 0.02,
  rateLimitShare: 0.0001,
  retryAfterSeconds: 60,
  claimsPerDay: 200,
  reportShare: 0.1,
  youngShare: 0.1,
  seed: 33,
};

/** Checks by cause, as the admin's figures count them. */
export interface CauseCounts {
  scheduled: number;
  join: number;
  report: number;
  submission: number;
  claim: number;
}

export interface SimRow {
  groups: number;
  policy: SimPolicy;
  world: WorldName;
  /** the settings a default deploy runs (batch, pace, schedule) */
  shipped: boolean;
  deadJoinShare: number;
  stoppedJoinShare: number;
  /** inconclusive answers (429s included) over all requests */
  inconclusiveShare: number;
  /** the queue's checks a day: the scheduled runs' and those on a spare slot after a join */
  scheduledChecksPerDay: number;
  /** what the scheduled runs alone can check a day (batch, budget, schedule) */
  scheduledCapacityPerDay: number;
  /** the queue's checks a day made on a spare slot after a join (checkOnSpareSlot) */
  spareChecksPerDay: number;
  requestsPerDay: number;
  batch: number;
  paceMs: number;
  runMinutes: number;
  budgetMs: number;
  days: number;
  measuredDays: number;
  joins: number;
  deadJoins: number;
  stoppedJoins: number;
  /** requests in the measured days, by cause */
  checks: CauseCounts;
  /** the scheduled runs' checks by queue: confirmations, the front, the due order */
  scheduledByQueue: { confirm: number; front: number; due: number };
  /** the spare slots' checks by queue */
  spareByQueue: { confirm: number; front: number; due: number };
  /** dead joins by why the join did not stop them: not overdue, no slot of the pace, paused, inconclusive */
  deadJoinsWhy: { notDue: number; noSlot: number; paused: number; inconclusive: number };
  rateLimited: number;
  /** share of the measured time every check was paused after a 429 */
  pausedShare: number;
  hiddenPerDay: number;
  scaleAtEnd: number | null;
  /** whether the scale ended pinned at a bound of adjustIntervalScale */
  scaleBound: 'max' | 'min' | null;
  youngShareAtEnd: number;
  windows: number[];
  deadByRankDecade: number[];
  seconds: number;
}

const SECOND_MS = 1000;
/** A claimed group's due time moves this far ahead while its run checks it (CLAIM_LEASE_MS). */
const LEASE_SECONDS = 600;
/** Claims wait this long for a slot of the pace (claims.server.ts CHECK_MAX_WAIT_MS). */
const CLAIM_MAX_WAIT_SECONDS = 3;

/** mulberry32: small, fast and seeded (the same scenario for both policies). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Walker's alias table for Zipf(1) over n ranks. */
function zipfAlias(n: number) {
  const weights = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) total += weights[i] = 1 / (i + 1);
  const prob = new Float64Array(n);
  const alias = new Int32Array(n);
  const small = new Int32Array(n);
  const large = new Int32Array(n);
  let ns = 0;
  let nl = 0;
  for (let i = 0; i < n; i++) {
    prob[i] = (weights[i]! * n) / total;
    if (prob[i]! < 1) small[ns++] = i;
    else large[nl++] = i;
  }
  while (ns > 0 && nl > 0) {
    const s = small[--ns]!;
    const l = large[--nl]!;
    alias[s] = l;
    prob[l] = prob[l]! + prob[s]! - 1;
    if (prob[l]! < 1) small[ns++] = l;
    else large[nl++] = l;
  }
  while (nl > 0) prob[large[--nl]!] = 1;
  while (ns > 0) prob[small[--ns]!] = 1;
  return { prob, alias, total };
}

/** An indexed binary min-heap of slots keyed by `key[slot]`. */
class SlotHeap {
  readonly heap: Int32Array;
  readonly pos: Int32Array;
  size = 0;
  constructor(
    n: number,
    private readonly key: Float64Array,
  ) {
    this.heap = new Int32Array(n);
    this.pos = new Int32Array(n).fill(-1);
  }
  push(slot: number) {
    this.heap[this.size] = slot;
    this.pos[slot] = this.size;
    this.up(this.size++);
  }
  top() {
    return this.heap[0]!;
  }
  update(slot: number) {
    const i = this.pos[slot]!;
    this.up(i);
    this.down(this.pos[slot]!);
  }
  private up(i: number) {
    const { heap, pos, key } = this;
    const slot = heap[i]!;
    const k = key[slot]!;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const ps = heap[p]!;
      if (key[ps]! <= k) break;
      heap[i] = ps;
      pos[ps] = i;
      i = p;
    }
    heap[i] = slot;
    pos[slot] = i;
  }
  private down(i: number) {
    const { heap, pos, key, size } = this;
    const slot = heap[i]!;
    const k = key[slot]!;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && key[heap[c + 1]!]! < key[heap[c]!]!) c++;
      const cs = heap[c]!;
      if (key[cs]! >= k) break;
      heap[i] = cs;
      pos[cs] = i;
      i = c;
    }
    heap[i] = slot;
    pos[slot] = i;
  }
}

/** A FIFO ring of slots (each slot at most once: callers keep a flag). */
class Ring {
  readonly items: Int32Array;
  readonly times: Float64Array;
  head = 0;
  length = 0;
  constructor(private readonly capacity: number) {
    this.items = new Int32Array(capacity);
    this.times = new Float64Array(capacity);
  }
  push(slot: number, time = 0) {
    if (this.length >= this.capacity) throw new Error('links-sim: queue overflow');
    const i = (this.head + this.length++) % this.capacity;
    this.items[i] = slot;
    this.times[i] = time;
  }
  peekTime() {
    return this.times[this.head]!;
  }
  shift() {
    const slot = this.items[this.head]!;
    this.head = (this.head + 1) % this.capacity;
    this.length--;
    return slot;
  }
}

/** Run one policy over one world and count dead and stopped joins in the measured days. */
export function simulate(options: SimOptions): SimRow {
  const started = performance.now();
  const o = { ...SIM_DEFAULTS, ...withoutUndefined(options) };
  const n = o.groups;
  const batch = options.batch ?? LINK_CHECK_DEFAULTS.batch;
  const paceMs = options.paceMs ?? LINK_CHECK_DEFAULTS.paceMs;
  const confirmSeconds = (options.confirmMinutes ?? LINK_CHECK_DEFAULTS.confirmMinutes) * 60;
  const world = WORLDS[o.world];
  const joinsPerSecond = o.joinsPerDay / 86_400;
  const claimsPerSecond = o.claimsPerDay / 86_400;
  const random = rng(o.seed);
  const exp = (rate: number) => -Math.log(1 - random()) / rate;
  const youngAge = world.youngDays * 86_400;
  const youngRate = world.youngHazard / 86_400;
  const oldRate = world.oldHazard / 86_400;
  const byJoins = o.policy !== 'round-robin';
  const joinChecks = o.policy === 'due-by-joins';
  const joinWaitSeconds = JOIN_CHECK_MAX_WAIT_MS / SECOND_MS;
  const slotSeconds = paceMs / SECOND_MS;
  const runSeconds = o.runMinutes * 60;
  const budgetMs = options.budgetMs ?? RUN_TIME_BUDGET_MS;
  const budgetSeconds = budgetMs / SECOND_MS;

  // Death time of a group born at `birth`, alive at `now` (piecewise exponential, memoryless).
  const deathAfter = (birth: number, now: number) => {
    const age = now - birth;
    if (age < youngAge) {
      const r = exp(youngRate);
      if (age + r < youngAge) return now + r;
      return birth + youngAge + exp(oldRate);
    }
    return now + exp(oldRate);
  };

  const { prob, alias, total } = zipfAlias(n);
  const birth = new Float64Array(n);
  const death = new Float64Array(n);
  const knownDead = new Uint8Array(n);
  const queued = new Uint8Array(n);
  const due = new Float64Array(n);
  const totalJoins = new Float64Array(n);
  /** cliques at the last conclusive check (link_check_joins) */
  const joinsAtCheck = new Float64Array(n);
  /** link_checked_at (NaN: never) */
  const lastChecked = new Float64Array(n);
  /** link_dead_at: the counted dead answer */
  const deadAt = new Float64Array(n);
  const heap = new SlotHeap(n, due);
  // A slot may sit twice in the front (queued again after a check cleared its flag): room for that.
  const front = new Ring(4 * n);
  const suspects = new Ring(2 * n);

  let scale = decisionScale(null);
  // The policy's input, built by the same function production uses from the same columns.
  const policyInput = (slot: number, answer: PolicyAnswer, now: number, checkedAt = lastChecked[slot]!) =>
    policyInputOf(
      {
        createdAt: birth[slot]! * SECOND_MS,
        cliques: totalJoins[slot]!,
        linkCheckJoins: joinsAtCheck[slot]!,
        linkCheckedAt: Number.isNaN(checkedAt) ? null : checkedAt * SECOND_MS,
      },
      answer,
      now * SECOND_MS,
      scale,
    );
  const dueAtOf = (slot: number) => (Number.isNaN(lastChecked[slot]!) ? null : due[slot]! * SECOND_MS);
  /** The next due time after a live or unknown answer (round robin: the longest unchecked first). */
  const nextDue = (slot: number, answer: PolicyAnswer, now: number, previous: number) => {
    if (!byJoins) return answer === 'unknown' ? now + 6 * 3600 : now;
    return nextCheckDueAt(policyInput(slot, answer, now, previous)) / SECOND_MS;
  };

  for (let slot = 0; slot < n; slot++) {
    const age = random() < o.youngShare ? random() * youngAge : youngAge + exp(oldRate);
    birth[slot] = -age;
    death[slot] = deathAfter(-age, 0);
    totalJoins[slot] = Math.round(((joinsPerSecond / (slot + 1)) * age) / total);
    const checkedAt = -random() * 14 * 86_400;
    joinsAtCheck[slot] = totalJoins[slot]!;
    lastChecked[slot] = checkedAt;
    due[slot] = nextDue(slot, 'live', checkedAt, checkedAt - 86_400);
    heap.push(slot);
  }

  const totalSeconds = Math.round(o.days * 86_400);
  const measureFrom = totalSeconds - Math.round(o.measureDays * 86_400);
  let measuring = false;
  let joins = 0;
  let deadJoins = 0;
  let stoppedJoins = 0;
  /** dead joins by why the join did not stop them: not overdue, no slot of the pace, paused, inconclusive */
  const deadJoinsWhy = { notDue: 0, noSlot: 0, paused: 0, inconclusive: 0 };
  const spareByQueue = { confirm: 0, front: 0, due: 0 };
  let hidden = 0;
  let requests = 0;
  let inconclusive = 0;
  let rateLimited = 0;
  let pausedSeconds = 0;
  const checks: CauseCounts = { scheduled: 0, join: 0, report: 0, submission: 0, claim: 0 };
  const scheduledByQueue = { confirm: 0, front: 0, due: 0 };
  const windows: number[] = [];
  let windowJoins = 0;
  let windowDead = 0;
  const byRank = [0, 0, 0, 0, 0, 0, 0];
  // The shared pace: when its next free request slot starts. link_check_state: the pause after a 429.
  let paceFree = 0;
  let pausedUntil = -1;
  let rateLimitedRuns = 0;
  let lastRunAt = -1;

  /** One request to WhatsApp: its answer (429 pauses every check; see pauseAfterRateLimit). */
  const ask = (slot: number, now: number, cause: keyof CauseCounts, pauses = true): PolicyAnswer | 429 => {
    if (measuring) {
      requests++;
      checks[cause]++;
    }
    const u = random();
    if (u < o.rateLimitShare) {
      if (measuring) {
        rateLimited++;
        inconclusive++;
      }
      if (pauses) pausedUntil = now + backoffSeconds(o.retryAfterSeconds, rateLimitedRuns++);
      return 429;
    }
    if (u < o.rateLimitShare + o.inconclusiveShare) {
      if (measuring) inconclusive++;
      return 'unknown';
    }
    return death[slot]! <= now ? 'dead' : 'live';
  };

  /** recordLinkAnswer: apply one answer to a group (`previous`: the check before, for the rate). */
  const record = (slot: number, answer: PolicyAnswer, now: number, previous = lastChecked[slot]!) => {
    if (answer === 'unknown') {
      // Nothing changes but the due time (tried again within UNKNOWN_RETRY_MS); a suspect stays one.
      if (knownDead[slot]) suspects.push(slot, now);
      else {
        queued[slot] = 0; // out of the front: its due time is the retry's
        due[slot] = nextDue(slot, 'unknown', now, previous);
        heap.update(slot);
      }
      return;
    }
    queued[slot] = 0;
    if (answer === 'live') {
      due[slot] = nextDue(slot, 'live', now, previous);
      joinsAtCheck[slot] = totalJoins[slot]!;
      lastChecked[slot] = now;
      heap.update(slot);
      return;
    }
    if (knownDead[slot] && now - deadAt[slot]! < confirmSeconds) return; // too soon: counts once
    if (!knownDead[slot]) {
      deadAt[slot] = now;
      // The first dead answer: visitors are stopped from now on; the confirmation comes later.
      knownDead[slot] = 1;
      suspects.push(slot, now + confirmSeconds);
      due[slot] = now + confirmSeconds + 86_400 * 365;
      heap.update(slot);
      return;
    }
    // Confirmed: hidden, and a new group takes the slot after its submission check (its own request).
    if (measuring) hidden++;
    knownDead[slot] = 0;
    birth[slot] = now;
    death[slot] = deathAfter(now, now);
    totalJoins[slot] = 0;
    joinsAtCheck[slot] = 0;
    takeSlot(now, Number.POSITIVE_INFINITY);
    const submitted = ask(slot, now, 'submission', false);
    if (submitted === 'live') {
      lastChecked[slot] = now;
      due[slot] = nextDue(slot, 'live', now, now);
    } else {
      // Submitted unchecked: never checked, first in the queue (link_check_due_at null).
      lastChecked[slot] = Number.NaN;
      due[slot] = now + 86_400 * 365;
      if (!queued[slot]) front.push(slot);
      queued[slot] = 1;
    }
    heap.update(slot);
  };

  /** takeCheckSlot: the next slot of the pace if it starts within `maxWait`; false when busy. */
  const takeSlot = (now: number, maxWait: number) => {
    const slotAt = Math.max(paceFree, now);
    if (slotAt > now + maxWait) return false;
    paceFree = slotAt + slotSeconds;
    return true;
  };

  // The scheduled run in progress: its claims (slot, previous due, previous check, queue), and its start.
  const runClaims: number[] = [];
  const runPrevDue: number[] = [];
  const runPrevChecked: number[] = [];
  const runQueue: (keyof typeof scheduledByQueue)[] = [];
  let runIndex = 0;
  let runStart = -1;
  const release = () => {
    for (; runIndex < runClaims.length; runIndex++) {
      const slot = runClaims[runIndex]!;
      const q = runQueue[runIndex]!;
      lastChecked[slot] = runPrevChecked[runIndex]!;
      if (q === 'confirm') suspects.push(slot, 0);
      else if (q === 'front') front.push(slot);
      else {
        due[slot] = runPrevDue[runIndex]!;
        heap.update(slot);
      }
    }
  };
  // claimLinkBatch's order: suspects whose confirmation is due, then the front (never checked first),
  // then the earliest due. The claim writes the check time, as production's does.
  const claimNext = (now: number): { slot: number; q: keyof typeof scheduledByQueue; previous: number } => {
    for (;;) {
      let slot: number;
      let q: keyof typeof scheduledByQueue;
      if (suspects.length > 0 && suspects.peekTime() <= now) {
        slot = suspects.shift();
        if (!knownDead[slot]) continue;
        q = 'confirm';
      } else if (front.length > 0) {
        slot = front.shift();
        if (!queued[slot]) continue;
        q = 'front';
      } else {
        slot = heap.top();
        q = 'due';
      }
      const previous = lastChecked[slot]!;
      lastChecked[slot] = now;
      return { slot, q, previous };
    }
  };
  // checkOnSpareSlot: after a join that asked nothing, a slot of the pace free now checks the queue's next.
  const spareCheck = (now: number) => {
    if (!joinChecks || pausedUntil > now || paceFree > now) return;
    const { slot, q, previous } = claimNext(now);
    paceFree = now + slotSeconds;
    if (measuring) spareByQueue[q]++;
    const answer = ask(slot, now, 'scheduled');
    if (answer === 429) {
      // releaseClaims: the group gets its place back.
      lastChecked[slot] = previous;
      if (q === 'confirm') suspects.push(slot, 0);
      else if (q === 'front') front.push(slot);
      return;
    }
    if (q === 'due' && answer === 'unknown') {
      due[slot] = nextDue(slot, 'unknown', now, previous);
      heap.update(slot);
    } else record(slot, answer, now, previous);
  };
  const startRun = (now: number) => {
    runClaims.length = runPrevDue.length = runPrevChecked.length = runQueue.length = 0;
    runIndex = 0;
    runStart = now;
    if (pausedUntil > now) return; // skipped: the pause holds every run
    if (byJoins) {
      const elapsed = lastRunAt < 0 ? 0 : (now - lastRunAt) * SECOND_MS;
      scale = adjustIntervalScale(scale, due[heap.top()]! * SECOND_MS, now * SECOND_MS, elapsed);
    }
    while (runClaims.length < batch) {
      const { slot, q, previous } = claimNext(now);
      runClaims.push(slot);
      runPrevDue.push(due[slot]!);
      runPrevChecked.push(previous);
      runQueue.push(q);
      if (q === 'due') {
        due[slot] = now + LEASE_SECONDS;
        heap.update(slot);
      }
    }
  };
  const finishRun = (now: number) => {
    release();
    runStart = -1;
    if (pausedUntil <= now) {
      rateLimitedRuns = 0; // markRun
      lastRunAt = now;
    }
  };

  for (let now = 0; now < totalSeconds; now++) {
    if (now % (10 * 86_400) === 0 && now > 0) {
      windows.push(windowJoins ? Number((windowDead / windowJoins).toFixed(5)) : 0);
      windowJoins = 0;
      windowDead = 0;
    }
    measuring = now >= measureFrom;
    const paused = pausedUntil > now;
    if (measuring && paused) pausedSeconds++;
    if (now % runSeconds === 0) {
      if (runStart >= 0) finishRun(now);
      startRun(now);
    }

    // The run's requests of this second: each takes the pace's next slot while the budget lasts.
    while (runStart >= 0 && runIndex < runClaims.length) {
      const slotAt = Math.max(paceFree, now);
      if (slotAt >= now + 1) break;
      if (slotAt - runStart >= budgetSeconds) {
        finishRun(now);
        break;
      }
      const slot = runClaims[runIndex]!;
      const q = runQueue[runIndex]!;
      const previous = runPrevChecked[runIndex]!;
      paceFree = slotAt + slotSeconds;
      runIndex++;
      if (measuring) scheduledByQueue[q]++;
      const answer = ask(slot, now, 'scheduled');
      if (answer === 429) {
        // The run stops and hands back what it did not check (this one included).
        runIndex--;
        finishRun(now);
        break;
      }
      if (q === 'due' && answer === 'unknown') {
        // A run's inconclusive answer keeps the claim's link_checked_at (production's claim wrote it).
        due[slot] = nextDue(slot, 'unknown', now, previous);
        heap.update(slot);
      } else record(slot, answer, now, previous);
    }
    if (runStart >= 0 && runIndex >= runClaims.length) finishRun(now);

    // Ownership claims (Poisson): each asks WhatsApp through the pace when a slot comes soon enough.
    if (claimsPerSecond > 0 && random() < claimsPerSecond && pausedUntil <= now)
      if (takeSlot(now, CLAIM_MAX_WAIT_SECONDS)) ask(Math.floor(random() * n), now, 'claim');

    // The joins of this second (Poisson).
    let k = 0;
    for (let p = Math.exp(-joinsPerSecond), u = random(); u > p; u *= random()) k++;
    for (let j = 0; j < k; j++) {
      const r = random() * n;
      const i = Math.floor(r);
      const slot = r - i < prob[i]! ? i : alias[i]!;
      if (knownDead[slot]) {
        // The site knows: 'Este link deixou de funcionar' and related groups instead of the link.
        if (measuring) stoppedJoins++;
        continue;
      }
      // checkBeforeJoin: an overdue group is checked first when no pause is on and the pace has a slot.
      let checked: PolicyAnswer | 429 | null = null;
      const wants =
        joinChecks && joinChecksFirst({ ...policyInput(slot, 'live', now), dueAt: dueAtOf(slot) });
      let why: keyof typeof deadJoinsWhy = !wants ? 'notDue' : pausedUntil > now ? 'paused' : 'noSlot';
      if (wants && pausedUntil <= now && takeSlot(now, joinWaitSeconds)) {
        why = 'inconclusive';
        checked = ask(slot, now, 'join');
        if (checked !== 429) record(slot, checked, now);
        if (checked === 'dead') {
          if (measuring) stoppedJoins++;
          continue;
        }
      }
      totalJoins[slot] = totalJoins[slot]! + 1;
      windowJoins++;
      if (measuring) joins++;
      if (death[slot]! <= now) {
        windowDead++;
        if (measuring) {
          deadJoinsWhy[why]++;
          deadJoins++;
          byRank[Math.min(6, Math.floor(Math.log10(slot + 1)))]!++;
        }
        // checkReportedLink: checked at once when the pace allows, else it waits at the front.
        if (random() < o.reportShare) {
          const answer =
            pausedUntil <= now && takeSlot(now, joinWaitSeconds) ? ask(slot, now, 'report') : null;
          if (answer !== null && answer !== 429 && answer !== 'unknown') record(slot, answer, now);
          else if (!queued[slot]) {
            queued[slot] = 1;
            front.push(slot);
          }
          continue;
        }
      }
      if (checked === null) spareCheck(now);
      // queueOverdueCheck: the join did not check; an overdue group moves to the front.
      if (
        byJoins &&
        checked === null &&
        !queued[slot] &&
        !Number.isNaN(lastChecked[slot]!) &&
        joinQueuesCheck({ ...policyInput(slot, 'live', now), dueAt: dueAtOf(slot) })
      ) {
        queued[slot] = 1;
        front.push(slot);
      }
    }
  }
  windows.push(windowJoins ? Number((windowDead / windowJoins).toFixed(5)) : 0);

  let young = 0;
  for (let slot = 0; slot < n; slot++) if (totalSeconds - birth[slot]! < youngAge) young++;
  const sent = joins + stoppedJoins;
  const capacity = Math.min(
    scheduledCapacityPerDay(batch, paceMs, o.runMinutes, budgetMs),
    (PACE_REQUESTS_PER_DAY * 1000) / Math.max(1, paceMs),
  );
  return {
    groups: n,
    policy: o.policy,
    world: o.world,
    shipped:
      options.batch === undefined &&
      options.paceMs === undefined &&
      budgetMs === RUN_TIME_BUDGET_MS &&
      o.runMinutes === LINK_CHECK_RUN_MINUTES,
    deadJoinShare: Number((deadJoins / sent).toFixed(5)),
    stoppedJoinShare: Number((stoppedJoins / sent).toFixed(5)),
    inconclusiveShare: Number((inconclusive / Math.max(1, requests)).toFixed(5)),
    scheduledChecksPerDay: Math.round(checks.scheduled / o.measureDays),
    scheduledCapacityPerDay: capacity,
    spareChecksPerDay: Math.round(
      (spareByQueue.confirm + spareByQueue.front + spareByQueue.due) / o.measureDays,
    ),
    requestsPerDay: Math.round(requests / o.measureDays),
    batch,
    paceMs,
    runMinutes: o.runMinutes,
    budgetMs,
    days: o.days,
    measuredDays: o.measureDays,
    joins: sent,
    deadJoins,
    stoppedJoins,
    checks,
    scheduledByQueue,
    spareByQueue,
    deadJoinsWhy,
    rateLimited,
    pausedShare: Number((pausedSeconds / (totalSeconds - measureFrom)).toFixed(5)),
    hiddenPerDay: Math.round(hidden / o.measureDays),
    scaleAtEnd: byJoins ? Number(scale.toPrecision(3)) : null,
    scaleBound: !byJoins
      ? null
      : scale >= MAX_INTERVAL_SCALE
        ? 'max'
        : scale <= MIN_INTERVAL_SCALE
          ? 'min'
          : null,
    youngShareAtEnd: Number((young / n).toFixed(4)),
    windows,
    deadByRankDecade: byRank,
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The rows published in bench/results-links.json (one at a time, each a few seconds to a minute). */
export const PUBLISHED: SimOptions[] = [
  { groups: 100_000, policy: 'due-by-joins' },
  { groups: 1_000_000, policy: 'due-by-joins' },
  { groups: 1_000_000, policy: 'round-robin' },
  { groups: 1_000_000, policy: 'due-by-joins', world: 'half' },
  { groups: 1_000_000, policy: 'due-by-joins', world: 'double' },
  { groups: 1_000_000, policy: 'due-by-joins', world: 'flat' },
];

const RESULTS = new URL('./results-links.json', import.meta.url);
const DOC = new URL('../docs/link-health.md', import.meta.url);
const TABLE_START = '<!-- links-sim table: generated by `npm run bench:links-sim -- --publish` -->';
const TABLE_END = '<!-- /links-sim table -->';

const pct = (share: number) => `${(share * 100).toFixed(2)} %`;
const thousands = (value: number) => value.toLocaleString('en-US');

/** The link-health page's table, from the published rows. */
export function tableOf(rows: SimRow[]): string {
  const head = [
    '| groups | world | policy | settings | dead joins | stopped joins | dead + stopped | inconclusive | queue checks a day: runs (their capacity) + spare slots | requests a day | scale at end |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const body = rows.map((r) =>
    [
      r.groups >= 1_000_000 ? `${r.groups / 1_000_000}M` : `${r.groups / 1000}k`,
      r.world,
      r.policy,
      `${r.shipped ? 'shipped: ' : ''}batch ${r.batch}, ${r.budgetMs / 1000} s a run every ${r.runMinutes} min, pace ${r.paceMs} ms`,
      r.shipped && r.policy === 'due-by-joins' ? `**${pct(r.deadJoinShare)}**` : pct(r.deadJoinShare),
      pct(r.stoppedJoinShare),
      pct(r.deadJoinShare + r.stoppedJoinShare),
      pct(r.inconclusiveShare),
      `${thousands(r.scheduledChecksPerDay - r.spareChecksPerDay)} (${thousands(r.scheduledCapacityPerDay)}) + ${thousands(r.spareChecksPerDay)}`,
      thousands(r.requestsPerDay),
      r.scaleAtEnd === null ? '–' : `${r.scaleAtEnd}${r.scaleBound ? ` (${r.scaleBound} bound)` : ''}`,
    ].join(' | '),
  );
  return [...head, ...body.map((line) => `| ${line} |`)].join('\n');
}

/** Put the table between its markers in docs/link-health.md. */
export function withTable(doc: string, rows: SimRow[]): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/link-health.md: the table markers are missing');
  return `${doc.slice(0, start + TABLE_START.length)}\n${tableOf(rows)}\n${doc.slice(end)}`;
}

function describeRow(row: SimRow) {
  return `links-sim: ${row.groups} groups, ${row.world} world, ${row.policy}${row.shipped ? ' (shipped settings)' : ''}: dead joins ${(row.deadJoinShare * 100).toFixed(2)} %, stopped ${(row.stoppedJoinShare * 100).toFixed(2)} %, inconclusive ${(row.inconclusiveShare * 100).toFixed(2)} %, scheduled ${row.scheduledChecksPerDay}/day of ${row.scheduledCapacityPerDay}, ${row.requestsPerDay} requests/day, scale ${row.scaleAtEnd}${row.scaleBound ? ` (${row.scaleBound} bound)` : ''} (${row.seconds} s)`;
}

function publish() {
  const rows = PUBLISHED.map((options) => {
    const row = simulate(options);
    console.log(describeRow(row));
    return row;
  });
  // The file's other sections (the /entrar timings under `join`) are kept.
  const previous = JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>;
  const results = {
    ...previous,
    scenario: 'issue #42: what ships',
    generatedAt: new Date().toISOString(),
    rows,
  };
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(DOC, withTable(readFileSync(DOC, 'utf8'), rows));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      groups: { type: 'string', default: '100000' },
      policy: { type: 'string', default: 'due-by-joins' },
      world: { type: 'string', default: 'reference' },
      batch: { type: 'string' },
      days: { type: 'string' },
      inconclusive: { type: 'string' },
      confirm: { type: 'string' },
      budget: { type: 'string' },
      publish: { type: 'boolean', default: false },
    },
  });
  if (values.publish) publish();
  else {
    const options: SimOptions = {
      groups: Number(values.groups),
      policy: values.policy as SimPolicy,
      world: values.world as WorldName,
      batch: values.batch === undefined ? undefined : Number(values.batch),
      days: values.days === undefined ? undefined : Number(values.days),
      inconclusiveShare: values.inconclusive === undefined ? undefined : Number(values.inconclusive),
      confirmMinutes: values.confirm === undefined ? undefined : Number(values.confirm),
      budgetMs: values.budget === undefined ? undefined : Number(values.budget),
    };
    const row = simulate(options);
    console.log(describeRow(row));
    const published = (JSON.parse(readFileSync(RESULTS, 'utf8')).rows as SimRow[]).find(
      (r) =>
        r.groups === row.groups &&
        r.policy === row.policy &&
        r.world === row.world &&
        r.shipped === row.shipped &&
        r.batch === row.batch,
    );
    console.log(
      published
        ? `published: dead joins ${(published.deadJoinShare * 100).toFixed(2)} %, stopped ${(published.stoppedJoinShare * 100).toFixed(2)} %`
        : 'published: no row with these settings',
    );
  }
}
