import { describe, expect, it } from 'vitest';
import {
  BUMP_POINTS,
  HOLD_PENALTY,
  JOIN_DECAY,
  NEW_GROUP_POINTS,
  type RankingSignals,
  REPORT_PENALTY,
  rankingScore,
  storedScore,
  TREND_FLOOR,
  trendLabel,
  trendScore,
  VERIFIED_LINK_BONUS,
} from './ranking.ts';

const NOW = new Date('2026-11-27T15:00:00Z');
const DAY = 86_400_000;
const old = new Date(NOW.getTime() - 60 * DAY);

const signals = (over: Partial<RankingSignals> = {}): RankingSignals => ({
  joinsByDay: [0, 0, 0, 0, 0, 0, 0],
  previousWeekJoins: 0,
  linkDead: false,
  linkLiveAt: null,
  createdAt: old,
  renewedAt: null,
  openReports: 0,
  recentHolds: 0,
  ...over,
});

describe('rankingScore', () => {
  it('is 0 for an old quiet group, so the long tail keeps its listing order', () => {
    expect(rankingScore(signals(), NOW)).toBe(0);
  });

  it('counts each joining visitor-day, older days less', () => {
    expect(rankingScore(signals({ joinsByDay: [10, 0, 0, 0, 0, 0, 0] }), NOW)).toBeCloseTo(10);
    expect(rankingScore(signals({ joinsByDay: [0, 10, 0, 0, 0, 0, 0] }), NOW)).toBeCloseTo(10 * JOIN_DECAY);
    expect(rankingScore(signals({ joinsByDay: [0, 0, 0, 0, 0, 0, 10] }), NOW)).toBeCloseTo(
      10 * JOIN_DECAY ** 6,
    );
    // More joins always rank higher; a day beyond the week is not read.
    expect(rankingScore(signals({ joinsByDay: [0, 0, 0, 0, 0, 0, 0, 100] }), NOW)).toBe(0);
  });

  it('gives nothing for joins to a link that came back dead, and more to a verified one', () => {
    const joins = [4, 0, 0, 0, 0, 0, 0];
    expect(rankingScore(signals({ joinsByDay: joins, linkDead: true }), NOW)).toBe(0);
    const verified = new Date(NOW.getTime() - 2 * DAY);
    expect(rankingScore(signals({ joinsByDay: joins, linkLiveAt: verified }), NOW)).toBeCloseTo(
      4 * (1 + VERIFIED_LINK_BONUS),
    );
    const stale = new Date(NOW.getTime() - 10 * DAY);
    expect(rankingScore(signals({ joinsByDay: joins, linkLiveAt: stale }), NOW)).toBeCloseTo(4);
  });

  it('gives a new group and a free bump a head start that fades', () => {
    expect(rankingScore(signals({ createdAt: NOW }), NOW)).toBeCloseTo(NEW_GROUP_POINTS);
    expect(rankingScore(signals({ createdAt: new Date(NOW.getTime() - 36 * 3_600_000) }), NOW)).toBeCloseTo(
      NEW_GROUP_POINTS / 2,
    );
    expect(rankingScore(signals({ createdAt: new Date(NOW.getTime() - 4 * DAY) }), NOW)).toBe(0);
    expect(rankingScore(signals({ renewedAt: NOW }), NOW)).toBeCloseTo(BUMP_POINTS);
    expect(rankingScore(signals({ renewedAt: new Date(NOW.getTime() - 3 * DAY) }), NOW)).toBe(0);
  });

  it('takes points for open reports (at most five) and recent holds', () => {
    expect(rankingScore(signals({ openReports: 1 }), NOW)).toBe(-REPORT_PENALTY);
    expect(rankingScore(signals({ openReports: 50 }), NOW)).toBe(-5 * REPORT_PENALTY);
    expect(rankingScore(signals({ recentHolds: 1, joinsByDay: [5, 0, 0, 0, 0, 0, 0] }), NOW)).toBeCloseTo(
      5 - HOLD_PENALTY,
    );
  });

  it('is stored in hundredths', () => {
    expect(storedScore(12.345)).toBe(1235);
    expect(storedScore(-2)).toBe(-200);
  });
});

describe('trendScore', () => {
  it('needs the floor of joins this week: a handful of clicks cannot be em alta', () => {
    expect(trendScore(signals({ joinsByDay: [TREND_FLOOR - 1, 0, 0, 0, 0, 0, 0] }))).toBe(0);
    expect(trendScore(signals({ joinsByDay: [TREND_FLOOR, 0, 0, 0, 0, 0, 0] }))).toBe(200);
  });

  it('is growth against last week, and 0 when not growing', () => {
    expect(trendScore(signals({ joinsByDay: [20, 10, 0, 0, 0, 0, 0], previousWeekJoins: 10 }))).toBe(200);
    expect(trendScore(signals({ joinsByDay: [20, 0, 0, 0, 0, 0, 0], previousWeekJoins: 20 }))).toBe(0);
    expect(trendScore(signals({ joinsByDay: [20, 0, 0, 0, 0, 0, 0], previousWeekJoins: 40 }))).toBe(0);
  });

  it('is 0 with a dead link or open reports', () => {
    const joins = [30, 0, 0, 0, 0, 0, 0];
    expect(trendScore(signals({ joinsByDay: joins, linkDead: true }))).toBe(0);
    expect(trendScore(signals({ joinsByDay: joins, openReports: 1 }))).toBe(0);
  });

  it('is said in pt-BR', () => {
    expect(trendLabel(1250)).toBe('+1.250% nesta semana');
  });
});
