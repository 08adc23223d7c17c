// Netlify Edge Functions on the local platform (decision 0015): Netlify's own emulation downloads Deno
// and its edge runtime, which the offline platform cannot, so the same modules run here in Node, in
// front of @netlify/dev, with the same contract: their `config` (path, excludedPath) picks the requests,
// each gets a web Request and a context whose next() hands it to the rest of the site, and they read
// the same Blobs (the platform's local Blobs server, set up by @netlify/dev's start()).
import type { IncomingMessage } from 'node:http';
import takedowns, { config as takedownsConfig } from '../../netlify/edge-functions/takedowns.ts';

interface EdgeModule {
  handler: (
    request: Request,
    context: { next: (request?: Request) => Promise<Response> },
  ) => Promise<Response>;
  config: { path: string | string[]; excludedPath?: string | string[] };
}

/** Every edge function of netlify/edge-functions, in declaration order. */
export const EDGE_FUNCTIONS: EdgeModule[] = [{ handler: takedowns, config: takedownsConfig }];

/** Netlify's path patterns as our edge functions use them: an exact path, or a prefix ending in `/*`. */
export function pathMatches(pattern: string, pathname: string): boolean {
  if (pattern.endsWith('/*'))
    return pathname.startsWith(pattern.slice(0, -1)) || pathname === pattern.slice(0, -2);
  return pathname === pattern;
}

function applies({ config }: EdgeModule, pathname: string): boolean {
  const included = ([] as string[]).concat(config.path).some((p) => pathMatches(p, pathname));
  const excluded = ([] as string[]).concat(config.excludedPath ?? []).some((p) => pathMatches(p, pathname));
  return included && !excluded;
}

/** How many edge functions stand in front of this path. */
export function edgeFunctionsFor(pathname: string): number {
  return EDGE_FUNCTIONS.filter((fn) => applies(fn, pathname)).length;
}

/** Whether any edge function stands in front of this request (only GET and HEAD carry no body to copy). */
export function edgeApplies(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  return EDGE_FUNCTIONS.some((fn) => applies(fn, pathname));
}

/** A bodiless Node request as a web Request (its headers as they are, x-forwarded-for already set). */
export function webRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of ([] as string[]).concat(value)) headers.append(name, v);
  }
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers });
}

/** Run the request through the edge functions that apply, then `rest` (the site behind them). */
export function throughEdge(
  request: Request,
  rest: (request: Request) => Promise<Response>,
): Promise<Response> {
  const { pathname } = new URL(request.url);
  const chain = EDGE_FUNCTIONS.filter((fn) => applies(fn, pathname));
  const run = (index: number, current: Request): Promise<Response> => {
    const fn = chain[index];
    if (!fn) return rest(current);
    return fn.handler(current, { next: (next) => run(index + 1, next ?? current) });
  };
  return run(0, request);
}
