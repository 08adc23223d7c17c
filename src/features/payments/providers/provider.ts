// One interface for every way of charging: Stripe Checkout, Mercado Pago Checkout Pro and the local
// simulator. A provider starts a checkout and can say whether an order was paid; webhooks are parsed
// by each provider's own verify function (their signatures differ) into a SettledPayment.
import { getEnv } from '#src/lib/env.server.ts';
import type { CheckoutProviderName } from '../payments.ts';

export interface CheckoutOrder {
  id: string;
  /** centavos, taken from the plan when the order was created */
  price: number;
  days: number;
  planName: string;
  groupTitle: string;
}

export interface CheckoutUrls {
  /** where the provider sends the buyer back after paying */
  success: string;
  /** where the buyer goes when giving up */
  cancel: string;
  /** where the provider notifies us (Mercado Pago's notification_url) */
  notification: string;
}

export interface Checkout {
  /** the provider's id for this checkout (Stripe session, Mercado Pago preference) */
  paymentId: string;
  /** the page the buyer is sent to */
  initPoint: string;
}

/** A payment a provider confirmed, before we check it against the order. */
export interface SettledPayment {
  provider: CheckoutProviderName;
  /** the idempotency key of this confirmation (a replay has the same one) */
  eventId: string;
  /** the order the provider says this pays (client_reference_id / external_reference) */
  orderId: string | null;
  /** the provider's payment id, kept on the order */
  paymentId: string | null;
  /** what was paid, in centavos, and in which currency (lower case) */
  amountCents: number;
  currency: string;
  /** Stripe's payment intent behind the session, kept on the order to refund it and find it again */
  paymentIntentId?: string | null;
}

/** A paid order as a provider needs it to refund it. */
export interface RefundableOrder {
  id: string;
  /** centavos */
  price: number;
  paymentId: string | null;
  stripePaymentIntentId: string | null;
}

/** How a refund is asked: under which idempotency key, and for less than the whole price. */
export interface RefundOptions {
  /** one refund per key at the provider ('refund-<order id>'; a reopened refund gets a new one) */
  idempotencyKey: string;
  /** centavos to give back when not the whole price (a removal's unused days) */
  amountCents?: number;
}

/** A refund the provider accepted (or had already made: a refund is whole and happens once). */
export interface ProviderRefund {
  refundId: string | null;
}

/**
 * Why a provider did not refund: 'unavailable' (5xx, 429, timeout, network: try later) or
 * 'refused' (it answered no: nothing to refund, not allowed). The order is left as it was.
 */
export class RefundFailed extends Error {
  constructor(
    readonly kind: 'unavailable' | 'refused',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RefundFailed';
  }
}

export interface PaymentProvider {
  readonly name: CheckoutProviderName;
  /** Start a checkout for an order. */
  createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<Checkout>;
  /** The confirmed payment of an order, or null when the provider has none (used by auto-approve). */
  findPaid(order: { id: string; paymentId: string | null }): Promise<SettledPayment | null>;
  /**
   * Refund an order's payment in full, idempotent at the provider by the order id; a payment the
   * provider already refunded counts as refunded. Throws RefundFailed.
   */
  refund(order: RefundableOrder, options: RefundOptions): Promise<ProviderRefund>;
}

/** How long the SDKs wait for a provider per try (one retry follows a timeout). */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** PROVIDER_TIMEOUT_MS, or a shorter wait set for the tests that make a provider hang (local only). */
export function providerTimeoutMs(): number {
  const env = getEnv();
  return (env.isLocal && env.PAYMENT_PROVIDER_TIMEOUT_MS) || PROVIDER_TIMEOUT_MS;
}

/**
 * A provider API base URL from the environment (STRIPE_API_BASE / MERCADOPAGO_API_BASE), honoured
 * only locally and in tests, so a deployed site can never be pointed at another server.
 */
export function providerApiBase(name: 'STRIPE_API_BASE' | 'MERCADOPAGO_API_BASE'): URL | null {
  const env = getEnv();
  const value = env[name];
  if (!value || !env.isLocal) return null;
  return new URL(value);
}
