import { describe, expect, it } from 'vitest';
import { clientIp, countedVisitorHash, visitorHash } from './visitor.server.ts';

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
    // None given: missing (null), never a made-up address.
    expect(clientIp(forged, { ip: '' })).toBeNull();
    expect(clientIp(forged)).toBeNull();
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

describe('counted visitors per address', () => {
  const from = (ua: string) => new Request('http://localhost/api/x', { headers: { 'user-agent': ua } });
  const day = '2026-11-26';

  it('one address is at most VISITORS_PER_ADDRESS (5) visitors a day, whatever user agents it sends', () => {
    const hashes = new Set(
      Array.from({ length: 500 }, (_, i) =>
        countedVisitorHash(from(`Mozilla/5.0 (rodízio ${i})`), { ip: '192.0.2.9' }, day),
      ),
    );
    expect(hashes.size).toBeLessThanOrEqual(5);
    expect(hashes.size).toBeGreaterThan(1);
  });

  it('the same user agent is the same visitor, and another address another', () => {
    const ua = 'Mozilla/5.0 (Android)';
    expect(countedVisitorHash(from(ua), { ip: '192.0.2.9' }, day)).toBe(
      countedVisitorHash(from(ua), { ip: '192.0.2.9' }, day),
    );
    expect(countedVisitorHash(from(ua), { ip: '192.0.2.9' }, day)).not.toBe(
      countedVisitorHash(from(ua), { ip: '192.0.2.10' }, day),
    );
  });
});
