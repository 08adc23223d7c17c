import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../db/schema.ts';
import {
  centsFromDecimal,
  daysRemaining,
  extendFeaturedEnd,
  isMasked,
  maskSecret,
  orderStatusBadge,
  perDaysLabel,
  providerBadge,
  REFUND_PENDING_LABEL,
  refundRetryDelayMs,
  repurchaseAllowedFrom,
  retractFeaturedEnd,
  shortId,
  shortPaymentId,
  unusedAmountCents,
  withdrawableUntil,
} from './payments.ts';

const DAY = 86_400_000;
const now = new Date('2026-06-01T12:00:00Z');

describe('daysRemaining', () => {
  it('is the ceiling of days to the end, never negative', () => {
    expect(daysRemaining(new Date(now.getTime() + 2.2 * DAY), now)).toBe(3);
    expect(daysRemaining(new Date(now.getTime() + 7 * DAY), now)).toBe(7);
    expect(daysRemaining(new Date(now.getTime() - DAY), now)).toBe(0);
    expect(daysRemaining(null, now)).toBe(0);
    expect(daysRemaining('nao-e-data', now)).toBe(0);
  });
});

describe('extendFeaturedEnd', () => {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  it('adds the days to the time still featured, or to now when nothing remains', () => {
    expect(extendFeaturedEnd({ featured: true, featuredUntil: at(10) }, 7, now)).toEqual(at(17));
    expect(extendFeaturedEnd({ featured: true, featuredUntil: at(-3) }, 7, now)).toEqual(at(7));
    expect(extendFeaturedEnd({ featured: true, featuredUntil: null }, 1, now)).toEqual(at(1));
    // An end date left behind by an unfeatured group is not time anyone has.
    expect(extendFeaturedEnd({ featured: false, featuredUntil: at(5) }, 30, now)).toEqual(at(30));
    expect(extendFeaturedEnd({ featured: true, featuredUntil: at(2).toISOString() }, 1, now)).toEqual(at(3));
  });
});

describe('withdrawableUntil', () => {
  // now is 09:00 of 1 June in São Paulo; the window of a payment ends at 23:59:59 of its 7th day there.
  const paid = (days: number, status = 'active') => ({
    status,
    startDate: new Date(now.getTime() - days * DAY),
  });
  const endOf = (day: string) => new Date(`${day}T23:59:59.999-03:00`);
  it('ends at 23:59:59 of the 7th São Paulo day after the payment, not 168 h later', () => {
    expect(withdrawableUntil(paid(2), now)).toEqual(endOf('2026-06-06'));
    // Paid 7 days and 1 minute ago (25 May): 168 h are over, the 7th day (1 June) is not.
    expect(withdrawableUntil(paid(7 + 1 / 1440, 'expired'), now)).toEqual(endOf('2026-06-01'));
    expect(withdrawableUntil(paid(8), now)).toBeNull();
    expect(withdrawableUntil(paid(1, 'refunded'), now)).toBeNull();
    expect(withdrawableUntil({ status: 'pending', startDate: null }, now)).toBeNull();
  });
  it('counts days in São Paulo: paid at 23:30 there (02:30 UTC the next day), the payment day is the earlier one', () => {
    const order = { status: 'active', startDate: new Date('2026-06-02T02:30:00Z') };
    expect(withdrawableUntil(order, now)).toEqual(endOf('2026-06-08'));
    expect(withdrawableUntil(order, new Date('2026-06-09T02:59:59Z'))).toEqual(endOf('2026-06-08'));
    expect(withdrawableUntil(order, new Date('2026-06-09T03:00:00Z'))).toBeNull();
  });
});

describe('retractFeaturedEnd', () => {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  it("takes back only this order's unused days; other paid time stays, never below now", () => {
    // Paid just now for 7 days, nothing else: the featuring ends.
    expect(
      retractFeaturedEnd({ featured: true, featuredUntil: at(7) }, { endDate: at(7), days: 7 }, now),
    ).toEqual({ until: null, removedMs: 7 * DAY });
    // A 30-day renewal appended after it: the renewal's 30 days stay.
    expect(
      retractFeaturedEnd({ featured: true, featuredUntil: at(35) }, { endDate: at(5), days: 7 }, now),
    ).toEqual({ until: at(30), removedMs: 5 * DAY });
    // The renewal itself refunded: the group keeps the first order's 5 days.
    expect(
      retractFeaturedEnd({ featured: true, featuredUntil: at(35) }, { endDate: at(35), days: 30 }, now),
    ).toEqual({ until: at(5), removedMs: 30 * DAY });
    // An order whose days are all used takes nothing back; an unfeatured group has nothing to take.
    expect(
      retractFeaturedEnd({ featured: true, featuredUntil: at(3) }, { endDate: at(-1), days: 1 }, now),
    ).toEqual({ until: at(3), removedMs: 0 });
    expect(
      retractFeaturedEnd({ featured: false, featuredUntil: null }, { endDate: at(7), days: 7 }, now),
    ).toEqual({
      until: null,
      removedMs: 0,
    });
  });
});

