// /admin/login: e-mail and password posted to the site's /api/login with ?admin=1 (same rate limits and
// session cookie); the server refuses a non-admin account (403, no session) and it is told so; an admin goes to /admin (or the admin page that sent
// them here). No credentials hint anywhere.
import { LoaderCircle, LogIn, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Field, TextInput } from '#src/components/ui/Field.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { type SessionUser, startSession } from '#src/features/auth/session.store.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { sameOriginPath } from '#src/lib/same-origin.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { adminLogout, checkAdmin } from './admin-session.store.ts';

export const ADMIN_LOGIN_MESSAGES = {
  required: 'Por favor, preencha todos os campos',
  denied: 'Acesso negado - Esta conta não possui privilégios de administrador',
  failedTitle: 'Erro ao fazer login',
  invalid: 'Erro de autenticação - Credenciais inválidas',
} as const;

function nextPath(): string {
  const next = sameOriginPath(new URLSearchParams(window.location.search).get('next'), '');
  // Only our own admin pages: never an open redirect.
  return /^\/admin(?:\/[\w\-/]*)?(?:\?[\w=&%-]*)?$/.test(next) && !next.startsWith('/admin/login')
    ? next
    : '/admin';
}

/**
 * Log in with the admin flag and go on to the page asked for; on failure, toast and answer the message
 * for the form (null: logged in, the page is changing).
 */
async function signInAsAdmin(email: string, password: string): Promise<string | null> {
  try {
    const data = await api<{ user: SessionUser }>('/api/login?admin=1', {
      method: 'POST',
      body: { email, password },
    });
    startSession(data.user);
    toast({
      title: 'Login realizado com sucesso',
      description: `Bem-vindo, ${data.user.name || data.user.email}!`,
      variant: 'success',
    });
    window.location.assign(nextPath());
    return null;
  } catch (e) {
    if (e instanceof ApiError && e.status === 403) {
      // A valid non-admin account: the server issued no session; also end any site session in this tab.
      await adminLogout();
      toast({ title: ADMIN_LOGIN_MESSAGES.denied, variant: 'destructive' });
      return ADMIN_LOGIN_MESSAGES.denied;
    }
    const message =
      e instanceof ApiError && (e.status === 401 || e.status === 400)
        ? ADMIN_LOGIN_MESSAGES.invalid
        : e instanceof Error
          ? e.message
          : ADMIN_LOGIN_MESSAGES.invalid;
    toast({ title: ADMIN_LOGIN_MESSAGES.failedTitle, description: message, variant: 'destructive' });
    return message;
  }
}

function AdminLoginHeading() {
  return (
    <div className="mb-6 flex flex-col items-center text-center">
      <span className="mb-3 grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
        <ShieldCheck aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold text-neutral-900">Acesso administrativo</h1>
      <p className="mt-1 text-neutral-600">Entre com uma conta de administrador.</p>
    </div>
  );
}

function AdminLoginLinks() {
  return (
    <>
      <a
        href="/auth/esqueci-senha"
        className="text-center text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
      >
        Esqueci minha senha
      </a>
      <a
        href="/"
        className="text-center text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
      >
        Voltar para o site
      </a>
    </>
  );
}

export default function AdminLogin() {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // Already an admin: straight on. A failed check leaves the form, which logs in anyway.
    checkAdmin().then(
      (user) => {
        if (user) window.location.replace(nextPath());
      },
      () => {},
    );
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not from state: what was typed before hydration is kept.
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    setError(null);
    if (!email.trim() || !password) {
      setError(ADMIN_LOGIN_MESSAGES.required);
      return;
    }
    setBusy(true);
    const failure = await signInAsAdmin(email.trim(), password);
    if (failure === null) return;
    setError(failure);
    setBusy(false);
  }

  return (
    <Card padding="lg" className="w-full max-w-md">
      <AdminLoginHeading />
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label="E-mail">
          {(props) => (
            <TextInput
              {...props}
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              disabled={busy}
            />
          )}
        </Field>
        <Field label="Senha">
          {(props) => (
            <TextInput
              {...props}
              type="password"
              name="password"
              autoComplete="current-password"
              disabled={busy}
            />
          )}
        </Field>
        {error && (
          <p
            role="alert"
            className="rounded-control border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          >
            {error}
          </p>
        )}
        <Button type="submit" size="lg" block disabled={busy || !hydrated}>
          {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <LogIn aria-hidden="true" />}
          Entrar
        </Button>
        <AdminLoginLinks />
      </form>
    </Card>
  );
}
