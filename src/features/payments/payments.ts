// Pure rules of featured placements and payments (spec sections 3, 4, 8, 9). No IO.

import { isFeaturedNow } from '#src/features/groups/groups.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { GROUP_NOT_FOUND } from '#src/lib/ids.ts';
import { addDays, dayOf, startOfDay } from '#src/lib/time-zone.ts';

export const PAYMENT_PROVIDERS = ['mercadopago', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** The local simulator stands in for a provider only on a developer's machine or in tests. */
export type CheckoutProviderName = PaymentProviderName | 'simulator';

/** The checkout each provider opens, as the review step names it. */
export const PROVIDER_LABELS: Record<CheckoutProviderName, string> = {
  mercadopago: 'Mercado Pago',
  stripe: 'Stripe',
  simulator: 'simulador de pagamento (ambiente local)',
};

/**
 * The ways to pay each checkout offers, in its own order: Mercado Pago's Checkout Pro shows Pix first
 * (then card, boleto and the account's balance); our Stripe Checkout takes cards; the simulator mimics
 * Pix and card.
 */
export const PAYMENT_METHOD_NAMES: Record<CheckoutProviderName, readonly string[]> = {
  mercadopago: ['Pix', 'Cartão de crédito', 'Boleto', 'Saldo no Mercado Pago'],
  stripe: ['Cartão de crédito'],
  simulator: ['Pix', 'Cartão de crédito'],
};

/** CDC art. 49: an online purchase may be withdrawn within 7 days, with everything paid back. */
export const WITHDRAWAL_DAYS = 7;

export const MESSAGES = {
  createOrderFailed: 'Erro ao criar pedido',
  selectGroupAndPlan: 'Selecione um grupo e um plano para continuar',
  groupNotFound: GROUP_NOT_FOUND,
  orderNotFound: 'Pedido de destaque não encontrado',
  planNotFound: 'Plano não encontrado',
  groupNotApproved: 'Apenas grupos aprovados podem ser destacados.',
  groupAlreadyFeatured: 'Este grupo já está em destaque.',
  groupHeld: 'Este grupo está suspenso e não pode ser destacado enquanto a suspensão durar.',
  groupReported: 'Este grupo tem denúncias em análise e não pode ser destacado até a análise terminar.',
  groupNoticed:
    'Este grupo tem uma notificação extrajudicial pendente e não pode ser destacado até a decisão.',
  renewalNotAllowed: 'Só é possível renovar um destaque ativo do mesmo grupo.',
  /** contains 'métodos de pagamento estão desativados': the pages flag 'Serviço indisponível' by it */
  paymentsDisabled: 'Os métodos de pagamento estão desativados no momento.',
  providerNotConfigured: 'O método de pagamento não está configurado. Tente novamente mais tarde.',
  providerFailed: 'Não foi possível iniciar o pagamento. Tente novamente em instantes.',
  orderNotPayable: 'Este pedido não pode mais ser pago.',
  approveOnlyPending: 'Apenas pagamentos pendentes podem ser aprovados.',
  cancelOnlyPending: 'Apenas pagamentos pendentes podem ser cancelados.',
  cancelOnlyUnpaid: 'Só é possível cancelar um pedido que ainda não foi pago.',
  invalidSignature: 'Assinatura do webhook inválida.',
  orderNotVisibleYet: 'Pedido ainda não encontrado. Tente novamente em instantes.',
  simulatorUnavailable: 'O simulador de pagamento só existe no ambiente local.',
  withdrawOnlyPaid: 'Só é possível desistir de um pedido pago.',
  withdrawWindowOver: `O prazo de ${WITHDRAWAL_DAYS} dias para desistir desta compra já terminou.`,
  refundOnlyPaid: 'Só é possível reembolsar um pedido pago.',
  refundUnavailable: 'O meio de pagamento não respondeu. Nada foi alterado: tente de novo em alguns minutos.',
  refundRefused:
    'O meio de pagamento recusou o reembolso. Nada foi alterado: confira o pagamento no painel do provedor.',
  refundPending:
    'sua desistência está registrada e o destaque deste pedido foi retirado. O meio de pagamento ainda não confirmou a devolução; tentamos de novo automaticamente até ela ser feita, e avisamos você por e-mail.',
} as const;

/** The owner's and the admin's name for a refund recorded but not yet made by the provider. */
export const REFUND_PENDING_LABEL = 'Reembolso em processamento';

/** Minutes before each new try of a refund the provider failed (then every 6 hours, until it succeeds); the
 * scheduled pass (functions/expire-features.ts) runs every 5 minutes. */
export const REFUND_RETRY_MINUTES = [5, 15, 60, 180, 360] as const;

/** How long after its `attempts`-th failure a pending refund is asked again. */
export function refundRetryDelayMs(attempts: number): number {
  const minutes = REFUND_RETRY_MINUTES[Math.min(Math.max(attempts - 1, 0), REFUND_RETRY_MINUTES.length - 1)]!;
  return minutes * 60_000;
}

/**
 * THE anti-loop rule (#41, ADR 0020): after a withdrawal, a new featuring of the same group, or by the
 * same account, can be bought only once the withdrawn order's own period is over (its payment plus its
 * days), so 'buy, use almost all, withdraw, repeat' never adds up to free featuring. The withdrawal
 * itself stays whole (CDC art. 49); an admin may still feature the group by hand.
 */
export function repurchaseAllowedFrom(withdrawn: {
  startDate: Date | string | null;
  days: number;
}): Date | null {
  if (!withdrawn.startDate) return null;
  return new Date(new Date(withdrawn.startDate).getTime() + withdrawn.days * DAY_MS);
}

/** The pt-BR refusal of a new order while a withdrawn order's own period lasts. */
export function repurchaseRefusal(until: Date, sameGroup: boolean): string {
  const who = sameGroup ? 'deste grupo' : 'desta conta';
  return `Houve uma desistência de destaque ${who} com reembolso integral. Um novo destaque ${who} só pode ser comprado a partir de ${formatDateTime(until)}, quando terminaria o período do pedido desistido.`;
}

/** Statuses of an order that was paid (and so can be refunded). */
export const PAID_STATUSES: readonly string[] = ['paid', 'active', 'expired'];

export const UNAVAILABLE_NOTICE =
  'Os métodos de pagamento estão temporariamente desativados. Não é possível realizar destaques no momento. Por favor, tente novamente mais tarde.';

const DAY_MS = 86_400_000;

/** Days remaining = ceiling of days to the end date, minimum 0 (spec section 4). */
export function daysRemaining(endDate: Date | string | null | undefined, now: Date = new Date()): number {
  if (!endDate) return 0;
  const end = new Date(endDate).getTime();
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

/**
 * THE rule for a featured end date, used by every way of featuring a group (payment settlement,
 * renewals, admin approval and the admin's feature actions): the days are added to the later of now
 * and the current end while the group is still featured, so nobody's paid time is ever cut short.
 */
export function extendFeaturedEnd(
  group: { featured: boolean; featuredUntil: Date | string | null; featuringPausedAt?: Date | null },
  days: number,
  now: Date = new Date(),
): Date {
  // A paused featuring keeps its end until it resumes: the new days go after it, as after a running one.
  const base = isFeaturedNow(group, group.featuringPausedAt ?? now)
    ? new Date(group.featuredUntil!).getTime()
    : now.getTime();
  return new Date(base + days * DAY_MS);
}

/**
 * THE pause rule (#41): a hold on a featured group pauses its paid featuring. Nothing moves while it is
 * paused (the days left are counted at the pause); when the last hold is lifted the end, and the end of
 * each order still running at the pause, moves later by the time it was paused, so no paid day is lost
 * to a hold (and a featuring cannot run out while the group is off the site).
 */
export function featuringPauseShift(pausedAt: Date, resumedAt: Date): number {
  return Math.max(0, resumedAt.getTime() - pausedAt.getTime());
}

/** The days left of a featuring: counted at the pause while it is paused, from now otherwise. */
export function featuringDaysLeft(
  endDate: Date | string | null | undefined,
  pausedAt: Date | null | undefined,
  now: Date = new Date(),
): number {
  return daysRemaining(endDate, pausedAt ?? now);
}

/**
 * The last moment an order paid at `paidAt` may be withdrawn by its owner: 23:59:59 of the 7th day,
 * São Paulo time, counted from the payment. As in the Código Civil (art. 132), the day of the payment is
 * not counted: paid on 1 June at any hour, the window ends on 8 June at 23:59:59.
 */
export function withdrawalDeadline(paidAt: Date | string): Date {
  const lastDay = addDays(dayOf(new Date(paidAt)), WITHDRAWAL_DAYS);
  return new Date(startOfDay(addDays(lastDay, 1)).getTime() - 1);
}

/** Until when the owner may still withdraw from this order, or null (not paid, or too late). */
export function withdrawableUntil(
  order: { status: string; startDate: Date | string | null },
  now: Date = new Date(),
): Date | null {
  if (!PAID_STATUSES.includes(order.status) || !order.startDate) return null;
  const deadline = withdrawalDeadline(order.startDate);
  return deadline.getTime() >= now.getTime() ? deadline : null;
}

/**
 * What a refund takes back from its group's featuring: the part of this order's days not used yet.
 * Each order's days were appended to the group's end (extendFeaturedEnd), so the order covered
 * [endDate - days, endDate]; the part after now comes off the group's end, and every other paid day
 * stays. The end never moves below now; nothing left means not featured (until null).
 */
export function retractFeaturedEnd(
  group: { featured: boolean; featuredUntil: Date | string | null },
  order: { endDate: Date | string | null; days: number },
  now: Date = new Date(),
): { until: Date | null; removedMs: number } {
  const current = group.featuredUntil ? new Date(group.featuredUntil).getTime() : null;
  if (!isFeaturedNow(group, now) || current === null || !order.endDate) {
    return { until: current === null ? null : new Date(current), removedMs: 0 };
  }
  const unused = Math.min(
    order.days * DAY_MS,
    Math.max(0, new Date(order.endDate).getTime() - now.getTime()),
  );
  const end = Math.max(now.getTime(), current - unused);
  const removedMs = current - end;
  return { until: end > now.getTime() ? new Date(end) : null, removedMs };
}

/**
 * The pro rata refund of a removal (#41): the part of the order's price for its days not used at `at`
 * (the moment the group left the site, its featuring paused), in centavos, rounded to the centavo.
 */
export function unusedAmountCents(
  order: { price: number; days: number; endDate: Date | string | null },
  at: Date,
): number {
  if (!order.endDate || order.days <= 0) return 0;
  const total = order.days * DAY_MS;
  const unused = Math.min(total, Math.max(0, new Date(order.endDate).getTime() - at.getTime()));
  return Math.round((order.price * unused) / total);
}

/** 'por 1 dia' / 'por 7 dias'. */
export function perDaysLabel(days: number): string {
  return `por ${days} ${days === 1 ? 'dia' : 'dias'}`;
}

/** The first 8 characters of an id ('' for none). */
export function shortId(id: string | null | undefined): string {
  return id ? id.slice(0, 8) : '';
}

/** A provider payment id shortened for the list: Stripe's 'cs_test_' style prefix says nothing, so it is skipped. */
export function shortPaymentId(id: string | null | undefined): string {
  return shortId(id?.replace(/^cs_(test|live|sim)_/, ''));
}

/** The admin list's provider badge. */
export function providerBadge(method: string | null | undefined): string | null {
  if (method === 'mercadopago') return 'MP';
  if (method === 'stripe') return 'ST';
  if (method === 'simulator') return 'SIM';
  return null;
}

export const ORDER_STATUS_LABELS: Record<
  string,
  { label: string; tone: 'green' | 'blue' | 'yellow' | 'red' | 'grey' }
> = {
  paid: { label: 'Pago', tone: 'green' },
  active: { label: 'Ativo', tone: 'blue' },
  pending: { label: 'Pendente', tone: 'yellow' },
  cancelled: { label: 'Cancelado', tone: 'red' },
  failed: { label: 'Falhou', tone: 'red' },
  expired: { label: 'Expirado', tone: 'grey' },
  refunded: { label: 'Reembolsado', tone: 'grey' },
};

/** The status badge of a refunded order whose refund the provider has not made yet. */
export const REFUND_PENDING_BADGE = { label: REFUND_PENDING_LABEL, tone: 'yellow' as const };

/**
 * The status badge: every state of ORDER_STATUSES has its pt-BR label (a test holds them together); a
 * refunded order whose refund the provider has not made yet says 'Reembolso em processamento'.
 */
export function orderStatusBadge(status: string, refundStatus?: string | null) {
  if (status === 'refunded' && refundStatus === 'pending') return REFUND_PENDING_BADGE;
  return ORDER_STATUS_LABELS[status] ?? { label: status, tone: 'grey' as const };
}

export const MASK_CHAR = '•';

/** A stored secret as the settings API shows it: never in clear, only its last 4 characters. */
export function maskSecret(value: string | null | undefined): string {
  if (!value) return '';
  const tail = value.length > 8 ? value.slice(-4) : '';
  return `${MASK_CHAR.repeat(8)}${tail}`;
}

/** Whether a submitted value is the mask we sent (saving it keeps the stored secret). */
export function isMasked(value: string): boolean {
  return value.startsWith(MASK_CHAR.repeat(8));
}

/** Centavos from a provider's decimal amount (12.5 -> 1250) without floating-point drift. */
export function centsFromDecimal(amount: number): number {
  return Math.round(amount * 100);
}

/** A feature order as the API answers it (with the spec's view names group_title, plan_name, plan_days). */
export interface OrderJson {
  id: string;
  /** the short number shown to people (formatOrderNumber) */
  number: number;
  /** null once the account was deleted (the order is kept, anonymised) */
  userId: string | null;
  /** null once the group was deleted */
  groupId: string | null;
  planId: number;
  orderDate: string;
  startDate: string | null;
  endDate: string | null;
  status: string;
  priceCents: number;
  price: string;
  days: number;
  paymentMethod: string | null;
  paymentId: string | null;
  metadata: string | null;
  daysRemaining: number;
  group_title: string | null;
  plan_name: string | null;
  plan_days: number | null;
}

/** Money as the API shows it: centavos and the decimal the table stores. */
export function priceJson(cents: number) {
  return { priceCents: cents, price: (cents / 100).toFixed(2) };
}
