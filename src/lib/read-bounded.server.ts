// Reading a body with a byte cap: request bodies, fetched pages and pictures, downloads. One rule for
// all of them: a declared length over the cap is refused unread, and reading stops (the stream is
// cancelled) as soon as the bytes pass the cap, so nothing ever buffers more than `limit` bytes.

export type Body = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface BoundedOptions {
  /** the declared length (a Content-Length header's value), checked before anything is read */
  declared?: string | number | null;
  /** keep the first `limit` bytes of a longer body instead of refusing it (a page's head) */
  truncate?: boolean;
}

/**
 * The body's bytes, at most `limit` of them; null when it is longer (or declares more), unless
 * `truncate`, which gives its first `limit` bytes. A missing body is empty. Stream errors are thrown.
 */
export async function readBounded(
  body: Body | null | undefined,
  limit: number,
  options: BoundedOptions = {},
): Promise<Buffer<ArrayBuffer> | null> {
  if (!body) return Buffer.alloc(0);
  const declared = Number(options.declared ?? 0);
  const iterator = chunksOf(body);
  if (!options.truncate && declared > limit) {
    await iterator.return?.();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await iterator.next();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > limit || (options.truncate && size === limit)) {
      await iterator.return?.();
      if (!options.truncate) return null;
      break;
    }
  }
  const all = Buffer.concat(chunks);
  return all.byteLength > limit ? all.subarray(0, limit) : all;
}

/** An iterator over the chunks whose return() cancels a web stream or destroys a Node stream. */
function chunksOf(body: Body): AsyncIterator<Uint8Array> {
  if (!('getReader' in body)) return body[Symbol.asyncIterator]();
  const reader = body.getReader();
  return {
    next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
    return: async () => {
      await reader.cancel();
      return { done: true, value: undefined };
    },
  };
}
