// A small stand-in for api.stripe.com: enough of Checkout Sessions for the real `stripe` SDK
// (pointed here with host/port/protocol) to create and retrieve them. Tests inspect what it received.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  requests: { method: string; path: string; body: URLSearchParams; headers: IncomingMessage['headers'] }[];
  /** Never answer the next `count` checkout creations (a provider that times out); the SDK gives up. */
  hangCheckouts(count: number): void;
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
  let counter = 0;
  let hanging = 0;
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
      };
      sessions.set(id, session);
      if (typeof key === 'string') byIdempotencyKey.set(key, session);
      return send(200, session);
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
    hangCheckouts(count) {
      hanging = count;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
