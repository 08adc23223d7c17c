// Offline Netlify emulation (@netlify/dev driven from code): functions, redirects, _headers, Blobs.
// Every feature that would reach the network (edge functions download Deno, geolocation, env sync,
// AI gateway, Netlify Database, image CDN) is off, so the local platform works with no network.
//
// Every change this module makes to @netlify/dev's internals goes through patch() below, which first
// checks that the code it replaces still reads as the patch assumes and throws, naming the patch, when an
// upgrade changed it; PATCHES lists them for scripts/platform/netlify.test.ts, a test each.
import { EventEmitter } from 'node:events';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import builtinModules from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import workerThreads from 'node:worker_threads';
import { NetlifyDev } from '@netlify/dev';
import { FunctionsHandler } from '@netlify/functions-dev';
import { RedirectsHandler } from '@netlify/redirects';
import { bundleFunctions } from './function-bundles.mjs';

/** What a patch expects of the code it changes: a description and the fragments its source must hold. */
/** @type {{ name: string, source: () => string, expects: string[] }[]} */
export const PATCHES = [];

/** The fragments of `expects` missing from `source` (none: the patch still fits). */
export function missingFragments(source, expects) {
  const flat = source.replace(/\s+/g, ' ');
  return expects.filter((fragment) => !flat.includes(fragment.replace(/\s+/g, ' ')));
}

/**
 * Register a patch: `source()` is the code it changes (read before the change), `expects` what that code
 * must still contain for the patch to be right. Throws at once, naming the patch, when it does not.
 */
function patch(name, source, expects, apply) {
  const missing = missingFragments(source(), expects);
  if (missing.length) {
    throw new Error(
      `The local platform's patch "${name}" no longer fits @netlify/dev (an upgrade changed it): ` +
        `missing ${missing.map((m) => JSON.stringify(m)).join(', ')}. See scripts/platform/netlify.mjs.`,
    );
  }
  apply();
  PATCHES.push({ name, source, expects });
}

const functionsDevSource = () =>
  readFileSync(fileURLToPath(import.meta.resolve('@netlify/functions-dev')), 'utf8');
const sourceOf = (fn) => () => String(fn);

// @netlify/dev builds every function into a fresh temporary folder on every request (a full
// @vercel/nft trace of its node_modules: 2–3 s of the event loop per call, so concurrent calls queue
// up behind each other). The functions are already built once when they are registered, and rebuilt
// by its file watcher when a source changes, so invoke that build instead. package.json pins
// @netlify/functions-dev to the version @netlify/dev depends on, so both import this same class.
const invokeFunction = FunctionsHandler.prototype.invoke;
patch(
  'invoke the registered build',
  sourceOf(invokeFunction),
  [
    'async invoke(request, route, func, buildDirectory)',
    'buildDirectory: buildDirectory ?? this.globalBuildDirectory',
  ],
  () => {
    FunctionsHandler.prototype.invoke = function invokeRegisteredBuild(request, route, func) {
      this.globalBuildDirectory = undefined;
      return invokeFunction.call(this, request, route, func, undefined);
    };
  },
);

// @netlify/dev runs every call in a new worker thread that imports the function's dependencies again
// (~0.8 s a call, and concurrent calls queue up). Its worker is swapped for warm instances
// (function-worker.mjs), as Netlify keeps warm instances: one call at a time each, up to
// INSTANCES_PER_FUNCTION per function bundle (path and modification time, so a rebuilt function starts
// fresh ones; more would not run any faster on a laptop, and each holds its own database pool), further
// calls waiting for one, and an instance idle for IDLE_MS stopped. The swap is made where
// @netlify/functions-dev creates its worker: Node's Worker, through syncBuiltinESMExports; every other
// worker is left alone.
const INSTANCES_PER_FUNCTION = 4;
const IDLE_MS = 60_000;
const RealWorker = workerThreads.Worker;
const perCallWorker = new URL('worker.js', import.meta.resolve('@netlify/functions-dev')).href;
const warmWorker = new URL('./function-worker.mjs', import.meta.url);

/** A function bundle's instances: the idle ones, how many there are, and the calls waiting for one. */
class FunctionInstances {
  idle = [];
  count = 0;
  waiting = [];

