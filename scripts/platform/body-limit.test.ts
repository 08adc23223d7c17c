// The local platform's body limit (Netlify's 6 MB) stops reading as the bytes pass it.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBodyWithin } from './netlify.mjs';

/** A request-like stream of 1 MB chunks that never ends, counting what was read of it. */
function endless(headers: Record<string, string> = {}) {
  const pulled = { chunks: 0 };
  const chunk = Buffer.alloc(1024 * 1024, 1);
  const stream = Readable.from(
    (function* () {
      for (;;) {
        pulled.chunks++;
        yield chunk;
      }
    })(),
  );
  return { req: Object.assign(stream, { method: 'POST', headers }), pulled };
}

describe('readBodyWithin', () => {
  it('gives up on a chunked body once it passes the limit, without reading on', async () => {
    const { req, pulled } = endless();
    expect(await readBodyWithin(req, 6 * 1024 * 1024)).toBeNull();
    expect(pulled.chunks).toBeLessThanOrEqual(8);
  });

  it('refuses a declared length over the limit unread', async () => {
    const { req, pulled } = endless({ 'content-length': String(6 * 1024 * 1024 + 1) });
    expect(await readBodyWithin(req, 6 * 1024 * 1024)).toBeNull();
    expect(pulled.chunks).toBe(0);
  });

  it('gives a body within the limit whole, and nothing for GET', async () => {
    const within = Object.assign(Readable.from([Buffer.from('abc'), Buffer.from('def')]), {
      method: 'POST',
      headers: {},
    });
    expect((await readBodyWithin(within, 6))?.toString()).toBe('abcdef');
    const { req, pulled } = endless();
    req.method = 'GET';
    expect((await readBodyWithin(req, 6))?.length).toBe(0);
    expect(pulled.chunks).toBe(0);
  });
});
