import type { Config } from '@netlify/functions';
import { AppError, MESSAGES, toErrorResponse } from '#src/lib/http.server.ts';

// Any /api path no other function claims: a JSON 404 instead of the HTML 404 page.
// Named to sort first: the local platform (@netlify/functions-dev) tries functions in reverse name
// order and takes the first match, so as 'api-not-found' it shadowed every function named before
// it (admin-…, advertisements).
export default () => toErrorResponse(new AppError('NOT_FOUND', MESSAGES.notFound));

export const config: Config = { path: '/api/*' };
