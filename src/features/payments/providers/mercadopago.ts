// Mercado Pago Checkout Pro: a preference whose external_reference is the order id (idempotency key
// = order id). Notifications are verified by x-signature and then only the payment fetched from the
// API is trusted.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MercadoPagoConfig, Payment, PaymentRefund, Preference } from 'mercadopago';
import { centsFromDecimal } from '../payments.ts';
import { pointMercadoPagoAt } from './mercadopago-endpoint.ts';
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

function config(accessToken: string) {
  pointMercadoPagoAt(providerApiBase('MERCADOPAGO_API_BASE'));
  return new MercadoPagoConfig({
    accessToken,
    options: { timeout: providerTimeoutMs(), maxRetries: 1 } as never,
  });
}

/** The fields of x-signature ('ts=...,v1=...'). */
function parseSignature(header: string): { ts?: string; v1?: string } {
  const out: Record<string, string> = {};
  for (const part of header.split(',')) {
    const [k, ...v] = part.split('=');
    if (k && v.length) out[k.trim()] = v.join('=').trim();
  }
  return out;
}

/** The id Mercado Pago signs: data.id from the query string, lower-cased when alphanumeric. */
export function signedDataId(dataId: string): string {
  return /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
}

/** The manifest Mercado Pago signs: `id:{data.id};request-id:{x-request-id};ts:{ts};`. */
export function signatureManifest(dataId: string, requestId: string, ts: string): string {
  return `id:${signedDataId(dataId)};request-id:${requestId};ts:${ts};`;
}

/** An x-signature header made the way Mercado Pago makes it (tests and tools). */
export function signMercadoPago(secret: string, dataId: string, requestId: string, ts: string): string {
  const v1 = createHmac('sha256', secret)
    .update(signatureManifest(dataId, requestId, ts))
    .digest('hex');
  return `ts=${ts},v1=${v1}`;
}

