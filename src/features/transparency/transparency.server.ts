// The transparency report (#41), generated from the data: legal notices (their own table, kept 5 years),
// the moderation facts (transparency_events, which outlive deleted groups), paid featuring (orders and
// refunds, kept 5 years for the tax records). A year that has closed is written once to
// transparency_reports, by the daily schedule or by the first read after the year ends, and read from
// there ever after, so later pruning or deletions never change a published year.
import { and, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import {
  featureOrders,
  LEGAL_NOTICE_KINDS,
  legalNotices,
  orderRefunds,
  type TransparencyEventKind,
  transparencyEvents,
  transparencyReports,
} from '#db/schema.ts';
import { dayOf } from '#src/lib/time-zone.ts';
import {
  type HoursSummary,
  TRANSPARENCY_FIRST_YEAR,
  type TransparencyReport,
  yearBounds,
  yearOf,
} from './transparency.ts';

type Range = { from: Date; to: Date };

const within = (column: SQL | typeof transparencyEvents.at, range: Range) =>
  sql`${column} >= ${range.from.toISOString()}::timestamptz and ${column} < ${range.to.toISOString()}::timestamptz`;

/** The ledger's facts of a kind in the range, counted by detail, automatic and reversed. */
async function ledgerCounts(db: Db, kinds: TransparencyEventKind[], range: Range) {
  const rows = await db
    .select({
      kind: transparencyEvents.kind,
      detail: transparencyEvents.detail,
      automatic: transparencyEvents.automatic,
      reversed: transparencyEvents.reversed,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(transparencyEvents)
    .where(
      and(
        inArray(transparencyEvents.kind, kinds),
        gte(transparencyEvents.at, range.from),
        lt(transparencyEvents.at, range.to),
      ),
    )
    .groupBy(
      transparencyEvents.kind,
      transparencyEvents.detail,
      transparencyEvents.automatic,
      transparencyEvents.reversed,
    );
  return (
    kind: TransparencyEventKind,
    match: { detail?: string[]; automatic?: boolean; reversed?: boolean } = {},
  ) =>
    rows
      .filter(
        (r) =>
          r.kind === kind &&
          (!match.detail || match.detail.includes(r.detail ?? '')) &&
          (match.automatic === undefined || r.automatic === match.automatic) &&
          (match.reversed === undefined || r.reversed === match.reversed),
      )
      .reduce((sum, r) => sum + r.n, 0);
}

/** Median and 90th percentile of a set of hours (SQL expression over legal_notices), one decimal. */
async function hoursSummary(db: Db, hours: SQL, where: SQL): Promise<HoursSummary> {
  const [row] = rowsOf<{ n: string | number; median: string | number | null; p90: string | number | null }>(
    await db.execute(sql`select count(*) as n,
        percentile_cont(0.5) within group (order by ${hours}) as median,
        percentile_cont(0.9) within group (order by ${hours}) as p90
      from ${legalNotices} where ${where}`),
  );
  const round = (v: string | number | null | undefined) =>
    v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10;
  return { count: Number(row?.n ?? 0), medianHours: round(row?.median), p90Hours: round(row?.p90) };
}

const hoursSince = (end: SQL) => sql`extract(epoch from (${end} - ${legalNotices.createdAt})) / 3600`;

/** Legal notices: received by kind, decided, pending at the end, times to the first action and to the decision. */
async function noticeFigures(db: Db, range: Range): Promise<TransparencyReport['legalNotices']> {
  const byKind = await db
    .select({ kind: legalNotices.kind, n: sql<number>`count(*)`.mapWith(Number) })
    .from(legalNotices)
    .where(within(sql`${legalNotices.createdAt}`, range))
    .groupBy(legalNotices.kind);
  const received = Object.fromEntries(
    LEGAL_NOTICE_KINDS.map((kind) => [kind, byKind.find((r) => r.kind === kind)?.n ?? 0]),
  ) as Record<(typeof LEGAL_NOTICE_KINDS)[number], number>;
  const decided = await db
    .select({ status: legalNotices.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(legalNotices)
    .where(within(sql`${legalNotices.decidedAt}`, range))
    .groupBy(legalNotices.status);
  const [pending] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(legalNotices)
    .where(
      sql`${within(sql`${legalNotices.createdAt}`, range)} and (${legalNotices.decidedAt} is null or ${legalNotices.decidedAt} >= ${range.to.toISOString()}::timestamptz)`,
    );
  // The first action: the automatic hide or the decision, whichever came first (least ignores nulls).
  const firstAction = sql`least(${legalNotices.hidGroupAt}, ${legalNotices.decidedAt})`;
  const [authorities] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(legalNotices)
    .where(
      // Days, not instants: from the first day to the day of the range's last moment.
      sql`${legalNotices.authorityReportedOn} between ${dayOf(range.from)}::date and ${dayOf(new Date(range.to.getTime() - 1))}::date`,
    );
  return {
    received: { ...received, total: Object.values(received).reduce((a, b) => a + b, 0) },
    decided: {
      removed: decided.find((r) => r.status === 'removed')?.n ?? 0,
      kept: decided.find((r) => r.status === 'kept')?.n ?? 0,
    },
    pendingAtEnd: pending?.n ?? 0,
    hoursToFirstAction: await hoursSummary(db, hoursSince(firstAction), within(firstAction, range)),
    hoursToDecision: await hoursSummary(
      db,
      hoursSince(sql`${legalNotices.decidedAt}`),
      within(sql`${legalNotices.decidedAt}`, range),
    ),
    reportedToAuthorities: authorities?.n ?? 0,
  };
}

/** Paid featuring sold (paid in the range, refunded later or not) and refunded in the range. */
async function featuringFigures(db: Db, range: Range): Promise<TransparencyReport['paidFeaturing']> {
  const [sold] = await db
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      cents: sql<number>`coalesce(round(sum(${featureOrders.price}) * 100), 0)`.mapWith(Number),
    })
    .from(featureOrders)
    .where(
      and(
        within(sql`${featureOrders.startDate}`, range),
        inArray(featureOrders.status, ['paid', 'active', 'expired', 'refunded']),
      ),
    );
  const [refunded] = await db
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      cents: sql<number>`coalesce(round(sum(${orderRefunds.amount}) * 100), 0)`.mapWith(Number),
    })
    .from(orderRefunds)
    // a refund counts once the money went back (a pending one may still fail at the provider); a payment
    // returned because its order could no longer be activated was never a featuring sold
    .where(
      and(
        eq(orderRefunds.status, 'completed'),
        ne(orderRefunds.source, 'unserved'),
        within(sql`${orderRefunds.completedAt}`, range),
      ),
    );
  return {
    sold: sold?.n ?? 0,
    soldCents: sold?.cents ?? 0,
    refunded: refunded?.n ?? 0,
    refundedCents: refunded?.cents ?? 0,
  };
}

/** Ads shown: the distinct ads active at some moment of the range (switched on in it, or on when it began). */
async function adsShown(db: Db, range: Range): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from (
        select subject from ${transparencyEvents}
          where kind = 'ad_active' and ${within(transparencyEvents.at, range)}
        union
        select subject from (
          select distinct on (subject) subject, kind from ${transparencyEvents}
            where kind in ('ad_active', 'ad_inactive') and at < ${range.from.toISOString()}::timestamptz
            order by subject, at desc, id desc
        ) latest where latest.kind = 'ad_active'
      ) shown`),
  );
  return Number(row?.n ?? 0);
}

/** Compute one year's report, the current one up to `now`. */
export async function computeReport(
  db: Db,
  year: number,
  now: Date = new Date(),
): Promise<TransparencyReport> {
  const bounds = yearBounds(year);
  const complete = now >= bounds.to;
  const range = { from: bounds.from, to: complete ? bounds.to : now };
  const count = await ledgerCounts(
    db,
    ['report_received', 'hold_placed', 'hold_lifted', 'appeal_filed', 'appeal_decided', 'group_deleted'],
    range,
  );
  const moderation = ['legal_notice', 'reports'];
  return {
    year,
    complete,
    from: dayOf(bounds.from),
    to: complete ? dayOf(bounds.to) : range.to.toISOString(),
    generatedAt: now.toISOString(),
    legalNotices: await noticeFigures(db, range),
    automaticHides: {
      total: count('hold_placed', { detail: moderation, automatic: true }),
      legalNotices: count('hold_placed', { detail: ['legal_notice'], automatic: true }),
      reports: count('hold_placed', { detail: ['reports'], automatic: true }),
      reversed: count('hold_lifted', { detail: moderation, automatic: true, reversed: true }),
    },
    reports: {
      received: count('report_received'),
      groupsHidden: count('hold_placed', { detail: ['reports'] }),
    },
    groupsRemovedByAdmins: count('hold_placed', { detail: ['removed'] }) + count('group_deleted'),
    groupsHiddenByAdmins: count('hold_placed', { detail: ['admin'] }),
    courtOrders: count('hold_placed', { detail: ['court_order'] }),
    appeals: {
      received: count('appeal_filed'),
      decided: count('appeal_decided'),
      reversed: count('appeal_decided', { detail: ['restored'] }),
      kept: count('appeal_decided', { detail: ['kept'] }),
    },
    paidFeaturing: await featuringFigures(db, range),
    ads: { shown: await adsShown(db, range) },
  };
}

/**
 * A closed year's report as it was kept: written the first time it is asked for after the year ends
 * (or by the schedule), never again (a concurrent first write loses to the other, and both read it).
 */
async function keptReport(db: Db, year: number, now: Date): Promise<TransparencyReport> {
  const read = async () =>
    (await db.select().from(transparencyReports).where(eq(transparencyReports.year, year)))[0];
  const kept = await read();
  if (kept) return JSON.parse(kept.report) as TransparencyReport;
  const report = await computeReport(db, year, now);
  await db
    .insert(transparencyReports)
    .values({ year, report: JSON.stringify(report) })
    .onConflictDoNothing();
  return JSON.parse((await read())!.report) as TransparencyReport;
}

/** GET /api/transparency: the year's report (the current year so far, live; a closed one as kept). */
export async function transparencyReport(
  db: Db,
  year: number | undefined,
  now: Date = new Date(),
): Promise<TransparencyReport> {
  const current = yearOf(now);
  const asked = year ?? current;
  return asked < current ? keptReport(db, asked, now) : computeReport(db, asked, now);
}

/** The scheduled pass: every closed year since the first is kept (normally only last year is new). */
export async function keepClosedYears(db: Db, now: Date = new Date()): Promise<number[]> {
  const kept = new Set(
    (await db.select({ year: transparencyReports.year }).from(transparencyReports)).map((r) => r.year),
  );
  const written: number[] = [];
  for (let year = TRANSPARENCY_FIRST_YEAR; year < yearOf(now); year++) {
    if (kept.has(year)) continue;
    await keptReport(db, year, now);
    written.push(year);
  }
  return written;
}

/** The page's reports: the current year so far, then each closed year, newest first. */
export async function reportsForPage(db: Db, now: Date = new Date()) {
  await keepClosedYears(db, now);
  const closed = await db.select().from(transparencyReports);
  return {
    current: await computeReport(db, yearOf(now), now),
    closed: closed.map((r) => JSON.parse(r.report) as TransparencyReport).sort((a, b) => b.year - a.year),
  };
}
