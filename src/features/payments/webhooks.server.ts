// Provider notifications. Each one is verified first (a bad signature answers 400 and changes
// nothing), then turned into a SettledPayment and applied once by settlePayment, or into a refund
// (made in the provider's dashboard, a chargeback, or the echo of ours) applied once by applyRefund, or
// into a refund of ours that failed at the provider, reopened once by reopenRefund.
import type { Db } from '#db/client.ts';
import { AppError } from '#src/lib/http.server.ts';
import { isUuid } from '#src/lib/ids.ts';
import { MESSAGES } from './payments.ts';
import { MercadoPagoProvider, verifyMercadoPagoSignature } from './providers/mercadopago.ts';
import { simulatorSecret } from './providers/simulator.ts';
import {
  failedOrderFromEvent,
  refundFailureFromEvent,
  refundFromEvent,
  StripeProvider,
  type StripeRefundFailure,
  type StripeRefundNotice,
  settledFromEvent,
  verifyStripeEvent,
} from './providers/stripe.ts';
import { applyRefund, orderIdByPaymentIntent, type RefundOutcome, reopenRefund } from './refunds.server.ts';
import { getClearSettings } from './settings.server.ts';
import { markOrderFailed, type SettleOutcome, settlePayment } from './settlement.server.ts';

export type WebhookResult = {
  received: true;
  outcome: SettleOutcome | RefundOutcome | 'ignored' | 'failed';
};

/** The order a Stripe payment intent paid for: kept at settlement, else found through its Checkout Session. */
async function orderOfIntent(
  db: Db,
  paymentIntentId: string,
  provider: 'stripe' | 'simulator',
  secretKey: string | null,
): Promise<string | null> {
  const orderId = await orderIdByPaymentIntent(db, paymentIntentId);
  if (orderId || provider !== 'stripe' || !secretKey) return orderId;
  try {
    return await new StripeProvider(secretKey).orderOfPaymentIntent(paymentIntentId);
  } catch (error) {
    // Answer 5xx so Stripe sends the event again.
    console.error(`[payments] could not find the session of ${paymentIntentId}:`, error);
    throw new AppError('UNAVAILABLE', MESSAGES.providerFailed);
  }
}

/** A Stripe refund event: its payment intent names the order, and the refund is applied once. */
async function applyStripeRefund(
  db: Db,
  notice: StripeRefundNotice,
  provider: 'stripe' | 'simulator',
  secretKey: string | null,
): Promise<WebhookResult> {
  if (!notice.paymentIntentId) return { received: true, outcome: 'ignored' };
  const orderId = await orderOfIntent(db, notice.paymentIntentId, provider, secretKey);
  const outcome = await applyRefund(db, orderId, {
    provider,
    providerRefundId: notice.refundId,
    event: { provider, eventId: notice.eventId },
    // charge.refunded says itself whether the charge is refunded whole; a refund event says how much
    ...(notice.full ? {} : { amountCents: notice.amountCents }),
  });
  return { received: true, outcome };
}

/** Stripe says a refund of ours failed (refund.failed...): the refund is pending again, once per event. */
async function reopenStripeRefund(
  db: Db,
  failure: StripeRefundFailure,
  provider: 'stripe' | 'simulator',
  secretKey: string | null,
): Promise<WebhookResult> {
  if (!failure.paymentIntentId) return { received: true, outcome: 'ignored' };
  const orderId = await orderOfIntent(db, failure.paymentIntentId, provider, secretKey);
  const outcome = await reopenRefund(db, orderId, { provider, eventId: failure.eventId }, failure.reason);
  if (outcome === 'reopened')
    console.warn(`[payments] ${provider} ${failure.reason}: order ${orderId} pending again`);
  return { received: true, outcome };
}

function invalidSignature(): never {
  throw new AppError('BAD_REQUEST', MESSAGES.invalidSignature);
}

