// A small stand-in for api.stripe.com: enough of Checkout Sessions for the real `stripe` SDK
// (pointed here with host/port/protocol) to create, retrieve and list them, and of Refunds to refund
// a paid session's payment intent the way Stripe answers (idempotency keys replayed, a second refund
// refused with charge_already_refunded, 5xx and timeouts on demand). Tests inspect what it received.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A webhook event as Stripe sends it: the JSON body and its Stripe-Signature header (t=…,v1=HMAC-SHA256
 * of "t.body" with the endpoint's secret), which the real SDK's constructEvent verifies.
 */
export function signedStripeEvent(
  secret: string,
  type: string,
  object: unknown,
  id = `evt_${crypto.randomUUID()}`,
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete';
  success_url: string;
  cancel_url: string;
  payment_intent?: string | null;
}

/** A paid session's payment intent and its one charge. */
export interface FakePaymentIntent {
  id: string;
  charge: string;
  amount: number;
  currency: string;
  amount_refunded: number;
  session: string;
}

/** A Refund object as Stripe returns it. */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
  failure_reason?: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  requests: { method: string; path: string; body: URLSearchParams; headers: IncomingMessage['headers'] }[];
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  /** Never answer the next `count` checkout creations (a provider that times out); the SDK gives up. */
  hangCheckouts(count: number): void;
  /** Mark a session paid as Checkout would: a payment intent and a charge for its amount. */
  pay(sessionId: string): FakePaymentIntent;
  /** A refund made in Stripe's dashboard (no API call of ours): the intent is refunded whole. */
  refundInDashboard(paymentIntentId: string): FakeRefund;
  /** The Charge object of a payment intent, as charge.refunded carries it. */
  chargeOf(paymentIntentId: string): Record<string, unknown>;
  /** Answer the next `count` refund creations with this status (500, 503: Stripe's api_error). */
  failRefunds(count: number, status?: number): void;
  /** Never answer the next `count` refund creations. */
  hangRefunds(count: number): void;
  /**
   * A refund Stripe accepted fails later (the card was closed...), as refund.failed reports it: the
   * refund becomes 'failed' with its reason and the payment is no longer refunded. Returns the refund.
   */
  failRefundLater(refundId: string, reason?: string): FakeRefund;
  close(): Promise<void>;
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

/** Start the fake Stripe API on a free port. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, FakeSession>();
  const requests: FakeStripe['requests'] = [];
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const refundsByKey = new Map<string, FakeRefund>();
  let counter = 0;
  let hanging = 0;
  let refundFailures = 0;
  let refundFailureStatus = 500;
  let refundHangs = 0;
  const makeRefund = (
    intent: FakePaymentIntent,
    metadata: Record<string, string>,
    reason: string | null,
    amount = intent.amount - intent.amount_refunded,
  ) => {
    const refund: FakeRefund = {
      id: `re_${String(++counter).padStart(6, '0')}`,
      object: 'refund',
      amount,
      charge: intent.charge,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      reason,
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    intent.amount_refunded += amount;
    refunds.set(refund.id, refund);
    return refund;
  };
  const chargeOf = (intentId: string) => {
    const intent = paymentIntents.get(intentId);
    if (!intent) throw new Error(`no payment intent ${intentId}`);
    return {
      id: intent.charge,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: intent.amount_refunded,
      currency: intent.currency,
      captured: true,
      paid: true,
      payment_intent: intent.id,
      refunded: intent.amount_refunded >= intent.amount,
      status: 'succeeded',
      metadata: {},
    };
  };
  const server: Server = createServer(async (req, res) => {
    const body = new URLSearchParams(await read(req));
    const path = (req.url ?? '').split('?')[0] ?? '';
    requests.push({ method: req.method ?? 'GET', path, body, headers: req.headers });
    const send = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
      res.end(JSON.stringify(data));
    };
    if (!req.headers.authorization?.startsWith('Bearer sk_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (hanging > 0) {
        hanging--;
        return; // no answer: the client's own timeout ends the request
      }
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (replay) return send(200, replay);
      const id = `cs_test_${String(++counter).padStart(6, '0')}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: body.get('mode') ?? 'payment',
        client_reference_id: body.get('client_reference_id'),
        metadata: { orderId: body.get('metadata[orderId]') ?? '' },
        amount_total: Number(body.get('line_items[0][price_data][unit_amount]') ?? 0),
        currency: body.get('line_items[0][price_data][currency]') ?? 'brl',
        payment_status: 'unpaid',
        status: 'open',
        success_url: body.get('success_url') ?? '',
        cancel_url: body.get('cancel_url') ?? '',
        payment_intent: null,
      };
      sessions.set(id, session);
      if (typeof key === 'string') byIdempotencyKey.set(key, session);
      return send(200, session);
    }
    if (req.method === 'GET' && path === '/v1/checkout/sessions') {
      const query = new URL(req.url ?? '', 'http://fake').searchParams;
      const intent = query.get('payment_intent');
      const data = [...sessions.values()].filter((s) => !intent || s.payment_intent === intent);
      return send(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      if (refundHangs > 0) {
        refundHangs--;
        return;
      }
      if (refundFailures > 0) {
        refundFailures--;
        return send(refundFailureStatus, {
          error: { type: 'api_error', message: 'An unknown error occurred' },
        });
      }
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? refundsByKey.get(key) : undefined;
      if (replay) return send(200, replay);
      const intentId = body.get('payment_intent');
      const intent = intentId ? paymentIntents.get(intentId) : undefined;
      if (!intent)
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'payment_intent',
            message: `No such payment_intent: '${intentId}'`,
          },
        });
      if (intent.amount_refunded >= intent.amount)
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ${intent.charge} has already been refunded.`,
          },
        });
      const metadata: Record<string, string> = {};
      for (const [k, v] of body) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      const asked = body.get('amount');
      const refund = makeRefund(intent, metadata, body.get('reason'), asked ? Number(asked) : undefined);
      if (typeof key === 'string') refundsByKey.set(key, refund);
      return send(200, refund);
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1] ?? ''));
      return session
        ? send(200, session)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    paymentIntents,
    refunds,
    hangCheckouts(count) {
      hanging = count;
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const n = String(++counter).padStart(6, '0');
      const intent: FakePaymentIntent = {
        id: `pi_${n}`,
        charge: `ch_${n}`,
        amount: session.amount_total,
        currency: session.currency,
        amount_refunded: 0,
        session: session.id,
      };
      paymentIntents.set(intent.id, intent);
      Object.assign(session, { payment_status: 'paid', status: 'complete', payment_intent: intent.id });
      return intent;
    },
    refundInDashboard(paymentIntentId) {
      const intent = paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`no payment intent ${paymentIntentId}`);
      return makeRefund(intent, {}, 'requested_by_customer');
    },
    chargeOf,
    failRefunds(count, status = 500) {
      refundFailures = count;
      refundFailureStatus = status;
    },
    hangRefunds(count) {
      refundHangs = count;
    },
    failRefundLater(refundId, reason = 'expired_or_canceled_card') {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      const intent = paymentIntents.get(refund.payment_intent);
      if (intent) intent.amount_refunded = Math.max(0, intent.amount_refunded - refund.amount);
      Object.assign(refund, { status: 'failed', failure_reason: reason });
      return refund;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