  /** Run `use` with an instance; it calls `release(reusable)` when the call is over. */
  acquire(use) {
    const instance = this.idle.pop();
    if (instance) {
      clearTimeout(instance.idleTimer);
      use(instance);
    } else if (this.count < INSTANCES_PER_FUNCTION) {
      this.count++;
      // A bundle is plain JavaScript, as on Netlify: the TypeScript loader that npm start runs under
      // (tsx, in the platform's execArgv) stays out of its instances. Carried in, it tripled the time an
      // instance takes to import its bundle (~750 ms of CPU instead of ~250 ms).
      const started = new RealWorker(warmWorker, { execArgv: [] });
      started.unref();
      use(started);
    } else this.waiting.push(use);
  }

  release(instance, reusable) {
    if (!reusable) {
      this.count--;
      void instance.terminate();
      const next = this.waiting.shift();
      if (next) this.acquire(next);
      return;
    }
    const next = this.waiting.shift();
    if (next) return next(instance);
    instance.idleTimer = setTimeout(() => {
      this.idle.splice(this.idle.indexOf(instance), 1);
      this.release(instance, false);
    }, IDLE_MS).unref();
    this.idle.push(instance);
  }
}

/**
 * What Netlify answers for a function past its time limit: a 502 with a one-line JSON body, no stack
 * trace and no file paths (@netlify/dev answered a plain-text stack trace).
 */
export function timeoutAnswer(timeoutMs) {
  return {
    statusCode: 502,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify({
      errorType: 'TimeoutError',
      errorMessage: `Task timed out after ${(timeoutMs / 1000).toFixed(2)} seconds`,
    }),
  };
}

/** A function that crashed (threw past its own error handling): a short 500, the details in the log. */
export function failureAnswer() {
  return {
    statusCode: 500,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify({ errorType: 'Error', errorMessage: 'Function invocation failed' }),
  };
}

/** @type {Map<string, FunctionInstances>} */
const functionInstances = new Map();

/** One call on a warm instance, with the events @netlify/functions-dev expects of its worker. */
class WarmCall extends EventEmitter {
  constructor({ workerData }) {
    super();
    const bundle = `${workerData.entryFilePath}@${statSync(fileURLToPath(workerData.entryFilePath)).mtimeMs}`;
    const instances = functionInstances.get(bundle) ?? new FunctionInstances();
    functionInstances.set(bundle, instances);
    const name = path.basename(path.dirname(fileURLToPath(workerData.entryFilePath)));
    instances.acquire((instance) => {
      let settled = false;
      const settle = (result, reusable) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        instance.off('message', onMessage).off('error', onError).off('exit', onExit);
        instances.release(instance, reusable);
        this.emit('message', result);
      };
      // Netlify stops a function at its time limit and answers for it; the instance is stopped here too,
      // so its work ends with it (an open transaction is rolled back when its connection closes).
      const timer = setTimeout(() => {
        console.error(
          `[platform] ${name} timed out after ${workerData.timeoutMs / 1000} s; instance stopped`,
        );
        settle(timeoutAnswer(workerData.timeoutMs), false);
      }, workerData.timeoutMs);
      const failed = (error, reusable) => {
        console.error(`[platform] ${name} failed:`, error);
        settle(failureAnswer(), reusable);
      };
      const onMessage = ({ result, error }) => (error ? failed(error, true) : settle(result, true));
      const onError = (error) => failed(error, false);
      const onExit = (code) => failed(new Error(`function instance stopped (${code})`), false);
      instance.on('message', onMessage).on('error', onError).on('exit', onExit);
      // The platform keeps the time: lambda-local's own timer inside the instance never fires first.
      instance.postMessage({ ...workerData, timeoutMs: workerData.timeoutMs + 60_000 });
    });
  }
}

patch(
  'warm instances instead of a worker per call',
  functionsDevSource,
  [
    'import { Worker } from "worker_threads"',
    'var workerURL = new URL("worker.js", import.meta.url)',
    'const worker = new Worker(workerURL, { workerData })',
    'worker.on("message", (result) =>',
  ],
  () => {
    workerThreads.Worker = new Proxy(RealWorker, {
      construct: (Worker, [url, options]) =>
        String(url) === perCallWorker ? new WarmCall(options) : new Worker(url, options),
    });
    builtinModules.syncBuiltinESMExports();
  },
);

