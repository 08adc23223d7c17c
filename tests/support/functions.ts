// Calls a Netlify Function v2 module the way Netlify would: config.path matched as a deploy matches it
// (params filled), config.method enforced, a Context with real cookie handling.
import type { Config, Context } from '@netlify/functions';

type FunctionModule = {
  default: (req: Request, context: Context) => Promise<Response> | Response;
  config?: Config;
};

const BASE = 'http://localhost:8888';

const isLiteralPath = (path: string) =>
  path.split('/').every((part) => !(part.startsWith(':') || /[*{[(]/.test(part)));

/** Invoke a function module with a request; 404 when its config.path does not match, like Netlify. */
export async function callFunction(
  module: FunctionModule,
  input: string | Request,
  init?: RequestInit & { ip?: string },
): Promise<Response> {
  const req = typeof input === 'string' ? new Request(new URL(input, BASE), init) : input;
  const paths = ([] as string[]).concat((module.config?.path as string | string[] | undefined) ?? []);
  let params: Record<string, string> | undefined;
  for (const path of paths) {
    // Netlify's bundler (zip-it-and-ship-it) reads a path as a pattern only when one of its segments
    // starts with ':' or holds * { [ ( — `/sitemap-:part.xml` is a literal there, unlike in URLPattern.
    if (isLiteralPath(path)) {
      if (new URL(req.url).pathname.replace(/(.)\/$/, '$1') === path) {
        params = {};
        break;
      }
      continue;
    }
    const match = new URLPattern({ pathname: path }).exec(req.url);
    if (match) {
      params = Object.fromEntries(
        Object.entries(match.pathname.groups).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      break;
    }
  }
  if (!params) return new Response('Not found', { status: 404 });
  const methods = module.config?.method ? ([] as string[]).concat(module.config.method) : undefined;
  if (methods && !methods.includes(req.method)) return new Response('Method not allowed', { status: 405 });
  const { context, withCookies, settled } = makeContext(req, params, init?.ip ?? '203.0.113.7');
  const res = withCookies(await module.default(req, context));
  // The invocation ends when its waitUntil work does (as on Netlify): tests see its effects at once.
  await settled();
  return res;
}

/** A Context whose cookies read the request and whose set cookies are appended to the response. */
export function makeContext(req: Request, params: Record<string, string>, ip: string) {
  const jar = new Map<string, string>();
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name) jar.set(name, decodeURIComponent(value.join('=')));
  }
  const setCookies: string[] = [];
  const pending: Promise<unknown>[] = [];
  const context = {
    cookies: {
      get: (name: string) => jar.get(name),
      set: (cookie: {
        name: string;
        value: string;
        path?: string;
        httpOnly?: boolean;
        secure?: boolean;
        sameSite?: string;
        maxAge?: number;
        expires?: Date;
      }) => {
        const parts = [`${cookie.name}=${encodeURIComponent(cookie.value)}`];
        if (cookie.path) parts.push(`Path=${cookie.path}`);
        if (cookie.maxAge !== undefined) parts.push(`Max-Age=${cookie.maxAge}`);
        if (cookie.expires) parts.push(`Expires=${cookie.expires.toUTCString()}`);
        if (cookie.httpOnly) parts.push('HttpOnly');
        if (cookie.secure) parts.push('Secure');
        if (cookie.sameSite) parts.push(`SameSite=${cookie.sameSite}`);
        setCookies.push(parts.join('; '));
      },
      delete: (input: string | { name: string; path?: string }) => {
        const name = typeof input === 'string' ? input : input.name;
        setCookies.push(`${name}=; Path=${typeof input === 'string' ? '/' : (input.path ?? '/')}; Max-Age=0`);
      },
    },
    params,
    ip,
    requestId: 'test-request',
    site: { id: 'test-site', name: 'test', url: BASE },
    deploy: { id: '0', context: 'dev', published: false },
    geo: {},
    server: { region: 'test' },
    account: { id: 'test' },
    json: (value: unknown) => Response.json(value),
    log: console.log,
    waitUntil: (work: Promise<unknown>) => {
      pending.push(Promise.resolve(work).catch((error) => console.error(error)));
    },
  } as unknown as Context;
  const withCookies = (res: Response) => {
    if (!setCookies.length) return res;
    const headers = new Headers(res.headers);
    for (const cookie of setCookies) headers.append('set-cookie', cookie);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
  /** Resolves when every waitUntil promise has (the work Netlify finishes after the answer). */
  const settled = async () => {
    while (pending.length) await Promise.all(pending.splice(0));
  };
  return { context, withCookies, settled };
}

/** Headers with the session cookie added to any cookie they already carry (the only way a session travels). */
export function withSessionCookie(init: HeadersInit | undefined, token: string): Headers {
  const headers = new Headers(init);
  const cookie = headers.get('cookie');
  headers.set('cookie', cookie ? `${cookie}; session=${token}` : `session=${token}`);
  return headers;
}

/** The session token a login or registration answer set in its cookie (its body never carries it). */
export function sessionCookieOf(res: Response): string {
  for (const line of res.headers.getSetCookie()) {
    const match = /^session=([^;]*)/.exec(line);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error('no session cookie in the answer');
}
