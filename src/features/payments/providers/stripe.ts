// Stripe Checkout: a Checkout Session in BRL whose client_reference_id and metadata carry the order id;
// webhooks verified on the raw body with the SDK (300 s tolerance).
import Stripe from 'stripe';
import type {
  Checkout,
  CheckoutOrder,
  CheckoutUrls,
  PaymentProvider,
  ProviderRefund,
  RefundableOrder,
  RefundOptions,
  SettledPayment,
} from './provider.ts';
import { providerApiBase, providerTimeoutMs, RefundFailed } from './provider.ts';

export const STRIPE_TOLERANCE_SECONDS = 300;

/** The real SDK, pointed at STRIPE_API_BASE when running locally (tests use a fake server). */
export function stripeClient(secretKey: string): Stripe {
  const base = providerApiBase('STRIPE_API_BASE');
  const config: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 1,
    timeout: providerTimeoutMs(),
  };
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
    paymentIntentId: idOf(session.payment_intent),
  };
}

/** An expandable Stripe field's id (a string, or the expanded object's id). */
function idOf(field: string | { id: string } | null | undefined): string | null {
  if (!field) return null;
  return typeof field === 'string' ? field : field.id;
}

/** The events whose object is a Refund (charge.refund.updated is the older name of refund.updated). */
const REFUND_EVENTS: readonly string[] = ['refund.created', 'refund.updated', 'charge.refund.updated'];

/** A refund seen in an event: whole or partial, of which payment intent. */
export interface StripeRefundNotice {
  eventId: string;
  paymentIntentId: string | null;
  /** centavos refunded so far on that payment */
  amountCents: number;
  /** whether the whole payment is refunded (a partial refund is left to the admin) */
  full: boolean;
  refundId: string | null;
}

/**
 * The refund a verified event reports: charge.refunded (the charge's 'refunded' flag says whether it
 * is whole) and refund.created/refund.updated/charge.refund.updated once the refund succeeded. Anything
 * else: null.
 */
export function refundFromEvent(event: Stripe.Event): StripeRefundNotice | null {
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    return {
      eventId: event.id,
      paymentIntentId: idOf(charge.payment_intent),
      amountCents: charge.amount_refunded,
      full: charge.refunded === true,
      refundId: charge.refunds?.data?.[0]?.id ?? null,
    };
  }
  if (REFUND_EVENTS.includes(event.type)) {
    const refund = event.data.object as Stripe.Refund;
    if (refund.status !== 'succeeded') return null;
    return {
      eventId: event.id,
      paymentIntentId: idOf(refund.payment_intent),
      amountCents: refund.amount,
      // whole or not is decided against the order's price
      full: false,
      refundId: refund.id,
    };
  }
  return null;
}

/** A refund of ours that Stripe failed or cancelled after accepting it (the money did not go back). */
export interface StripeRefundFailure {
  eventId: string;
  paymentIntentId: string | null;
  refundId: string;
  /** Stripe's failure_reason ('expired_or_canceled_card', 'lost_or_stolen_card', 'unknown'...) */
  reason: string;
}

/** refund.failed, or refund.updated / charge.refund.updated with a failed or cancelled refund; else null. */
export function refundFailureFromEvent(event: Stripe.Event): StripeRefundFailure | null {
  if (!REFUND_EVENTS.includes(event.type) && event.type !== 'refund.failed') return null;
  const refund = event.data.object as Stripe.Refund;
  if (refund.status !== 'failed' && refund.status !== 'canceled') return null;
  return {
    eventId: event.id,
    paymentIntentId: idOf(refund.payment_intent),
    refundId: refund.id,
    reason: `refund ${refund.id} ${refund.status} (${refund.failure_reason ?? 'sem motivo'})`,
  };
}

/** A Stripe SDK error as RefundFailed, or null when it says the payment was already refunded. */
function refundFailure(error: unknown): RefundFailed | null {
  const e = error as { type?: string; code?: string; statusCode?: number; message?: string };
  if (e.code === 'charge_already_refunded') return null;
  const transient =
    e.type === 'StripeConnectionError' ||
    e.type === 'StripeAPIError' ||
    e.type === 'StripeRateLimitError' ||
    (e.statusCode ?? 0) >= 500 ||
    e.statusCode === 429 ||
    e.statusCode === undefined;
  return new RefundFailed(transient ? 'unavailable' : 'refused', e.message ?? String(error), {
    cause: error,
  });
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

  /** The payment intent of an order: kept at settlement, else asked from its Checkout Session. */
  private async paymentIntentOf(order: RefundableOrder): Promise<string> {
    if (order.stripePaymentIntentId) return order.stripePaymentIntentId;
    if (!order.paymentId) throw new RefundFailed('refused', `order ${order.id} has no Stripe session`);
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(order.paymentId);
    } catch (error) {
      throw refundFailure(error) ?? new RefundFailed('refused', String(error));
    }
    const intent = idOf(session.payment_intent);
    if (!intent) throw new RefundFailed('refused', `session ${session.id} has no payment intent`);
    return intent;
  }

  async refund(order: RefundableOrder, options: RefundOptions): Promise<ProviderRefund> {
    const paymentIntent = await this.paymentIntentOf(order);
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          reason: 'requested_by_customer',
          metadata: { orderId: order.id },
          ...(options.amountCents ? { amount: options.amountCents } : {}),
        },
        // One refund per order, however often it is asked for (Stripe keeps the key 24 h; after
        // that a second refund answers charge_already_refunded, which counts as done).
        { idempotencyKey: options.idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new RefundFailed('refused', `refund ${refund.id} is ${refund.status}`);
      return { refundId: refund.id };
    } catch (error) {
      if (error instanceof RefundFailed) throw error;
      const failure = refundFailure(error);
      if (failure) throw failure;
      return { refundId: null };
    }
  }

  /** The order a payment intent paid for, from its Checkout Session (client_reference_id). */
  async orderOfPaymentIntent(paymentIntent: string): Promise<string | null> {
    const sessions = await this.stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
    const session = sessions.data[0];
    return session?.client_reference_id ?? session?.metadata?.orderId ?? null;
  }
}
