// Admin-only islands: wait for the session, send anyone who is not an admin to /admin/login.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $session, loadSession } from '#src/features/auth/session.store.ts';

/** True once an admin is known to be logged in. */
export function useAdminSession(): boolean {
  const session = useStore($session);
  useEffect(() => {
    void loadSession();
  }, []);
  const isAdmin = session.status === 'authenticated' && session.user.admin;
  useEffect(() => {
    if (session.status === 'anonymous' || (session.status === 'authenticated' && !session.user.admin))
      location.assign('/admin/login');
  }, [session]);
  return isAdmin;
}
