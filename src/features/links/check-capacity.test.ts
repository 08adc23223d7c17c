// The simulation (bench/links-sim.ts) and production decide with the same functions and the same inputs:
// the scheduled capacity of the shipped settings, the scale, the policy input built from a group's
// columns; and the published table is the published rows' (decision 0018).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type SimRow, simulate, tableOf } from '../../../bench/links-sim.ts';
import { LINK_CHECK_DEFAULTS, readSettings } from '../../lib/env.server.ts';
import {
  checksPerRun,
  decisionScale,
  LINK_CHECK_SCHEDULE,
  policyInputOf,
  RUN_TIME_BUDGET_MS,
  scheduledCapacityPerDay,
} from './check-capacity.ts';
import { INITIAL_INTERVAL_SCALE } from './check-policy.ts';
import { RUN_TIME_BUDGET_MS as SERVER_BUDGET } from './link-health.server.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('the link checker’s inputs', () => {
  it('capacity: a run checks its batch unless the 22 s budget at the pace allows fewer', () => {
    expect(checksPerRun(10, 1000)).toBe(10);
    expect(checksPerRun(58, 1000)).toBe(22);
    expect(checksPerRun(40, 500)).toBe(40);
    expect(scheduledCapacityPerDay(10, 1000)).toBe(14_400);
    expect(scheduledCapacityPerDay(22, 1000)).toBe(31_680);
    expect(scheduledCapacityPerDay(10, 1000, 2)).toBe(7_200);
  });

  it('the run, the schedule and the settings are the ones production uses', () => {
    expect(SERVER_BUDGET).toBe(RUN_TIME_BUDGET_MS);
    // Netlify reads the schedule as a literal in the function file: it must be the shared one.
    expect(read('../../../functions/check-links.ts')).toContain(`schedule: '${LINK_CHECK_SCHEDULE}'`);
    const settings = readSettings({});
    expect(settings.LINK_CHECK_BATCH).toBe(LINK_CHECK_DEFAULTS.batch);
    expect(settings.LINK_CHECK_PACE).toBe(LINK_CHECK_DEFAULTS.paceMs);
    expect(settings.LINK_DEAD_CONFIRM_MINUTES).toBe(LINK_CHECK_DEFAULTS.confirmMinutes);
  });

  it('scale: the stored one for every decision, the initial one before the first run', () => {
    expect(decisionScale(null)).toBe(INITIAL_INTERVAL_SCALE);
    expect(decisionScale(undefined)).toBe(INITIAL_INTERVAL_SCALE);
    expect(decisionScale(10)).toBe(10);
  });

  it('policy input: joins since the last conclusive check, and never checked as null', () => {
    const row = { createdAt: 1_000, cliques: 40, linkCheckJoins: 30, linkCheckedAt: 5_000 };
    expect(policyInputOf(row, 'live', 9_000, 3)).toEqual({
      now: 9_000,
      createdAt: 1_000,
      answer: 'live',
      totalJoins: 40,
      joinsSinceCheck: 10,
      lastCheckedAt: 5_000,
      liveSince: 1_000,
      scale: 3,
    });
    const never = policyInputOf({ ...row, linkCheckJoins: 50, linkCheckedAt: null }, 'unknown', 9_000, 3);
    expect(never).toMatchObject({ joinsSinceCheck: 0, lastCheckedAt: null, liveSince: null });
  });
});

describe('the simulation', () => {
  it('runs the shipped settings when given none, at their scheduled capacity', () => {
    const row = simulate({ groups: 2_000, policy: 'due-by-joins', days: 2, measureDays: 1 });
    expect(row).toMatchObject({ shipped: true, world: 'reference', batch: LINK_CHECK_DEFAULTS.batch });
    expect(row.scheduledCapacityPerDay).toBe(
      scheduledCapacityPerDay(LINK_CHECK_DEFAULTS.batch, LINK_CHECK_DEFAULTS.paceMs),
    );
    // The runs stay within their capacity; the joins' unused slots check the queue too (decision 0022).
    expect(row.scheduledChecksPerDay - row.spareChecksPerDay).toBeLessThanOrEqual(
      row.scheduledCapacityPerDay,
    );
    expect(row.spareChecksPerDay).toBeGreaterThan(0);
    // WhatsApp is not always conclusive: about 2 % of requests, 429s included.
    expect(row.inconclusiveShare).toBeGreaterThan(0.01);
    expect(row.inconclusiveShare).toBeLessThan(0.03);
    expect(
      simulate({ groups: 2_000, policy: 'due-by-joins', days: 2, measureDays: 1, batch: 5 }).shipped,
    ).toBe(false);
  });

  it('publishes the table in docs/link-health.md from bench/results-links.json', () => {
    const rows = (JSON.parse(read('../../../bench/results-links.json')) as { rows: SimRow[] }).rows;
    expect(rows.some((r) => r.shipped && r.world === 'reference' && r.groups === 100_000)).toBe(true);
    expect(read('../../../docs/link-health.md')).toContain(tableOf(rows));
  });
});
