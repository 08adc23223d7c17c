// Admin screens are static shells: this gate asks the API who is logged in and sends anyone who is not
// an admin to /admin/login (the API refuses them anyway; this only avoids showing an empty screen).
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Spinner } from '#src/components/ui/Spinner.tsx';
import { checkAdmin } from './admin-session.store.ts';

export function RequireAdmin({ children }: { children: () => ReactNode }) {
  const [state, setState] = useState<'checking' | 'allowed' | 'unavailable'>('checking');
  const check = useCallback(() => {
    setState('checking');
    checkAdmin().then(
      (user) => {
        if (user) return setState('allowed');
        const next = `${window.location.pathname}${window.location.search}`;
        window.location.replace(`/admin/login?next=${encodeURIComponent(next)}`);
      },
      // The check failed (server down, a deploy): that is no reason to log the admin out.
      () => setState('unavailable'),
    );
  }, []);
  useEffect(check, [check]);
  if (state === 'allowed') return <>{children()}</>;
  if (state === 'checking') return <Spinner label="Verificando acesso…" />;
  return (
    <EmptyState
      title="Não foi possível verificar seu acesso"
      text="O servidor não respondeu. Tente novamente em instantes."
      action={<Button onClick={check}>Tentar de novo</Button>}
    />
  );
}

/** Wrap a screen so it renders only for an admin. */
export function adminScreen(Screen: () => ReactNode) {
  return function AdminScreen() {
    return <RequireAdmin>{() => <Screen />}</RequireAdmin>;
  };
}
