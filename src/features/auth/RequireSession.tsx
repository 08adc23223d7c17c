// Session gate for login-only and admin-only islands. Pages are static, so the session is known only after
// GET /api/user: show a spinner meanwhile, then redirect (remembering where to come back) or render.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $session, loadSession, type SessionUser } from './session.store.ts';

/** localStorage key (spec section 3) read by /auth after a successful login; the plans page sets it too. */
export const REDIRECT_AFTER_LOGIN_KEY = 'redirectAfterLogin';

/** Remember the current page and send the visitor to the right login page. */
export function redirectToLogin(admin = false) {
  const here = window.location.pathname + window.location.search;
  try {
    localStorage.setItem(REDIRECT_AFTER_LOGIN_KEY, here);
  } catch {
    // storage unavailable: the user lands on the default page after login
  }
  window.location.assign(admin ? '/admin/login' : '/auth');
}

/**
 * The logged-in user once known. `null` while loading or redirecting. With `admin`, a non-admin is
 * sent to /admin/login as well.
 */
export function useRequiredSession(
  options: { admin?: boolean; redirect?: boolean } = {},
): SessionUser | null {
  const session = useStore($session);
  const { admin = false, redirect = true } = options;
  useEffect(() => {
    void loadSession();
  }, []);
  const allowed = session.status === 'authenticated' && (!admin || session.user.admin);
  useEffect(() => {
    if (redirect && session.status !== 'loading' && !allowed) redirectToLogin(admin);
  }, [session.status, allowed, admin, redirect]);
  return allowed ? session.user : null;
}

/** A centred spinner with an accessible label. */
export function SessionSpinner({ label = 'Carregando…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
