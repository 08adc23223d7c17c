// Shared by every admin function: the database and the logged-in admin (401 without a session, 403 for
// anyone else, cookie-authenticated mutations from a foreign origin refused inside requireAdmin).
import type { Context } from '@netlify/functions';
import { type Db, getDb } from '#db/client.ts';
import { requireAdmin, type SessionUser } from '#src/features/auth/session.server.ts';
import type { RouteHandler } from '#src/lib/http.server.ts';

export type AdminHandler = (args: {
  req: Request;
  context: Context;
  db: Db;
  admin: SessionUser;
}) => Promise<Response> | Response;

/** A route handler that runs only for an admin. */
export function asAdmin(handler: AdminHandler): RouteHandler {
  return async (req, context) => {
    const db = await getDb();
    const admin = await requireAdmin(db, req, context);
    return handler({ req, context, db, admin });
  };
}

/** The path after a prefix, split on '/', each part decoded ('/api/admin/groups/x/approve' -> ['x','approve']). */
export function pathParts(req: Request, prefix: string): string[] {
  const { pathname } = new URL(req.url);
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '';
  return rest
    .split('/')
    .filter(Boolean)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
}
