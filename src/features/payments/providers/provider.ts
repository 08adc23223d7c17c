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
}

export interface PaymentProvider {
  readonly name: CheckoutProviderName;
  /** Start a checkout for an order. */
  createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<Checkout>;
  /** The confirmed payment of an order, or null when the provider has none (used by auto-approve). */
  findPaid(order: { id: string; paymentId: string | null }): Promise<SettledPayment | null>;
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
