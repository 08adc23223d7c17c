// The admin's session on the client: checked with GET /api/admin/session (admins only), ended with
// the site's POST /api/logout. Mirrors the result into the shared $session store for other islands.
import { $session, type SessionUser, startSession } from '#src/features/auth/session.store.ts';
import { ApiError, api } from '#src/lib/api.ts';

let checking: Promise<SessionUser | null> | undefined;

/**
 * The logged-in admin, or null (nobody, or not an admin). Rejects when the check itself failed (network,
 * 5xx): that says nothing about the session, and the next call asks again.
 */
export function checkAdmin(): Promise<SessionUser | null> {
  checking ??= api<{ user: SessionUser }>('/api/admin/session')
    .then(({ user }) => {
      startSession(user);
      return user;
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
      checking = undefined;
      throw error;
    });
  return checking;
}

/** Log out (the session cookie), even if the server cannot be reached. */
export async function adminLogout(): Promise<void> {
  try {
    await api('/api/logout', { method: 'POST' });
  } catch {
    // the cookie expires on its own
  }
  checking = undefined;
  $session.set({ status: 'anonymous' });
}
