import type { Config } from '@netlify/functions';
import { AppError, MESSAGES, toErrorResponse } from '#src/lib/http.server.ts';

// Any /api path no other function claims: a JSON 404 instead of the HTML 404 page.
export default () => toErrorResponse(new AppError('NOT_FOUND', MESSAGES.notFound));

export const config: Config = { path: '/api/*' };