async function applyStripeShaped(
  db: Db,
  rawBody: string,
  signature: string | null,
  secret: string | null,
  provider: 'stripe' | 'simulator',
): Promise<WebhookResult> {
  if (!secret) invalidSignature();
  const event = verifyStripeEvent(rawBody, signature, secret);
  if (!event) invalidSignature();
  const refund = refundFromEvent(event);
  const failure = refund ? null : refundFailureFromEvent(event);
  if (refund || failure) {
    const settings = provider === 'stripe' ? await getClearSettings(db) : null;
    const key = settings?.stripeSecretKey ?? null;
    return refund
      ? applyStripeRefund(db, refund, provider, key)
      : reopenStripeRefund(db, failure!, provider, key);
  }
  const failedOrder = failedOrderFromEvent(event);
  if (failedOrder) {
    await markOrderFailed(db, failedOrder);
    return { received: true, outcome: 'failed' };
  }
  const settled = settledFromEvent(event, provider);
  if (!settled) return { received: true, outcome: 'ignored' };
  return { received: true, outcome: await settlePayment(db, settled) };
}

/** POST /api/payments/webhook/stripe: Stripe-Signature verified on the raw body. */
export async function handleStripeWebhook(db: Db, rawBody: string, signature: string | null) {
  const settings = await getClearSettings(db);
  return applyStripeShaped(db, rawBody, signature, settings.stripeWebhookSecret, 'stripe');
}

/** POST /api/payments/webhook/simulator: the local simulator's notification (local only). */
export async function handleSimulatorWebhook(db: Db, rawBody: string, signature: string | null) {
  return applyStripeShaped(db, rawBody, signature, simulatorSecret(), 'simulator');
}

/**
 * POST /api/payments/webhook/mercadopago: x-signature verified over data.id (query string),
 * x-request-id and ts; then only the payment fetched from the API is trusted (approved, its
 * external_reference, amount and currency).
 */
export async function handleMercadoPagoWebhook(
  db: Db,
  req: Request,
  rawBody: string,
): Promise<WebhookResult> {
  const settings = await getClearSettings(db);
  const url = new URL(req.url);
  let body: { type?: string; action?: string; data?: { id?: string | number } } = {};
  try {
    body = rawBody ? JSON.parse(rawBody) : {};
  } catch {
    // the signature decides; the query string carries what we need
  }
  const dataId =
    url.searchParams.get('data.id') ??
    url.searchParams.get('id') ??
    (body.data?.id !== undefined ? String(body.data.id) : null);
  const type = url.searchParams.get('type') ?? url.searchParams.get('topic') ?? body.type ?? null;
  const secret = settings.mercadoPagoWebhookSecret;
  if (
    !secret ||
    !verifyMercadoPagoSignature(
      secret,
      dataId,
      req.headers.get('x-request-id'),
      req.headers.get('x-signature'),
    )
  )
    invalidSignature();
  if (type !== 'payment' || !dataId) return { received: true, outcome: 'ignored' };
  if (!settings.mercadoPagoAccessToken) {
    console.error('[payments] Mercado Pago notification received but no access token is configured');
    throw new AppError('UNAVAILABLE', MESSAGES.providerNotConfigured);
  }
  const provider = new MercadoPagoProvider(settings.mercadoPagoAccessToken, settings.mode);
  let fetched: Awaited<ReturnType<MercadoPagoProvider['fetchPayment']>>;
  try {
    fetched = await provider.fetchPayment(dataId);
  } catch (error) {
    // Answer 5xx so Mercado Pago retries later.
    console.error(`[payments] could not fetch Mercado Pago payment ${dataId}:`, error);
    throw new AppError('UNAVAILABLE', MESSAGES.providerFailed);
  }
  const { settled, refunded } = fetched;
  if (refunded) {
    const orderId = refunded.orderId && isUuid(refunded.orderId) ? refunded.orderId : null;
    const outcome = await applyRefund(db, orderId, {
      provider: 'mercadopago',
      providerRefundId: refunded.kind === 'chargeback' ? `chargeback:${refunded.paymentId}` : null,
      event: { provider: 'mercadopago', eventId: refunded.eventId },
      amountCents: refunded.amountCents,
    });
    return { received: true, outcome };
  }
  if (!settled) return { received: true, outcome: 'ignored' };
  return { received: true, outcome: await settlePayment(db, settled) };
}