/** Whether x-signature is valid for this notification (HMAC-SHA256, constant-time comparison). */
export function verifyMercadoPagoSignature(
  secret: string,
  dataId: string | null,
  requestId: string | null,
  header: string | null,
): boolean {
  if (!dataId || !requestId || !header) return false;
  const { ts, v1 } = parseSignature(header);
  if (!ts || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const expected = createHmac('sha256', secret)
    .update(signatureManifest(dataId, requestId, ts))
    .digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

type MpPayment = Awaited<ReturnType<Payment['get']>>;

/** A fetched payment as a settled payment, or null unless it is approved. */
export function settledFromPayment(payment: MpPayment): SettledPayment | null {
  if (payment.status !== 'approved' || payment.id === undefined) return null;
  return {
    provider: 'mercadopago',
    // Keyed by the payment: every later notification about an approved payment is a duplicate.
    eventId: `payment:${payment.id}`,
    orderId: payment.external_reference ?? null,
    paymentId: String(payment.id),
    amountCents:
      typeof payment.transaction_amount === 'number' ? centsFromDecimal(payment.transaction_amount) : -1,
    currency: (payment.currency_id ?? '').toLowerCase(),
  };
}

/** A payment refunded as a whole (or charged back), as the refund path reads it from a notification. */
export interface MpRefundNotice {
  eventId: string;
  orderId: string | null;
  paymentId: string;
  amountCents: number;
  /** 'refunded' (by us or the dashboard) or 'chargeback' (the buyer's card issuer took the money back) */
  kind: 'refunded' | 'chargeback';
}

/**
 * A fetched payment whose status is 'refunded' (Mercado Pago sets it only once the whole amount went
 * back; a partial refund keeps 'approved') or 'charged_back': the buyer has the money back through
 * the card issuer, so the featuring ends as for a refund (a chargeback later decided for the seller is
 * the admin's to feature again by hand).
 */
export function refundFromPayment(payment: MpPayment): MpRefundNotice | null {
  if ((payment.status !== 'refunded' && payment.status !== 'charged_back') || payment.id === undefined)
    return null;
  const chargeback = payment.status === 'charged_back';
  return {
    eventId: `${chargeback ? 'chargeback' : 'refund'}:${payment.id}`,
    orderId: payment.external_reference ?? null,
    paymentId: String(payment.id),
    amountCents:
      typeof payment.transaction_amount === 'number' ? centsFromDecimal(payment.transaction_amount) : -1,
    kind: chargeback ? 'chargeback' : 'refunded',
  };
}

/** Whether an SDK error is worth retrying later (5xx, 429, timeout, network). */
function transient(error: unknown): boolean {
  const status = (error as { status?: number }).status;
  return status === undefined || status === 0 || status === 429 || status >= 500;
}

export class MercadoPagoProvider implements PaymentProvider {
  readonly name = 'mercadopago' as const;
  private readonly config: MercadoPagoConfig;

  constructor(
    accessToken: string,
    private readonly mode: 'sandbox' | 'production' = 'sandbox',
  ) {
    this.config = config(accessToken);
  }

  async createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<Checkout> {
    const preference = await new Preference(this.config).create({
      body: {
        items: [
          {
            id: order.id,
            title: `${order.planName} — ${order.groupTitle}`.slice(0, 250),
            quantity: 1,
            unit_price: order.price / 100,
            currency_id: 'BRL',
          },
        ],
        external_reference: order.id,
        notification_url: urls.notification,
        back_urls: { success: urls.success, failure: urls.cancel, pending: urls.success },
        auto_return: 'approved',
        metadata: { order_id: order.id },
      },
      requestOptions: { idempotencyKey: order.id },
    });
    const initPoint = (this.mode === 'sandbox' && preference.sandbox_init_point) || preference.init_point;
    if (!preference.id || !initPoint)
      throw new Error('Mercado Pago returned a preference without init_point');
    return { paymentId: preference.id, initPoint };
  }

  /**
   * The payment a notification refers to, fetched from the API (the notification itself is not
   * trusted): an approved payment settles its order, a refunded one refunds it.
   */
  async fetchPayment(
    paymentId: string,
  ): Promise<{ settled: SettledPayment | null; refunded: MpRefundNotice | null }> {
    const payment = await new Payment(this.config).get({ id: paymentId });
    return { settled: settledFromPayment(payment), refunded: refundFromPayment(payment) };
  }

  async refund(order: RefundableOrder, options: RefundOptions): Promise<ProviderRefund> {
    // Only a settled payment's id is numeric (before that the order holds the preference id).
    if (!order.paymentId || !/^\d+$/.test(order.paymentId))
      throw new RefundFailed('refused', `order ${order.id} has no Mercado Pago payment`);
    try {
      // The whole amount (an empty body) or the part asked, once per key whatever the number of calls.
      const requestOptions = { idempotencyKey: options.idempotencyKey };
      const refunds = new PaymentRefund(this.config);
      const refund = options.amountCents
        ? await refunds.create({
            payment_id: order.paymentId,
            body: { amount: options.amountCents / 100 },
            requestOptions,
          })
        : await refunds.total({ payment_id: order.paymentId, requestOptions });
      if (refund.status === 'rejected' || refund.status === 'cancelled')
        throw new RefundFailed('refused', `refund ${refund.id} is ${refund.status}`);
      return { refundId: refund.id === undefined ? null : String(refund.id) };
    } catch (error) {
      if (error instanceof RefundFailed) throw error;
      if (transient(error)) throw new RefundFailed('unavailable', String(error), { cause: error });
      // A refusal may mean the payment was refunded already (a retry, the dashboard): ask the payment.
      const payment = await new Payment(this.config).get({ id: order.paymentId }).catch(() => null);
      // A chargeback gave the buyer the money back too: nothing is left to refund.
      if (payment?.status === 'refunded') return { refundId: null };
      if (payment?.status === 'charged_back') return { refundId: `chargeback:${payment.id}` };
      throw new RefundFailed('refused', String((error as Error).message ?? error), { cause: error });
    }
  }

  async findPaid(order: { id: string }): Promise<SettledPayment | null> {
    const found = await new Payment(this.config).search({
      options: { external_reference: order.id, sort: 'date_created', criteria: 'desc' },
    });
    for (const payment of found.results ?? []) {
      const settled = settledFromPayment(payment as MpPayment);
      if (settled) return settled;
    }
    return null;
  }
}
