import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MercadoPagoConfig, Payment } from 'mercadopago';
import { afterEach, describe, expect, it } from 'vitest';
import { mercadoPagoBase, pointMercadoPagoAt } from './mercadopago-endpoint.ts';

describe('the Mercado Pago SDK endpoint', () => {
  afterEach(() => pointMercadoPagoAt(null));

  it("sends the real SDK's requests to the given base, and back to Mercado Pago's API with null", async () => {
    const paths: string[] = [];
    const server = createServer((req, res) => {
      paths.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: 7, status: 'approved' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      pointMercadoPagoAt(new URL(`http://127.0.0.1:${port}/ignored/path`));
      const payment = await new Payment(new MercadoPagoConfig({ accessToken: 'TEST-x' })).get({ id: '7' });
      expect(payment.status).toBe('approved');
      expect(paths).toEqual(['/v1/payments/7']);
    } finally {
      server.close();
    }
    pointMercadoPagoAt(null);
    expect(mercadoPagoBase()).toBe('https://api.mercadopago.com');
  });
});