// The functions handler is private to NetlifyDev; remember it when it matches a request.
let lastHandler;
const matchFunction = FunctionsHandler.prototype.match;
patch(
  'remember the functions handler',
  sourceOf(matchFunction),
  ['async match(request, buildDirectory)', 'await this.scan', 'this.registry.getFunctionForURLPath'],
  () => {
    FunctionsHandler.prototype.match = function rememberHandler(...args) {
      lastHandler = this;
      return matchFunction.apply(this, args);
    };
  },
);

// @netlify/functions-dev builds each function with zip-it-and-ship-it when it registers it: an esbuild
// pass and an @vercel/nft trace of node_modules each, ~95 s for our ~50 functions before the first page.
// A NetlifyDev made by createNetlifyDev takes its functions from one shared esbuild pass instead
// (function-bundles.mjs); a function that pass does not hold (one added while running, a v1 function)
// is still built the original way. The registry class is not exported: its prototype is reached through
// a FunctionsHandler made over no functions directory (which scans nothing).
/** @type {Map<string, Promise<Awaited<ReturnType<typeof bundleFunctions>>>>} */
const sharedBundles = new Map();
const registryPrototype = Object.getPrototypeOf(
  new FunctionsHandler({ config: { get: () => ({}) } }).registry,
);
const buildAndWatch = registryPrototype.buildFunctionAndWatchFiles;
patch(
  'functions from one shared bundle pass',
  () => `${buildAndWatch}\n${functionsDevSource()}`,
  [
    'async buildFunctionAndWatchFiles(func, firstLoad = false)',
    'await func.build({ buildDirectory: this.destPath, cache: this.buildCache })',
    'this.buildFunctionAndWatchFiles(func, !isReload)',
    // What the build leaves on the function and what invoke reads back.
    'this.buildData = buildData;',
    'this.routes = routes;',
    'this.schedule = schedule || this.schedule;',
    'await this.buildQueue;',
    'entryFilePath: pathToFileURL(buildData?.buildPath ?? func.mainFile).href',
  ],
  () => {
    registryPrototype.buildFunctionAndWatchFiles = function buildFromSharedBundles(func, firstLoad) {
      const shared = sharedBundles.get(this.projectRoot);
      if (!shared) return buildAndWatch.call(this, func, firstLoad);
      func.buildQueue = shared.then(async (bundles) => {
        const data = bundles.buildData(func.name);
        if (data?.runtimeAPIVersion !== 2) {
          await buildAndWatch.call(this, func, firstLoad);
          return func.buildQueue;
        }
        func.buildData = data;
        func.buildError = null;
        func.routes = data.routes;
        func.srcFiles = new Set(data.srcFiles);
        func.schedule = data.schedule || func.schedule;
        return data;
      });
      func.buildQueue.catch((error) => {
        func.buildError = error;
      });
      return func.buildQueue.then(() => {});
    };
  },
);

/**
 * Resolves once every function found at start has been built. Those builds run in the background
 * after `start()` and hold the event loop for a while; the platform says it is ready only after them.
 */
export async function functionsBuilt(netlify, origin) {
  await netlify.handle(new Request(new URL('/__platform/functions-built', origin)));
  if (!lastHandler) return;
  await lastHandler.scan;
  await Promise.all(
    [...lastHandler.registry.functions.values()].map((func) => func.buildQueue?.catch(() => {})),
  );
}

