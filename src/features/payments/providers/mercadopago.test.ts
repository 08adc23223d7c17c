import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureManifest, signMercadoPago, verifyMercadoPagoSignature } from './mercadopago.ts';

describe('Mercado Pago x-signature', () => {
  const secret = 'segredo';

  it('signs id, request-id and ts with a trailing semicolon, as Mercado Pago documents', () => {
    expect(signatureManifest('123456', 'req-1', '1704908010')).toBe(
      'id:123456;request-id:req-1;ts:1704908010;',
    );
    const v1 = createHmac('sha256', secret).update('id:123456;request-id:req-1;ts:1704908010;').digest('hex');
    expect(signMercadoPago(secret, '123456', 'req-1', '1704908010')).toBe(`ts=1704908010,v1=${v1}`);
  });

  it('lower-cases an alphanumeric data.id before signing', () => {
    expect(signatureManifest('ABC123', 'r', '1')).toBe('id:abc123;request-id:r;ts:1;');
    expect(
      verifyMercadoPagoSignature(secret, 'ABC123', 'r', signMercadoPago(secret, 'abc123', 'r', '1')),
    ).toBe(true);
  });

  it('accepts only the right secret, id, request id and a well-formed header', () => {
    const header = signMercadoPago(secret, '42', 'req', '99');
    expect(verifyMercadoPagoSignature(secret, '42', 'req', header)).toBe(true);
    expect(verifyMercadoPagoSignature('outro', '42', 'req', header)).toBe(false);
    expect(verifyMercadoPagoSignature(secret, '43', 'req', header)).toBe(false);
    expect(verifyMercadoPagoSignature(secret, '42', 'other', header)).toBe(false);
    expect(verifyMercadoPagoSignature(secret, '42', 'req', header.replace('ts=99', 'ts=98'))).toBe(false);
    expect(verifyMercadoPagoSignature(secret, '42', null, header)).toBe(false);
    expect(verifyMercadoPagoSignature(secret, '42', 'req', 'ts=99,v1=zz')).toBe(false);
    expect(verifyMercadoPagoSignature(secret, '42', 'req', ` ts=99 , v1=${header.split('v1=')[1]}`)).toBe(
      true,
    );
  });
});
