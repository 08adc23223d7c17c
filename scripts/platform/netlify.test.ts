// scripts/platform/netlify.mjs patches @netlify/dev's internals (a function call reuses its build, calls
// run on warm instances, functions come from one shared bundle pass, ...): a test per patch says it still
// fits the installed version. The patches only reach @netlify/dev if both load the same copy.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../../tests/support/console-errors.ts';

const root = path.resolve(import.meta.dirname, '../..');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('the local platform patch', () => {
  // The first import of netlify.mjs loads @netlify/dev and checks every patch: seconds on a busy machine
  // (npm test runs the site tests beside this file), more than a test's 5 s. The tests below reuse it.
  beforeAll(async () => {
    await import('./netlify.mjs');
  }, 60_000);

  it('pins @netlify/functions-dev to the one copy @netlify/dev imports', () => {
    const ours = json('package.json').devDependencies['@netlify/functions-dev'];
    const theirs = json('node_modules/@netlify/dev/package.json').dependencies['@netlify/functions-dev'];
    expect(ours).toBe(theirs);
    expect(json('node_modules/@netlify/functions-dev/package.json').version).toBe(theirs);
    expect(existsSync(path.join(root, 'node_modules/@netlify/dev/node_modules/@netlify/functions-dev'))).toBe(
      false,
    );
  });

  it('names the fragment an upgrade took away', async () => {
    const { missingFragments } = await import('./netlify.mjs');
    const before = 'async invoke(request, route, func, buildDirectory) { return buildDirectory; }';
    expect(missingFragments(before, ['async invoke(request, route, func, buildDirectory)'])).toEqual([]);
    expect(missingFragments('async invoke(request, route, func) {}', ['func, buildDirectory)'])).toEqual([
      'func, buildDirectory)',
    ]);
  });

  // netlify.mjs throws on import when one no longer fits (so every test of this file fails with its
  // name); each is checked here on its own too, and the list says none was dropped unnoticed.
  const names = [
    'invoke the registered build',
    'warm instances instead of a worker per call',
    'remember the functions handler',
    'functions from one shared bundle pass',
    "the publish folder's _redirects, read again when it changes",
    "netlify.toml's [functions] settings where @netlify/functions-dev reads them",
  ];
  it('registers each patch', async () => {
    const { PATCHES } = await import('./netlify.mjs');
    expect(PATCHES.map((p) => p.name)).toEqual(names);
  });
  it.each(names)('patch "%s" still fits the installed @netlify/dev', async (name) => {
    const { PATCHES, missingFragments } = await import('./netlify.mjs');
    const found = PATCHES.find((p) => p.name === name);
    expect(found).toBeDefined();
    expect(missingFragments(found!.source(), found!.expects)).toEqual([]);
  });

  it('leaves the patched methods in place', async () => {
    // invoke is private in the published types: reach it the way the patch does, untyped.
    const { FunctionsHandler } = await import('@netlify/functions-dev');
    const methods = FunctionsHandler.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    await import('./netlify.mjs');
    expect(methods.invoke!.name).toBe('invokeRegisteredBuild');
    expect(methods.match!.name).toBe('rememberHandler');
  });
});