// Netlify applies the publish folder's _redirects (the build writes the former group addresses there),
// but @netlify/dev reads only the project root's, once at start, while the platform publishes a new
// build without restarting. So the rules are read again, with the publish folder's file, whenever the
// published _redirects changes. package.json pins @netlify/redirects to the version @netlify/dev uses.
/** @type {{ configPath?: string, configRedirects?: unknown[], projectDir: string, publishDir: string } | undefined} */
let redirectSources;
const matchRedirect = RedirectsHandler.prototype.match;
patch(
  "the publish folder's _redirects, read again when it changes",
  () => `${matchRedirect}\n${RedirectsHandler}`,
  ['const rewriter = await this.rewriter;', 'this.rewriter = createRewriter('],
  () => {
    RedirectsHandler.prototype.match = matchPublishedRedirects;
  },
);
function matchPublishedRedirects(request) {
  if (redirectSources) {
    const file = path.join(redirectSources.publishDir, '_redirects');
    let stamp = '';
    try {
      const { mtimeMs, size } = statSync(file);
      stamp = `${realpathSync(file)}@${mtimeMs}@${size}`;
    } catch {}
    if (stamp !== this.publishedStamp) {
      this.publishedStamp = stamp;
      const { configPath, configRedirects, projectDir, publishDir } = redirectSources;
      this.rewriter = new RedirectsHandler({
        configPath,
        configRedirects,
        jwtRoleClaim: '',
        jwtSecret: '',
        projectDir,
        publicDir: stamp ? publishDir : undefined,
      }).rewriter;
    }
  }
  return matchRedirect.call(this, request);
}

