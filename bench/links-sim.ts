// npm run bench -- --only links-sim (or `tsx bench/links-sim.ts [--sizes 100000,1000000] [--days 150]`):
// how many joins the site sends to a dead link, with the shipped check policy
// (src/features/links/check-policy.ts, imported, not copied) and with the old round robin, in the
// reference scenario of issue #33. Writes bench/results-links.json (one row per size and policy).
//
// Reference scenario (keep it, so figures compare from round to round):
// - N listed groups; 200,000 joins a day spread over them by a Zipf law of exponent 1 (a slot's
//   popularity rank is fixed and independent of its group's death; a replacement takes the slot);
// - a group dies with a hazard of 3 %/day in its first 30 days and 0.5 %/day after; 10 % of the
//   catalogue starts younger than 30 days; a group hidden for its dead link is replaced by a new one
//   (so new groups arrive at the rate dead ones leave);
// - one request a second to WhatsApp for every check of any kind (scheduled, front of the queue,
//   the confirmation of a dead answer, and the submission check of every new group);
// - 10 % of the visitors who land on a dead link report it (the report checks it at the front).
// A join is dead when the site sends the visitor to a link dead at that moment; it is stopped when the
// site already had a dead answer for it (the visitor sees 'Este link deixou de funcionar').
//
// One second is one step: one check, then the joins of that second (Poisson). Typed arrays, an indexed
// heap keyed by due time, an alias table for the Zipf draw: 1M groups over 150 days in a few minutes.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  adjustIntervalScale,
  INITIAL_INTERVAL_SCALE,
  JOIN_CHECK_MAX_WAIT_MS,
  joinChecksFirst,
  joinQueuesCheck,
  nextCheckDueAt,
  OLD_HAZARD,
  YOUNG_AGE_MS,
  YOUNG_HAZARD,
} from '../src/features/links/check-policy.ts';

/**
 * due-by-joins: the shipped policy (a join on an overdue group checks it first when the shared pace has
 * a slot within JOIN_CHECK_MAX_WAIT_MS, else queues it); due-by-joins-queue-only: the same without the
 * joins' own checks (the previous round's policy); round-robin: longest-unchecked first.
 */
export type SimPolicy = 'due-by-joins' | 'due-by-joins-queue-only' | 'round-robin';

export interface SimOptions {
  groups: number;
  policy: SimPolicy;
  days: number;
  /** the last days measured (the steady state); the days before warm the catalogue up */
  measureDays: number;
  joinsPerDay?: number;
  checksPerDay?: number;
  reportShare?: number;
  youngShare?: number;
  confirmMinutes?: number;
  seed?: number;
}

export interface SimRow {
  groups: number;
  policy: SimPolicy;
  deadJoinShare: number;
  stoppedJoinShare: number;
  days: number;
  measuredDays: number;
  joins: number;
  deadJoins: number;
  stoppedJoins: number;
  checks: { scheduled: number; front: number; confirm: number; submission: number; join: number };
  /** groups hidden (dead twice) a day, in the measured days */
  hiddenPerDay: number;
  /** the policy's interval scale at the end (round robin: none) */
  scaleAtEnd: number | null;
  /** the share of the catalogue younger than 30 days at the end */
  youngShareAtEnd: number;
  /** dead-join share of each 10-day window, to see the steady state */
  windows: number[];
  /** dead joins by popularity rank: ranks 1-9, 10-99, 100-999 … */
  deadByRankDecade: number[];
  seconds: number;
}

const SECOND_MS = 1000;

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

