import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBounded } from './read-bounded.server.ts';

/** A web stream of `count` chunks of `size` bytes that records how many were pulled and whether it was cancelled. */
function webStream(count: number, size: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === count) return controller.close();
      state.pulled++;
      controller.enqueue(new Uint8Array(size).fill(state.pulled));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe('readBounded', () => {
  it('reads a body within the cap whole, from a web stream or a Node stream', async () => {
    const { stream } = webStream(3, 10);
    expect((await readBounded(stream, 30))?.byteLength).toBe(30);
    const node = Readable.from([Buffer.from('olá '), Buffer.from('mundo')]);
    expect((await readBounded(node, 100))?.toString('utf8')).toBe('olá mundo');
    expect((await readBounded(null, 10))?.byteLength).toBe(0);
  });

  it('refuses a longer body and stops reading it at the cap', async () => {
    const { stream, state } = webStream(100, 10);
    expect(await readBounded(stream, 25)).toBeNull();
    expect(state.pulled).toBeLessThan(10);
    expect(state.cancelled).toBe(true);

    const node = Readable.from(Array.from({ length: 10 }, () => Buffer.alloc(10)));
    expect(await readBounded(node, 25)).toBeNull();
    expect(node.destroyed).toBe(true);
  });

  it('refuses a declared length over the cap without reading', async () => {
    const { stream, state } = webStream(1, 5);
    expect(await readBounded(stream, 10, { declared: '11' })).toBeNull();
    expect(state.pulled).toBe(0);
    expect(state.cancelled).toBe(true);
  });

  it('keeps the first bytes of a longer body when asked to truncate', async () => {
    const { stream, state } = webStream(100, 10);
    const head = await readBounded(stream, 25, { truncate: true, declared: 1000 });
    expect(head?.byteLength).toBe(25);
    expect([...head!.subarray(19, 21)]).toEqual([2, 3]);
    expect(state.cancelled).toBe(true);
  });
});
