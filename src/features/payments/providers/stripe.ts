// Stripe Checkout: a Checkout Session in BRL whose client_reference_id and metadata carry the order id;
// webhooks verified on the raw body with the SDK (300 s tolerance).
import Stripe from 'stripe';
import type { Checkout, CheckoutOrder, CheckoutUrls, PaymentProvider, SettledPayment } from './provider.ts';
import { providerApiBase } from './provider.ts';

export const STRIPE_TOLERANCE_SECONDS = 300;

/** The real SDK, pointed at STRIPE_API_BASE when running locally (tests use a fake server). */
export function stripeClient(secretKey: string): Stripe {
  const base = providerApiBase('STRIPE_API_BASE');
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1, timeout: 15_000 };
  if (base) {
    config.host = base.hostname;
    config.port = base.port || (base.protocol === 'https:' ? 443 : 80);
    config.protocol = base.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(secretKey, config);
}

/** A Checkout Session as a settled payment, or null when it is not paid. */
export function settledFromSession(
  session: Stripe.Checkout.Session,
  eventId: string,
  provider: 'stripe' | 'simulator' = 'stripe',
): SettledPayment | null {
  if (session.payment_status !== 'paid') return null;
  return {
    provider,
    eventId,
    orderId: session.client_reference_id ?? session.metadata?.orderId ?? null,
    paymentId: session.id,
    amountCents: session.amount_total ?? -1,
    currency: (session.currency ?? '').toLowerCase(),
  };
}

/**
 * Verify a Stripe-Signature header over the raw body and return the event, or null when the
 * signature is missing or wrong, or its timestamp is further than the tolerance from now, in the past
 * (the SDK's check) or in the future (which the SDK accepts: a signature made for later is replayable
 * until then).
 */
export function verifyStripeEvent(
  rawBody: string,
  header: string | null,
  webhookSecret: string,
  now: number = Date.now(),
): Stripe.Event | null {
  if (!header) return null;
  const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1]);
  if (!Number.isFinite(timestamp) || timestamp - Math.floor(now / 1000) > STRIPE_TOLERANCE_SECONDS)
    return null;
  try {
    return Stripe.webhooks.constructEvent(rawBody, header, webhookSecret, STRIPE_TOLERANCE_SECONDS);
  } catch {
    return null;
  }
}

/**
 * The payment a verified event confirms: checkout.session.completed only when paid (card), and
 * checkout.session.async_payment_succeeded (boleto, Pix settle later). Anything else confirms nothing.
 */
export function settledFromEvent(
  event: Stripe.Event,
  provider: 'stripe' | 'simulator' = 'stripe',
): SettledPayment | null {
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    const session = event.data.object as Stripe.Checkout.Session;
    if (event.type === 'checkout.session.async_payment_succeeded')
      return settledFromSession({ ...session, payment_status: 'paid' }, event.id, provider);
    return settledFromSession(session, event.id, provider);
  }
  return null;
}

/** The order a failed asynchronous payment belongs to, if the event is one. */
export function failedOrderFromEvent(event: Stripe.Event): string | null {
  if (event.type !== 'checkout.session.async_payment_failed') return null;
  const session = event.data.object as Stripe.Checkout.Session;
  return session.client_reference_id ?? session.metadata?.orderId ?? null;
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(secretKey: string) {
    this.stripe = stripeClient(secretKey);
  }

  async createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<Checkout> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: order.id,
        metadata: { orderId: order.id },
        payment_intent_data: { metadata: { orderId: order.id } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'brl',
              unit_amount: order.price,
              product_data: { name: `${order.planName} — ${order.groupTitle}`.slice(0, 250) },
            },
          },
        ],
        success_url: urls.success,
        cancel_url: urls.cancel,
      },
      // The same order never opens two sessions within Stripe's idempotency window.
      { idempotencyKey: `checkout-${order.id}` },
    );
    if (!session.url) throw new Error('Stripe returned a session without url');
    return { paymentId: session.id, initPoint: session.url };
  }

  async findPaid(order: { id: string; paymentId: string | null }): Promise<SettledPayment | null> {
    if (!order.paymentId) return null;
    const session = await this.stripe.checkout.sessions.retrieve(order.paymentId);
    return settledFromSession(session, `retrieve:${session.id}`);
  }
}
