// A small stand-in for api.mercadopago.com: preferences (with the idempotency key honoured), payments
// by id, the payments search and refunds (POST /v1/payments/{id}/refunds: the key replayed, a second
// refund refused with 400, 5xx and timeouts on demand), for the real `mercadopago` SDK. Tests add
// payments and inspect requests.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signMercadoPago } from '../../src/features/payments/providers/mercadopago.ts';

/**
 * A payment notification as Mercado Pago sends it: data.id and type in the query string, and the
 * x-signature header (ts=…,v1=HMAC-SHA256 of "id:…;request-id:…;ts:…;" with the secret).
 */
export function signedMpNotification(secret: string, paymentId: string) {
  const requestId = crypto.randomUUID();
  return {
    path: `/api/payments/webhook/mercadopago?data.id=${paymentId}&type=payment`,
    headers: {
      'content-type': 'application/json',
      'x-signature': signMercadoPago(secret, paymentId, requestId, String(Date.now())),
      'x-request-id': requestId,
    },
    body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: paymentId } }),
  };
}

export interface FakeMpPayment {
  id: number;
  status: 'approved' | 'pending' | 'rejected' | 'refunded' | 'charged_back';
  transaction_amount_refunded?: number;
  external_reference: string;
  transaction_amount: number;
  currency_id: string;
  date_created?: string;
}

export interface FakeMercadoPago {
  url: string;
  payments: Map<string, FakeMpPayment>;
  preferences: Map<string, Record<string, unknown>>;
  requests: { method: string; path: string; body: unknown; headers: IncomingMessage['headers'] }[];
  refunds: Map<number, Record<string, unknown>>;
  /** A refund made in Mercado Pago's dashboard (no API call of ours): the payment becomes refunded. */
  refundInDashboard(paymentId: number): void;
  /** Answer the next `count` refund creations with this status (500, 503...). */
  failRefunds(count: number, status?: number): void;
  /** Never answer the next `count` refund creations. */
  hangRefunds(count: number): void;
  /** The buyer's card issuer took the money back: the payment becomes 'charged_back'. */
  chargeBack(paymentId: number): void;
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

/** Start the fake Mercado Pago API on a free port. */
export async function startFakeMercadoPago(): Promise<FakeMercadoPago> {
  const payments = new Map<string, FakeMpPayment>();
  const preferences = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, Record<string, unknown>>();
  const requests: FakeMercadoPago['requests'] = [];
  const refunds = new Map<number, Record<string, unknown>>();
  const refundsByKey = new Map<string, Record<string, unknown>>();
  let counter = 0;
  let refundFailures = 0;
  let refundFailureStatus = 500;
  let refundHangs = 0;
  /** A refund of `amount` (the rest of the payment by default); the whole amount makes it 'refunded'. */
  const refundWhole = (payment: FakeMpPayment, asked?: number) => {
    const already = payment.transaction_amount_refunded ?? 0;
    const amount = asked ?? payment.transaction_amount - already;
    const refund = {
      id: 900_000 + ++counter,
      payment_id: payment.id,
      amount,
      metadata: {},
      source: { id: '123456', name: 'Loja Teste', type: 'collector' },
      date_created: new Date().toISOString(),
      unique_sequence_number: null,
      refund_mode: 'standard',
      adjustment_amount: 0,
      status: 'approved',
      reason: null,
      amount_refunded_to_payer: amount,
    };
    payment.transaction_amount_refunded = Math.round((already + amount) * 100) / 100;
    if (payment.transaction_amount_refunded >= payment.transaction_amount) payment.status = 'refunded';
    refunds.set(refund.id, refund);
    return refund;
  };
  const server: Server = createServer(async (req, res) => {
    const text = await read(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = text ? JSON.parse(text) : undefined;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body, headers: req.headers });
    const send = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (!req.headers.authorization?.startsWith('Bearer '))
      return send(401, { message: 'unauthorized', status: 401 });
    if (req.method === 'POST' && url.pathname === '/checkout/preferences/') {
      const key = req.headers['x-idempotency-key'];
      const replay = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (replay) return send(201, replay);
      const id = `123456-pref-${++counter}`;
      const preference = {
        ...body,
        id,
        init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
      };
      preferences.set(id, preference);
      if (typeof key === 'string') byIdempotencyKey.set(key, preference);
      return send(201, preference);
    }
    if (req.method === 'GET' && url.pathname === '/v1/payments/search') {
      const ref = url.searchParams.get('external_reference');
      const results = [...payments.values()].filter((p) => !ref || p.external_reference === ref);
      return send(200, { results, paging: { total: results.length, limit: 30, offset: 0 } });
    }
    const refundPath = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(url.pathname);
    if (req.method === 'POST' && refundPath) {
      if (refundHangs > 0) {
        refundHangs--;
        return;
      }
      if (refundFailures > 0) {
        refundFailures--;
        return send(refundFailureStatus, {
          message: 'internal_error',
          error: 'internal_error',
          status: refundFailureStatus,
          cause: [],
        });
      }
      const key = req.headers['x-idempotency-key'];
      const replay = typeof key === 'string' ? refundsByKey.get(key) : undefined;
      if (replay) return send(201, replay);
      const payment = payments.get(decodeURIComponent(refundPath[1] ?? ''));
      if (!payment)
        return send(404, { message: 'Payment not found', error: 'not_found', status: 404, cause: [] });
      if (payment.status === 'refunded')
        return send(400, {
          message: 'Payment already refunded',
          error: 'bad_request',
          status: 400,
          cause: [],
        });
      if (payment.status !== 'approved')
        return send(400, {
          message: `Invalid payment status: ${payment.status}`,
          error: 'bad_request',
          status: 400,
          cause: [],
        });
      const asked = (body as { amount?: number } | undefined)?.amount;
      const refund = refundWhole(payment, typeof asked === 'number' ? asked : undefined);
      if (typeof key === 'string') refundsByKey.set(key, refund);
      return send(201, refund);
    }
    const match = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const payment = payments.get(decodeURIComponent(match[1] ?? ''));
      return payment ? send(200, payment) : send(404, { message: 'Payment not found', status: 404 });
    }
    send(404, { message: 'not found', status: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    payments,
    preferences,
    requests,
    refunds,
    refundInDashboard(paymentId) {
      const payment = payments.get(String(paymentId));
      if (!payment) throw new Error(`no payment ${paymentId}`);
      refundWhole(payment);
    },
    failRefunds(count, status = 500) {
      refundFailures = count;
      refundFailureStatus = status;
    },
    hangRefunds(count) {
      refundHangs = count;
    },
    chargeBack(paymentId) {
      const payment = payments.get(String(paymentId));
      if (!payment) throw new Error(`no payment ${paymentId}`);
      payment.status = 'charged_back';
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
