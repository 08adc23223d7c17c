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

describe('the network of an address (the ranking discounts bursts from one, #43)', () => {
  it('is the /24 of an IPv4 address and the /48 of an IPv6 one', async () => {
    const { networkPrefix } = await import('./visitor.server.ts');
    expect(networkPrefix('198.51.100.77')).toBe('198.51.100.0/24');
    expect(networkPrefix('::ffff:198.51.100.77')).toBe('198.51.100.0/24');
    expect(networkPrefix('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkPrefix('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkPrefix('2001:0db8:00ab:ffff:1:2:3:4')).toBe('2001:db8:ab::/48');
    expect(networkPrefix(null)).toBeNull();
    expect(networkPrefix('nonsense')).toBeNull();
  });

  it('hashes the same for two addresses of one /24, apart from another /24', async () => {
    const { networkHash } = await import('./visitor.server.ts');
    const req = new Request('http://localhost/entrar/x');
    const day = '2026-11-27';
    expect(networkHash(req, { ip: '192.0.2.1' }, day)).toBe(networkHash(req, { ip: '192.0.2.200' }, day));
    expect(networkHash(req, { ip: '192.0.2.1' }, day)).not.toBe(networkHash(req, { ip: '192.0.3.1' }, day));
    expect(networkHash(req, {}, day)).toBeNull();
  });
});