/** The client's address as the connection shows it (an IPv4-mapped IPv6 address written as IPv4). */
export function connectionAddress(socket) {
  const address = socket?.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * Netlify fills context.ip from the connection and ignores any address a client claims in a header.
 * @netlify/functions-dev fills it from x-forwarded-for, so that header is replaced by the socket's
 * remote address before the request goes in (and x-nf-client-connection-ip, which it overwrites, is
 * dropped as well).
 */
export function addressFromConnection(req) {
  req.headers['x-forwarded-for'] = connectionAddress(req.socket);
  delete req.headers['x-nf-client-connection-ip'];
}

/** Netlify refuses a function request whose body is over 6 MB; the local platform refuses it too. */
export const REQUEST_BODY_LIMIT = 6 * 1024 * 1024;

/**
 * A request's body, at most `limit` bytes of it, or null when it is longer: a declared Content-Length
 * over the cap is refused unread, and a chunked body stops being read as soon as it passes the cap, so
 * the platform never holds more than `limit` bytes of one request (@netlify/dev would buffer it all).
 */
export async function readBodyWithin(req, limit = REQUEST_BODY_LIMIT) {
  if (req.method === 'GET' || req.method === 'HEAD') return Buffer.alloc(0);
  if (Number(req.headers['content-length'] ?? 0) > limit) return null;
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) return null; // leaving the loop stops buffering; nothing more is kept
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The answer to a body over the limit. */
export function bodyTooLargeAnswer(limit = REQUEST_BODY_LIMIT) {
  return new Response(
    JSON.stringify({
      message: `O envio é grande demais (máximo de ${Math.round(limit / 1024 / 1024)} MB).`,
      code: 'PAYLOAD_TOO_LARGE',
    }),
    { status: 413, headers: { 'content-type': 'application/json; charset=utf-8' } },
  );
}

/**
 * After a 413 the rest of the body is discarded (never kept) for a moment, so the client reads the answer
 * instead of a reset connection, then the connection is cut if the body is still coming.
 */
function lingerThenClose(req, ms = 1000) {
  req.resume();
  setTimeout(() => {
    if (!req.complete) req.socket?.destroy();
  }, ms).unref();
}

/**
 * A Node request through Netlify's chain: its address from the connection, its body within Netlify's
 * limit (else 413), binary bodies kept intact. Resolves to @netlify/dev's match ({ response, type }) or
 * undefined when nothing matched.
 */
export async function handleNodeRequest(netlify, req, origin) {
  addressFromConnection(req);
  const body = await readBodyWithin(req);
  if (!body) {
    lingerThenClose(req);
    return { response: bodyTooLargeAnswer(), type: 'function' };
  }
  const binary = binaryBodyRequest(req, origin, body);
  if (binary) {
    const response = await netlify.handle(binary);
    return response ? { response, type: 'function' } : undefined;
  }
  // The body was read (within the limit): @netlify/dev reads it again from this stand-in.
  const replay = Object.assign(Readable.from(body.length ? [body] : []), {
    headers: req.headers,
    url: req.url,
    method: req.method,
    httpVersionMajor: req.httpVersionMajor,
    socket: req.socket,
  });
  return netlify.handleAndIntrospectNodeRequest(replay);
}

/**
 * A NetlifyDev instance for this project with every network-dependent feature disabled.
 * @param {{ projectRoot: string, serverAddress: string | null, staticDirs?: string[], blobs?: boolean,
 *   functionTimeoutSeconds?: number }} options `functionTimeoutSeconds` is the synchronous functions'
 *   limit (Netlify's default, 30 s, when unset).
 */
export function createNetlifyDev({
  projectRoot,
  serverAddress,
  staticDirs = [],
  blobs = true,
  functionTimeoutSeconds,
}) {
  const netlify = new NetlifyDev({
    projectRoot,
    serverAddress,
    skipGitignore: true,
    staticFiles: { directories: staticDirs },
    blobs: { enabled: blobs },
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    environmentVariables: { enabled: false },
    aiGateway: { enabled: false },
    database: { enabled: false },
    images: { enabled: false },
  });
  // @netlify/functions-dev reads the [functions] settings of netlify.toml (included_files and the rest)
  // as `functions` of the object @netlify/dev resolves, which has them under `config.functions`, so
  // locally they were ignored. Expose them where it looks, so a local bundle holds what a deployed one does.
  const resolveConfig = netlify.getConfig.bind(netlify);
  let starting = false;
  netlify.getConfig = async () => {
    const resolved = await resolveConfig();
    // The shared bundle pass starts with the platform (not on a mere config read), once per project.
    if (starting && !sharedBundles.has(projectRoot) && resolved.config?.functionsDirectory) {
      const bundles = bundleFunctions({ projectRoot, functionsDir: resolved.config.functionsDirectory });
      bundles.catch(() => {}); // reported where a function's build is awaited
      sharedBundles.set(projectRoot, bundles);
    }
    redirectSources = {
      configPath: resolved.configPath,
      configRedirects: resolved.config?.redirects,
      projectDir: projectRoot,
      publishDir: path.resolve(projectRoot, resolved.config?.build?.publish ?? 'dist'),
    };
    const siteInfo = functionTimeoutSeconds
      ? { ...resolved.siteInfo, functions_timeout: functionTimeoutSeconds }
      : resolved.siteInfo;
    return { ...resolved, siteInfo, functions: resolved.config?.functions };
  };
  const start = netlify.start.bind(netlify);
  netlify.start = (...args) => {
    starting = true;
    return start(...args);
  };
  const stop = netlify.stop.bind(netlify);
  netlify.stop = async (...args) => {
    const bundles = sharedBundles.get(projectRoot);
    sharedBundles.delete(projectRoot);
    await bundles?.then((b) => b.stop()).catch(() => {});
    return stop(...args);
  };
  return netlify;
}

patch(
  "netlify.toml's [functions] settings where @netlify/functions-dev reads them",
  () => `${functionsDevSource()}\n${NetlifyDev.prototype.getConfig}`,
  [
    'config: this.config.get().functions',
    'const functionConfig = config.functions?.[name];',
    'async getConfig()',
  ],
  () => {}, // applied to each instance by createNetlifyDev
);

/** Write a web Response to a Node ServerResponse, keeping every Set-Cookie header. */
export function sendWebResponse(response, res, method = 'GET') {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  if (response.body && method !== 'HEAD') Readable.fromWeb(response.body).pipe(res);
  else res.end();
}

/**
 * @netlify/dev hands a function the body as text while flagging binary types (multipart, images) as
 * base64, so uploads arrive garbled. For such requests, send the body (already read, `body`)
 * base64-encoded: it is then decoded back to the exact bytes. Returns null for requests that need nothing.
 */
export function binaryBodyRequest(req, origin, body) {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (!type || req.method === 'GET' || req.method === 'HEAD') return null;
  if (
    type.startsWith('text/') ||
    type.endsWith('json') ||
    type.endsWith('+xml') ||
    type === 'application/x-www-form-urlencoded'
  )
    return null;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'content-length') continue;
    for (const v of [].concat(value)) headers.append(name, v);
  }
  return new Request(new URL(req.url, origin), {
    method: req.method,
    headers,
    body: body.toString('base64'),
  });
}
