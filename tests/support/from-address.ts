// Requests from real, distinct source addresses: the whole 127.0.0.0/8 range is local on Linux, so a
// socket bound to 127.0.0.N reaches the platform as another client, the way a deploy tells visitors
// apart (context.ip from the connection). Headers such as x-forwarded-for cannot do that any more.
import http from 'node:http';

export interface FromAddressInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A fetch-like request whose socket is bound to `localAddress` (e.g. '127.0.0.7'). */
export function fetchFrom(
  localAddress: string,
  url: string | URL,
  init: FromAddressInit = {},
): Promise<Response> {
  const target = new URL(url);
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        headers,
        localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of ([] as (string | undefined)[]).concat(value))
              if (v !== undefined) answer.append(name, v);
          }
          const status = res.statusCode ?? 0;
          const body = [101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers: answer }));
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The n-th local test address, 127.0.0.(n+10): one per simulated visitor. */
export const localAddress = (n: number) => `127.0.0.${10 + n}`;
