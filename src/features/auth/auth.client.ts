// Where to go after login (spec: stored redirectAfterLogin, then a pending feature group, then
// /admin for admins, else /painel) and the pending-feature key shared with /enviar and the plans page.
import { sameOriginPath } from '#src/lib/same-origin.ts';
import { REDIRECT_AFTER_LOGIN_KEY } from './RequireSession.tsx';

export const PENDING_FEATURE_KEY = 'pendingFeatureGroupId';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function pendingFeatureGroupId(): string | null {
  return read(PENDING_FEATURE_KEY);
}

/** The page to open after login; consumes the stored redirect. */
export function afterLoginPath(user: { admin: boolean }): string {
  // Only same-site paths are followed, never another origin.
  const stored = sameOriginPath(read(REDIRECT_AFTER_LOGIN_KEY), '') || null;
  try {
    localStorage.removeItem(REDIRECT_AFTER_LOGIN_KEY);
  } catch {
    // nothing stored
  }
  if (stored && stored !== '/auth') return stored;
  const pending = pendingFeatureGroupId();
  if (pending) return `/planos-destaque?groupId=${encodeURIComponent(pending)}`;
  return user.admin ? '/admin' : '/painel';
}
