// The one way a function answers: method routing, zod input, AppError -> status + pt-BR body.
import type { Context } from '@netlify/functions';
import { ZodError, z } from 'zod';
import { fieldErrors } from './form-errors.ts';
import { readBounded } from './read-bounded.server.ts';

// Zod's own messages (a schema without a custom message) must reach users in Portuguese too.
z.config(z.locales.ptBR());

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** a link already in the catalogue, held by someone else: the answer offers 'Reivindicar grupo' */
  INVITE_TAKEN: 409,
  /** a claim code that expired */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY: 429,
  /** an outside service (a payment provider) answered no */
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  /** payments are switched off in the admin: the payment screens show their notice */
  PAYMENTS_DISABLED: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const MESSAGES = {
  invalidInput: 'Dados inválidos. Verifique os campos e tente novamente.',
  invalidJson: 'O corpo da requisição deve ser um JSON válido.',
  notFound: 'Recurso não encontrado.',
  methodNotAllowed: 'Método não permitido para este endereço.',
  unavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  internal: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
} as const;

/** An error the caller can act on: its message is shown to the user as is (pt-BR). */
// Fields written out, not as parameter properties: the build's search index loads this file through
// Node's own type stripping (src/features/search/pagefind.ts), which refuses parameter properties.
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly headers?: HeadersInit;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>, headers?: HeadersInit) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A JSON response. */
export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  const response = Response.json(data, { status, headers });
  if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'no-store');
  return response;
}

/** The error body every endpoint uses: { message, code, fields? }. */
export function errorResponse(error: AppError): Response {
  const body: { message: string; code: ErrorCode; fields?: Record<string, string> } = {
    message: error.message,
    code: error.code,
  };
  if (error.fields) body.fields = error.fields;
  return json(body, error.status, error.headers);
}

function zodToAppError(error: ZodError): AppError {
  const fields = fieldErrors(error);
  const first = Object.values(fields)[0];
  return new AppError('BAD_REQUEST', first ?? MESSAGES.invalidInput, fields);
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
]);

/** Whether an error means the database (or another backend) cannot be reached right now. */
export function isUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      // 'not queryable': a query (a transaction's rollback) on a client whose connection already died.
      /Connection terminated|connect ECONNREFUSED|timeout exceeded|not queryable/i.test(message)
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether the database refused a value itself (SQLSTATE class 22: a NUL byte, bad UTF-8, a value out
 * of range): the client sent bad input, so it is a 400, not a 500.
 */
export function isInvalidData(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Map anything thrown by a handler to a response; unknown errors are logged and never leak. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof AppError) return errorResponse(error);
  if (error instanceof ZodError) return errorResponse(zodToAppError(error));
  if (isUnavailable(error)) {
    console.error('[unavailable]', error);
    return errorResponse(
      new AppError('UNAVAILABLE', MESSAGES.unavailable, undefined, { 'retry-after': '5' }),
    );
  }
  // A malformed %-escape in a path decoded by a handler (decodeURIComponent) is bad input too.
  if (error instanceof URIError || isInvalidData(error))
    return errorResponse(new AppError('BAD_REQUEST', MESSAGES.invalidInput));
  console.error('[internal]', error);
  return json({ message: MESSAGES.internal, code: 'INTERNAL' }, 500);
}

/** Parse with a zod schema; failures become 400 with per-field messages. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw zodToAppError(result.error);
  return result.data;
}

/** The query string as a plain object (last value wins), parsed with a schema. */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parse(schema, Object.fromEntries(new URL(req.url).searchParams));
}

const DEFAULT_JSON_LIMIT = 64 * 1024;

/** The JSON body parsed with a schema; wrong type, bad JSON or an oversized body are clear 4xx. */
export async function parseJson<S extends z.ZodType>(
  schema: S,
  req: Request,
  limit = DEFAULT_JSON_LIMIT,
): Promise<z.output<S>> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json'))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Envie os dados como JSON (Content-Type: application/json).',
    );
  const text = await readText(req, limit);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', MESSAGES.invalidJson);
  }
  return parse(schema, data);
}

/** The body as text, refusing more than `limit` bytes without reading it all. */
export async function readText(req: Request, limit: number): Promise<string> {
  const bytes = await readBounded(req.body, limit, { declared: req.headers.get('content-length') });
  if (!bytes) throw tooLarge(limit);
  return bytes.toString('utf8');
}

/**
 * The form body (multipart or urlencoded), refusing more than `limit` bytes without reading it all:
 * every form a function reads goes through here, so none is parsed uncapped. `tooLargeError` says it in
 * the form's own words (which field, which limit).
 */
export async function readForm(
  req: Request,
  limit: number,
  tooLargeError: AppError = tooLarge(limit),
): Promise<FormData> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(type))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envie o formulário como multipart/form-data.');
  const bytes = await readBounded(req.body, limit, { declared: req.headers.get('content-length') });
  if (!bytes) throw tooLargeError;
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new AppError('BAD_REQUEST', 'Formulário inválido.');
  }
}

function tooLarge(limit: number) {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `O envio é grande demais (máximo de ${Math.round(limit / 1024)} KB).`,
  );
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteHandler = (req: Request, context: Context) => Promise<Response> | Response;

/**
 * A function entrypoint from one handler per method: other methods get 405 (with Allow), HEAD is
 * answered by GET, and every error becomes the standard error body.
 */
export function route(handlers: Partial<Record<Method, RouteHandler>>) {
  const allowed = Object.keys(handlers) as Method[];
  return async (req: Request, context: Context): Promise<Response> => {
    const method = (req.method === 'HEAD' ? 'GET' : req.method) as Method;
    const handler = handlers[method];
    if (!handler) {
      return errorResponse(
        new AppError('METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed, undefined, {
          allow: allowed.join(', '),
        }),
      );
    }
    try {
      return await handler(req, context);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

/** Handlers per exact path (no parameters), for a function that serves several fixed paths. */
export type PathRoutes = Record<string, Partial<Record<Method, RouteHandler>>>;

/**
 * One entrypoint for several fixed paths: each path has its own handlers per method (405 with its own
 * Allow), a path not in the table is a 404, and a trailing slash is ignored. `config.path` lists the
 * same paths as literals (Netlify reads it statically); scripts/routes.test.ts checks that they match.
 */
export function routeByPath(routes: PathRoutes) {
  const handlers = Object.fromEntries(
    Object.entries(routes).map(([path, byMethod]) => [path, route(byMethod)]),
  );
  return (req: Request, context: Context): Promise<Response> => {
    const path = new URL(req.url).pathname.replace(/\/+$/, '');
    const handler = handlers[path];
    return handler
      ? handler(req, context)
      : Promise.resolve(errorResponse(new AppError('NOT_FOUND', MESSAGES.notFound)));
  };
}

/** A route parameter Netlify matched from config.path; missing or badly percent-encoded is a 404. */
export function param(context: Context, name: string): string {
  const value = context.params?.[name];
  if (!value) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  try {
    return decodeURIComponent(value);
  } catch {
    throw new AppError('NOT_FOUND', MESSAGES.notFound);
  }
}