describe('labels', () => {
  it("says 'por N dia(s)'", () => {
    expect(perDaysLabel(1)).toBe('por 1 dia');
    expect(perDaysLabel(30)).toBe('por 30 dias');
  });

  it('badges statuses as the spec, unknown ones as is in grey', () => {
    expect(orderStatusBadge('paid')).toEqual({ label: 'Pago', tone: 'green' });
    expect(orderStatusBadge('active')).toEqual({ label: 'Ativo', tone: 'blue' });
    expect(orderStatusBadge('pending')).toEqual({ label: 'Pendente', tone: 'yellow' });
    expect(orderStatusBadge('cancelled')).toEqual({ label: 'Cancelado', tone: 'red' });
    expect(orderStatusBadge('failed')).toEqual({ label: 'Falhou', tone: 'red' });
    expect(orderStatusBadge('expired')).toEqual({ label: 'Expirado', tone: 'grey' });
    expect(orderStatusBadge('refunded')).toEqual({ label: 'Reembolsado', tone: 'grey' });
  });

  it('has a Portuguese label for every status the database allows', () => {
    for (const status of ORDER_STATUSES) expect(orderStatusBadge(status).label).not.toBe(status);
  });

  it('shortens ids and names providers', () => {
    expect(shortId('1234567890abcdef')).toBe('12345678');
    expect(shortId(null)).toBe('');
    expect(shortPaymentId('cs_test_a1b2c3d4e5f6')).toBe('a1b2c3d4');
    expect(shortPaymentId('1234567890123')).toBe('12345678');
    expect(providerBadge('mercadopago')).toBe('MP');
    expect(providerBadge('stripe')).toBe('ST');
    expect(providerBadge(null)).toBeNull();
  });
});

describe('secrets', () => {
  it('masks all but the last four characters and recognises the mask', () => {
    const masked = maskSecret('sk_test_1234567890');
    expect(masked).not.toContain('sk_test');
    expect(masked.endsWith('7890')).toBe(true);
    expect(isMasked(masked)).toBe(true);
    expect(isMasked('sk_test_novo')).toBe(false);
    expect(maskSecret('')).toBe('');
    expect(maskSecret('curto')).not.toContain('curto');
  });

  it('turns decimal reais into centavos without drift', () => {
    expect(centsFromDecimal(119.9)).toBe(11990);
    expect(centsFromDecimal(0.1 + 0.2)).toBe(30);
  });
});

describe('the withdrawal that is never lost nor looped (#41)', () => {
  it("a new featuring waits for the withdrawn order's own days: 7 for a week, 30 for a month", () => {
    expect(repurchaseAllowedFrom({ startDate: now, days: 7 })).toEqual(new Date(now.getTime() + 7 * DAY));
    expect(repurchaseAllowedFrom({ startDate: now, days: 30 })).toEqual(new Date(now.getTime() + 30 * DAY));
    expect(repurchaseAllowedFrom({ startDate: null, days: 7 })).toBeNull();
  });

  it('a removal gives back the unused part of the price, counted from the pause', () => {
    const order = { price: 3990, days: 7, endDate: new Date(now.getTime() + 3.5 * DAY) };
    expect(unusedAmountCents(order, now)).toBe(1995);
    expect(unusedAmountCents(order, new Date(now.getTime() + 4 * DAY))).toBe(0);
    expect(unusedAmountCents({ ...order, endDate: new Date(now.getTime() + 9 * DAY) }, now)).toBe(3990);
  });

  it('retries a failed refund after 5, 15, 60, 180 minutes, then every 6 hours', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => refundRetryDelayMs(n) / 60_000)).toEqual([
      5, 15, 60, 180, 360, 360, 360,
    ]);
  });

  it("names a refunded order whose refund is still pending 'Reembolso em processamento'", () => {
    expect(orderStatusBadge('refunded', 'pending')).toMatchObject({ label: REFUND_PENDING_LABEL });
    expect(orderStatusBadge('refunded', 'completed').label).toBe('Reembolsado');
  });
});
