import { describe, expect, it } from 'vitest';
import { clientIp, visitorHash } from './visitor.server.ts';

describe('the client address', () => {
  const forged = new Request('http://localhost/api/x', {
    headers: {
      'x-forwarded-for': '198.51.100.1, 10.0.0.1',
      'x-nf-client-connection-ip': '203.0.113.1',
      'user-agent': 'teste',
    },
  });

  it('comes from context.ip only, never from a header the client wrote', () => {
    expect(clientIp(forged, { ip: '192.0.2.9' })).toBe('192.0.2.9');
    expect(clientIp(forged, { ip: '' })).toBe('0.0.0.0');
    expect(clientIp(forged)).toBe('0.0.0.0');
  });

  it('so a visitor is the same whatever x-forwarded-for says, and another address is another visitor', () => {
    const other = new Request('http://localhost/api/x', {
      headers: { 'x-forwarded-for': '198.51.100.2', 'user-agent': 'teste' },
    });
    const day = '2026-11-26';
    expect(visitorHash(forged, { ip: '192.0.2.9' }, day)).toBe(visitorHash(other, { ip: '192.0.2.9' }, day));
    expect(visitorHash(forged, { ip: '192.0.2.10' }, day)).not.toBe(
      visitorHash(forged, { ip: '192.0.2.9' }, day),
    );
  });
});
