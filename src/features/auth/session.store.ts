// The visitor's session on the client, shared by every island: loaded once from GET /api/user,
// set by login/register, cleared by logout. Pages are static, so the server never renders it.
import { atom } from 'nanostores';
import { ApiError, api } from '#src/lib/api.ts';

// Where earlier versions kept the session token, readable by any script: removed wherever it is left.
const LEGACY_TOKEN_KEY = 'authToken';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone?: string | null;
  admin: boolean;
  createdAt?: string;
}

export type SessionState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: SessionUser };

export const $session = atom<SessionState>({ status: 'loading' });

let loading: Promise<SessionState> | undefined;

/** Ask the API who is logged in (once per page unless forced). */
export function loadSession(force = false): Promise<SessionState> {
  if (loading && !force) return loading;
  forgetToken();
  loading = api<{ user: SessionUser } | SessionUser>('/api/user')
    .then((data) => {
      const user = 'user' in data ? data.user : data;
      const state: SessionState = { status: 'authenticated', user };
      $session.set(state);
      return state;
    })
    .catch((error: unknown) => {
      // 401/400: nobody is logged in; anything else (offline) is treated the same for rendering.
      if (error instanceof ApiError && error.status !== 401 && error.status !== 400)
        console.warn('Sessão indisponível', error);
      const state: SessionState = { status: 'anonymous' };
      $session.set(state);
      return state;
    });
  return loading;
}

/** After login or register: remember the user (the session itself is the HttpOnly cookie). */
export function startSession(user: SessionUser) {
  forgetToken();
  const state: SessionState = { status: 'authenticated', user };
  loading = Promise.resolve(state);
  $session.set(state);
}

/** Log out on the server and forget the session here, even if the server cannot be reached. */
export async function endSession(): Promise<void> {
  try {
    await api('/api/logout', { method: 'POST' });
  } catch {
    // the cookie expires on its own; the local state is cleared regardless
  } finally {
    forgetToken();
    const state: SessionState = { status: 'anonymous' };
    loading = Promise.resolve(state);
    $session.set(state);
  }
}

function forgetToken() {
  try {
    localStorage.removeItem(LEGACY_TOKEN_KEY);
  } catch {
    // nothing stored
  }
}