/** Run one policy over the scenario and count dead and stopped joins in the measured days. */
export function simulate(options: SimOptions): SimRow {
  const started = performance.now();
  const n = options.groups;
  const joinsPerSecond = (options.joinsPerDay ?? 200_000) / 86_400;
  const checksPerSecond = (options.checksPerDay ?? 86_400) / 86_400;
  const reportShare = options.reportShare ?? 0.1;
  const youngShare = options.youngShare ?? 0.1;
  const confirmSeconds = (options.confirmMinutes ?? 60) * 60;
  const random = rng(options.seed ?? 33);
  const exp = (rate: number) => -Math.log(1 - random()) / rate;
  const youngAge = YOUNG_AGE_MS / SECOND_MS;
  const youngRate = YOUNG_HAZARD / 86_400;
  const oldRate = OLD_HAZARD / 86_400;
  const byJoins = options.policy !== 'round-robin';
  const joinChecks = options.policy === 'due-by-joins';
  const joinWaitSeconds = JOIN_CHECK_MAX_WAIT_MS / SECOND_MS;

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
  const joinsSinceCheck = new Uint32Array(n);
  const lastChecked = new Float64Array(n);
  const heap = new SlotHeap(n, due);
  const front = new Ring(n);
  const suspects = new Ring(n);

  let scale = INITIAL_INTERVAL_SCALE;
  const policyInput = (slot: number, now: number) => ({
    now: now * SECOND_MS,
    createdAt: birth[slot]! * SECOND_MS,
    answer: 'live' as const,
    totalJoins: totalJoins[slot]!,
    joinsSinceCheck: joinsSinceCheck[slot]!,
    lastCheckedAt: lastChecked[slot]! * SECOND_MS,
    liveSince: birth[slot]! * SECOND_MS,
    scale,
  });
  /** A check at `now` found the group live: its next due time. */
  const schedule = (slot: number, now: number) => {
    const input = policyInput(slot, now);
    lastChecked[slot] = now;
    joinsSinceCheck[slot] = 0;
    if (!byJoins) return now; // round robin: longest-unchecked first
    return nextCheckDueAt({ ...input, lastCheckedAt: now * SECOND_MS }) / SECOND_MS;
  };

  // The catalogue at day 0: 10 % younger than 30 days, the rest established; lifetime joins as
  // expected for their popularity and age; last checked some time in the past weeks.
  for (let slot = 0; slot < n; slot++) {
    const age = random() < youngShare ? random() * youngAge : youngAge + exp(oldRate);
    birth[slot] = -age;
    death[slot] = deathAfter(-age, 0);
    totalJoins[slot] = Math.round(((joinsPerSecond / (slot + 1)) * age) / total);
    const checkedAt = -random() * (byJoins ? 14 * 86_400 : n / checksPerSecond);
    due[slot] = schedule(slot, checkedAt);
    heap.push(slot);
  }

  const totalSeconds = Math.round(options.days * 86_400);
  const measureFrom = totalSeconds - Math.round(options.measureDays * 86_400);
  let joins = 0;
  let deadJoins = 0;
  let stoppedJoins = 0;
  let hidden = 0;
  const checks = { scheduled: 0, front: 0, confirm: 0, submission: 0, join: 0 };
  let submissionsOwed = 0;
  const windows: number[] = [];
  let windowJoins = 0;
  let windowDead = 0;
  // The shared pace: the time its next free request slot starts (every check of any kind takes one).
  let paceFree = 0;
  const slotSeconds = 1 / checksPerSecond;
  const byRank = [0, 0, 0, 0, 0, 0, 0];

  const check = (slot: number, now: number) => {
    queued[slot] = 0;
    if (death[slot]! > now) {
      due[slot] = schedule(slot, now);
      heap.update(slot);
      return;
    }
    if (!knownDead[slot]) {
      // The first dead answer: visitors are stopped from now on; the confirmation comes later.
      knownDead[slot] = 1;
      suspects.push(slot, now + confirmSeconds);
      due[slot] = now + confirmSeconds + 86_400 * 365;
      heap.update(slot);
      return;
    }
    // Confirmed: hidden, and a new group takes the slot (its submission check is owed).
    hidden += now >= measureFrom ? 1 : 0;
    knownDead[slot] = 0;
    birth[slot] = now;
    death[slot] = deathAfter(now, now);
    totalJoins[slot] = 0;
    joinsSinceCheck[slot] = 0;
    submissionsOwed++;
    due[slot] = schedule(slot, now);
    heap.update(slot);
  };

  for (let now = 0; now < totalSeconds; now++) {
    if (now % (10 * 86_400) === 0 && now > 0) {
      windows.push(windowJoins ? Number((windowDead / windowJoins).toFixed(5)) : 0);
      windowJoins = 0;
      windowDead = 0;
    }
    // Every scheduled run (a minute) adjusts the scale to the backlog, as the real scheduler does.
    if (byJoins && now % 60 === 0)
      scale = adjustIntervalScale(scale, due[heap.top()]! * SECOND_MS, now * SECOND_MS, 60 * SECOND_MS);
    const measuring = now >= measureFrom;

    // The checker's requests of this second: every slot of the pace still free before the next second
    // (a join's own check, below, takes the next free slot when it comes within JOIN_CHECK_MAX_WAIT_MS).
    if (paceFree < now) paceFree = now;
    while (paceFree < now + 1) {
      if (submissionsOwed > 0) {
        submissionsOwed--;
        checks.submission++;
      } else if (suspects.length > 0 && suspects.peekTime() <= now) {
        const slot = suspects.shift();
        if (!knownDead[slot]) continue; // already handled: no request
        checks.confirm++;
        check(slot, now);
      } else if (front.length > 0) {
        const slot = front.shift();
        if (!queued[slot]) continue; // a join's own check came first: no request
        checks.front++;
        check(slot, now);
      } else {
        checks.scheduled++;
        check(heap.top(), now);
      }
      paceFree += slotSeconds;
    }

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
      // A join on an overdue group checks it first when the pace has a slot soon enough: a dead answer
      // stops the visitor (and starts the confirmation), a live one sends them to a live link.
      if (
        joinChecks &&
        paceFree <= now + 1 + joinWaitSeconds &&
        joinChecksFirst({ ...policyInput(slot, now), dueAt: due[slot]! * SECOND_MS })
      ) {
        paceFree = Math.max(paceFree, now + 1) + slotSeconds;
        checks.join++;
        check(slot, now);
        if (knownDead[slot]) {
          if (measuring) stoppedJoins++;
          continue;
        }
      }
      totalJoins[slot] = totalJoins[slot]! + 1;
      joinsSinceCheck[slot] = joinsSinceCheck[slot]! + 1;
      windowJoins++;
      if (measuring) joins++;
      const dead = death[slot]! <= now;
      if (dead) {
        windowDead++;
        if (measuring) {
          deadJoins++;
          byRank[Math.min(6, Math.floor(Math.log10(slot + 1)))]!++;
        }
        if (!queued[slot] && random() < reportShare) {
          queued[slot] = 1;
          front.push(slot);
        }
      }
      // The site does not know whether the link is dead: an overdue check goes to the front.
      if (
        byJoins &&
        !queued[slot] &&
        joinQueuesCheck({ ...policyInput(slot, now), dueAt: due[slot]! * SECOND_MS })
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
  return {
    groups: n,
    policy: options.policy,
    deadJoinShare: Number((deadJoins / sent).toFixed(5)),
    stoppedJoinShare: Number((stoppedJoins / sent).toFixed(5)),
    days: options.days,
    measuredDays: options.measureDays,
    joins: sent,
    deadJoins,
    stoppedJoins,
    checks,
    hiddenPerDay: Math.round(hidden / options.measureDays),
    scaleAtEnd: byJoins ? Number(scale.toPrecision(3)) : null,
    youngShareAtEnd: Number((young / n).toFixed(4)),
    windows,
    deadByRankDecade: byRank,
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
}

/** Every policy at each size, written to bench/results-links.json. */
export function runLinksSim(sizes: number[], days: number, measureDays: number): SimRow[] {
  const rows: SimRow[] = [];
  for (const groups of sizes)
    for (const policy of ['due-by-joins', 'due-by-joins-queue-only', 'round-robin'] as const) {
      const row = simulate({ groups, policy, days, measureDays });
      console.log(
        `links-sim: ${groups} groups, ${policy}: dead joins ${(row.deadJoinShare * 100).toFixed(2)} %, stopped ${(row.stoppedJoinShare * 100).toFixed(2)} % (${row.seconds} s; windows ${row.windows.map((w) => (w * 100).toFixed(2)).join(' ')})`,
      );
      rows.push(row);
    }
  writeFileSync(
    new URL('./results-links.json', import.meta.url),
    `${JSON.stringify({ scenario: 'issue #33 reference', generatedAt: new Date().toISOString(), rows }, null, 2)}\n`,
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '100000,1000000' },
      days: { type: 'string', default: '150' },
      measure: { type: 'string', default: '30' },
    },
  });
  runLinksSim(values.sizes.split(',').map(Number), Number(values.days), Number(values.measure));
}
