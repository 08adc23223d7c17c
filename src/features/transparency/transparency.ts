// The transparency report (#41; STF, Temas 987 and 533: annual reports on out-of-court notices, ads and
// paid boosts): its shape, its period and its words in pt-BR. Pure: the page, the API and the server share it.
import type { LegalNoticeKind } from '#db/schema.ts';
import { dayOf, startOfDay } from '#src/lib/time-zone.ts';

/** The first year the report covers (the site's first year with these records). */
export const TRANSPARENCY_FIRST_YEAR = 2025;

export const TRANSPARENCY_PAGE = '/transparencia';
export const TRANSPARENCY_API = '/api/transparency';

/** A duration's middle and 90th percentile, in hours (one decimal), over `count` cases; null without cases. */
export interface HoursSummary {
  count: number;
  medianHours: number | null;
  p90Hours: number | null;
}

type ByKind = Record<LegalNoticeKind, number>;

/** One year's report: counts only, never a person, a group or a notifier. */
export interface TransparencyReport {
  year: number;
  /** the year is over: the report was kept as it was when the year closed and never changes */
  complete: boolean;
  /** the period counted: [from, to), São Paulo days; `to` is now for the current year */
  from: string;
  to: string;
  generatedAt: string;
  legalNotices: {
    received: ByKind & { total: number };
    decided: { removed: number; kept: number };
    /** received in the year and still undecided at its end (or now) */
    pendingAtEnd: number;
    hoursToFirstAction: HoursSummary;
    hoursToDecision: HoursSummary;
    /** child-abuse cases reported to the authorities */
    reportedToAuthorities: number;
  };
  automaticHides: { total: number; legalNotices: number; reports: number; reversed: number };
  reports: { received: number; groupsHidden: number };
  groupsRemovedByAdmins: number;
  groupsHiddenByAdmins: number;
  courtOrders: number;
  appeals: { received: number; decided: number; reversed: number; kept: number };
  paidFeaturing: { sold: number; soldCents: number; refunded: number; refundedCents: number };
  ads: { shown: number };
}

/** The São Paulo year an instant falls in. */
export function yearOf(at: Date): number {
  return Number(dayOf(at).slice(0, 4));
}

/** A year's bounds: [1 January, 1 January next), São Paulo time. */
export function yearBounds(year: number): { from: Date; to: Date } {
  return { from: startOfDay(`${year}-01-01`), to: startOfDay(`${year + 1}-01-01`) };
}

export const TRANSPARENCY_MESSAGES = {
  badYear: (last: number) =>
    `Ano inválido: informe um ano com quatro dígitos, de ${TRANSPARENCY_FIRST_YEAR} a ${last}.`,
} as const;