describe('warm function instances', () => {
  // A real NetlifyDev over a one-function project inside the checkout (so it resolves node_modules).
  const fixture = path.join(root, '.data', 'test-fixtures', `warm-functions-${process.pid}`);
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('keeps instances of a function warm between calls, another for a concurrent call, four at most', async () => {
    mkdirSync(path.join(fixture, 'functions'), { recursive: true });
    writeFileSync(path.join(fixture, 'package.json'), '{"type":"module"}');
    writeFileSync(path.join(fixture, 'netlify.toml'), '[functions]\n  directory = "functions"\n');
    // Module state lives as long as the instance: the count says which instance answered, how often.
    const counter = path.join(fixture, 'functions', 'counter.mjs');
    writeFileSync(
      counter,
      `const instance = Math.random().toString(36).slice(2);
let calls = 0;
export default async (req) => {
  calls++;
  if (new URL(req.url).searchParams.has('slow')) await new Promise((r) => setTimeout(r, 300));
  const headers = new Headers([['set-cookie', 'a=1; Path=/'], ['set-cookie', 'b=2; Path=/']]);
  return Response.json({ instance, calls }, { headers });
};
export const config = { path: '/api/counter' };`,
    );
    const { createNetlifyDev, functionsBuilt } = await import('./netlify.mjs');
    const origin = 'http://localhost:8897';
    const netlify = createNetlifyDev({ projectRoot: fixture, serverAddress: origin, blobs: false });
    await netlify.start();
    try {
      await functionsBuilt(netlify, origin);
      const call = async (query = '') => {
        const res = await netlify.handle(new Request(`${origin}/api/counter${query}`));
        expect(res?.status).toBe(200);
        expect(res?.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
        return (await res?.json()) as { instance: string; calls: number };
      };
      const first = await call();
      const second = await call();
      expect(second).toEqual({ instance: first.instance, calls: first.calls + 1 });
      const [slow, meanwhile] = await Promise.all([call('?slow'), call()]);
      expect(slow.instance).not.toBe(meanwhile.instance);
      // At most four instances per function: more calls at once wait for one, and all are answered.
      const many = await Promise.all(Array.from({ length: 7 }, () => call('?slow')));
      expect(new Set(many.map((answer) => answer.instance)).size).toBe(4);
      // A changed source is bundled again and served by fresh instances (the count starts over).
      writeFileSync(counter, readFileSync(counter, 'utf8').replace('calls++;', 'calls += 100;'));
      let changed = await call();
      for (let tries = 0; changed.calls < 100 && tries < 50; tries++) {
        await new Promise((r) => setTimeout(r, 200));
        changed = await call();
      }
      expect(changed.calls).toBe(100);
    } finally {
      await netlify.stop();
    }
  }, 120_000);
});

describe('the client address and time limit on the platform', () => {
  // A real NetlifyDev and HTTP server over a two-function project: one echoes context.ip, one outlasts
  // the limit. Requests come from real source addresses (127.0.0.N), as in tests/site.
  const fixture = path.join(root, '.data', 'test-fixtures', `addresses-${process.pid}`);
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('takes context.ip from the socket, never from x-forwarded-for, and answers a timeout with a short 502', async () => {
    expectConsoleError(/slow timed out after/);
    mkdirSync(path.join(fixture, 'functions'), { recursive: true });
    writeFileSync(path.join(fixture, 'package.json'), '{"type":"module"}');
    writeFileSync(path.join(fixture, 'netlify.toml'), '[functions]\n  directory = "functions"\n');
    writeFileSync(
      path.join(fixture, 'functions', 'whoami.mjs'),
      `export default async (req, context) => Response.json({ ip: context.ip });
export const config = { path: '/api/whoami' };`,
    );
    // Writes a marker only after the limit: a function stopped at its limit must not get that far.
    const marker = path.join(fixture, 'late-work-done');
    writeFileSync(
      path.join(fixture, 'functions', 'slow.mjs'),
      `import { writeFileSync } from 'node:fs';
export default async () => {
  await new Promise((r) => setTimeout(r, 9500));
  writeFileSync(${JSON.stringify(marker)}, 'done');
  return new Response('late');
};
export const config = { path: '/api/slow' };`,
    );
    writeFileSync(
      path.join(fixture, 'functions', 'echo.mjs'),
      `export default async (req) => {
  const bytes = new Uint8Array(await req.arrayBuffer());
  return Response.json({ size: bytes.length, first: bytes[0], last: bytes.at(-1) });
};
export const config = { path: '/api/echo' };`,
    );
    const http = await import('node:http');
    const { fetchFrom } = await import('../../tests/support/from-address.ts');
    const { createNetlifyDev, functionsBuilt, handleNodeRequest, sendWebResponse } = await import(
      './netlify.mjs'
    );
    const server = http.createServer(async (req, res) => {
      const result = await handleNodeRequest(netlify, req, origin);
      if (result) sendWebResponse(result.response, res, req.method);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const netlify = createNetlifyDev({
      projectRoot: fixture,
      serverAddress: origin,
      blobs: false,
      // Long enough for six cold instances at once on a loaded CI machine (1 s, then 3 s, timed out
      // whoami there).
      functionTimeoutSeconds: 8,
    });
    await netlify.start();
    try {
      await functionsBuilt(netlify, origin);
      const whoami = async (from: string, headers: Record<string, string> = {}) => {
        const res = await fetchFrom(from, `${origin}/api/whoami`, { headers });
        expect(res.status, await res.clone().text()).toBe(200);
        return ((await res.json()) as { ip: string }).ip;
      };
      // Six made-up addresses from one socket: one client, the socket's.
      const forged = await Promise.all(
        Array.from({ length: 6 }, (_, n) =>
          whoami('127.0.0.2', {
            'x-forwarded-for': `198.51.100.${n + 1}`,
            'x-nf-client-connection-ip': `203.0.113.${n + 1}`,
          }),
        ),
      );
      expect(new Set(forged)).toEqual(new Set(['127.0.0.2']));
      // Three real source addresses: three clients.
      const real = await Promise.all(['127.0.0.3', '127.0.0.4', '127.0.0.5'].map((from) => whoami(from)));
      expect(real).toEqual(['127.0.0.3', '127.0.0.4', '127.0.0.5']);

      const slow = await fetchFrom('127.0.0.2', `${origin}/api/slow`, { headers: { accept: 'text/html' } });
      expect(slow.status).toBe(502);
      const body = await slow.text();
      expect(JSON.parse(body)).toEqual({
        errorType: 'TimeoutError',
        errorMessage: 'Task timed out after 8.00 seconds',
      });
      expect(body).not.toMatch(/\bat |\/|\\\\/);
      // The instance was stopped with the call: its late work (due 1.5 s after the limit) never happens.
      await new Promise((r) => setTimeout(r, 2500));
      expect(existsSync(marker)).toBe(false);
      // The next call gets a fresh instance and still answers.
      expect(await whoami('127.0.0.6')).toBe('127.0.0.6');

      // Bodies: Netlify's 6 MB, refused with 413 before the platform reads past it, however they come.
      const { REQUEST_BODY_LIMIT } = await import('./netlify.mjs');
      const echo = (body: Uint8Array<ArrayBuffer>, type: string) =>
        fetch(`${origin}/api/echo`, { method: 'POST', headers: { 'content-type': type }, body });
      const atLimit = Buffer.alloc(REQUEST_BODY_LIMIT, 7);
      expect(await (await echo(atLimit, 'application/octet-stream')).json()).toEqual({
        size: REQUEST_BODY_LIMIT,
        first: 7,
        last: 7,
      });
      expect(await (await echo(Buffer.from('{"a":1}'), 'application/json')).json()).toMatchObject({
        size: 7,
      });
      const declared = await echo(Buffer.alloc(REQUEST_BODY_LIMIT + 1), 'application/json');
      expect(declared.status).toBe(413);
      expect(await declared.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      // 64 MB sent chunked, with no Content-Length: the answer comes after about 6 MB, not 64.
      const chunked = await postChunked(`${origin}/api/echo`, 64, 'text/plain');
      expect(chunked.status).toBe(413);
      expect(chunked.sentMb).toBeLessThan(64);
    } finally {
      await netlify.stop();
      server.close();
    }
  }, 120_000);
});

/** POST `megabytes` of 1 MB chunks with no Content-Length (chunked); the status and how much went out. */
async function postChunked(url: string, megabytes: number, type: string) {
  const http = await import('node:http');
  const chunk = Buffer.alloc(1024 * 1024, 120);
  return new Promise<{ status: number; sentMb: number }>((resolve, reject) => {
    let sentMb = 0;
    let answered = false;
    const req = http.request(url, { method: 'POST', headers: { 'content-type': type } }, (res) => {
      answered = true;
      res.resume();
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, sentMb });
        req.destroy();
      });
    });
    // Once refused, the server cuts the connection if the body keeps coming: writing on may fail.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const write = () => {
      while (!answered && sentMb < megabytes) {
        sentMb++;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (!answered) req.end();
    };
    write();
  });
}
