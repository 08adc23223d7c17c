// Admin screens are static shells: this gate asks the API who is logged in and sends anyone who is not
// an admin to /admin/login (the API refuses them anyway; this only avoids showing an empty screen).
import { type ReactNode, useEffect, useState } from 'react';
import { checkAdmin } from './admin-session.store.ts';
import { Spinner } from './ui.tsx';

export function RequireAdmin({ children }: { children: () => ReactNode }) {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    void checkAdmin().then((user) => {
      if (user) return setAllowed(true);
      const next = `${window.location.pathname}${window.location.search}`;
      window.location.replace(`/admin/login?next=${encodeURIComponent(next)}`);
    });
  }, []);
  if (!allowed) return <Spinner label="Verificando acesso…" />;
  return <>{children()}</>;
}

/** Wrap a screen so it renders only for an admin. */
export function adminScreen(Screen: () => ReactNode) {
  return function AdminScreen() {
    return <RequireAdmin>{() => <Screen />}</RequireAdmin>;
  };
}
