// The islands' typed fetch: JSON in and out, the session cookie always sent (the only way a session
// travels; pages never hold its token), and errors that carry the server's pt-BR message (spec section 8).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised unless it is FormData (multipart) */
  body?: unknown;
  /** non-empty values become query-string parameters */
  query?: Query;
  signal?: AbortSignal;
  /** sent as Idempotency-Key: the same on every try of one action, so the server does it once */
  idempotencyKey?: string;
}

/** A URL with the non-empty query values appended. */
export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** Call our API; resolves with the parsed JSON or throws ApiError with the server's message. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers = new Headers({ accept: 'application/json' });
  if (options.idempotencyKey) headers.set('idempotency-key', options.idempotencyKey);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const response = await fetch(withQuery(path, options.query), {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const payload = (data ?? {}) as { message?: string; code?: string; fields?: Record<string, string> };
    const message = payload.message ?? (text || `Erro ${response.status} (${response.statusText})`);
    throw new ApiError(response.status, message, payload.code, payload.fields);
  }
  return data as T;
}

/** The server's pt-BR message, or a fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Field errors of an ApiError ({field: message}). */
export function fieldsOf(error: unknown): Record<string, string> {
  return (error as { fields?: Record<string, string> })?.fields ?? {};
}
