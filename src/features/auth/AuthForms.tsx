// /auth island: login and register tabs (?tab=register), pending-feature banner, redirect when
// already logged in. Fields are validated with the same zod schemas the API uses.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { z } from 'zod';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { cx } from '#src/components/ui/classes.ts';
import { toast } from '#src/components/ui/toast.store.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { afterLoginPath, pendingFeatureGroupId } from './auth.client.ts';
import { LoginSchema, RegisterSchema } from './auth.schema.ts';
import { $session, loadSession, type SessionUser, startSession } from './session.store.ts';

type Tab = 'login' | 'register';
type Errors = Record<string, string>;

function fieldErrors(error: z.ZodError): Errors {
  const out: Errors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

function Field({
  label,
  name,
  type = 'text',
  error,
  autoComplete,
  required = true,
  hint,
}: {
  label: string;
  name: string;
  type?: string;
  error?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
        {required && <span className="text-red-600"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(
          'min-h-12 rounded-lg border bg-white px-3 text-base outline-none focus-visible:ring-2 focus-visible:ring-[#25D366]',
          error ? 'border-red-500' : 'border-gray-300',
        )}
      />
      {hint && !error && <p className="text-xs text-gray-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

// The session effect below leaves the page: navigating here too started a second navigation that
// aborted the first.
function finish(user: SessionUser, token: string | undefined, title: string) {
  toast({ title, description: `Bem-vindo, ${user.name || user.email}!` });
  startSession(user, token);
}

export default function AuthForms() {
  const session = useStore($session);
  const [tab, setTab] = useState<Tab>('login');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('tab') === 'register') setTab('register');
    setPending(pendingFeatureGroupId());
    void loadSession();
  }, []);

  // Already logged in, or just logged in: one navigation, replacing /auth in the history.
  useEffect(() => {
    if (session.status === 'authenticated') window.location.replace(afterLoginPath(session.user));
  }, [session]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget));
    const schema = tab === 'login' ? LoginSchema : RegisterSchema;
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { user, token } = await api<{ user: SessionUser; token: string }>(
        tab === 'login' ? '/api/login' : '/api/register',
        { method: 'POST', body: data },
      );
      finish(user, token, tab === 'login' ? 'Login realizado com sucesso' : 'Registro realizado com sucesso');
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Erro ao processar resposta do servidor';
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast({
        title: tab === 'login' ? 'Erro no login' : 'Erro no registro',
        description: message,
        variant: 'destructive',
      });
      setBusy(false);
    }
  }

  const tabClass = (active: boolean) =>
    cx(
      'min-h-11 flex-1 rounded-md text-sm font-semibold focus-visible:outline-2 focus-visible:outline-[#25D366]',
      active ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900',
    );

  return (
    <div className="mx-auto w-full max-w-md">
      {pending && (
        <div
          role="note"
          className="mb-4 rounded-lg border border-[#25D366]/40 bg-[#25D366]/10 p-4 text-sm text-gray-800"
        >
          Faça login ou crie sua conta para destacar o grupo que você acabou de enviar.
        </div>
      )}
      <Card padding="lg">
        <div role="tablist" aria-label="Acesso" className="mb-6 flex gap-1 rounded-lg bg-gray-100 p-1">
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'login'}
            className={tabClass(tab === 'login')}
            onClick={() => {
              setTab('login');
              setErrors({});
            }}
          >
            Entrar
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'register'}
            className={tabClass(tab === 'register')}
            onClick={() => {
              setTab('register');
              setErrors({});
            }}
          >
            Criar conta
          </button>
        </div>
        <form
          key={tab}
          method="post"
          noValidate
          onSubmit={submit}
          className="flex flex-col gap-4"
          aria-busy={busy}
        >
          {tab === 'register' && <Field label="Nome" name="name" autoComplete="name" error={errors.name} />}
          <Field label="E-mail" name="email" type="email" autoComplete="email" error={errors.email} />
          <Field
            label="Senha"
            name="password"
            type="password"
            autoComplete={tab === 'login' ? 'current-password' : 'new-password'}
            error={errors.password}
          />
          {tab === 'register' && (
            <>
              <Field
                label="Confirmar senha"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                error={errors.confirmPassword}
              />
              <Field
                label="Telefone"
                name="phone"
                type="tel"
                autoComplete="tel"
                required={false}
                hint="Opcional, com DDD"
                error={errors.phone}
              />
            </>
          )}
          <Button type="submit" size="lg" block disabled={busy || !hydrated}>
            {busy ? 'Aguarde…' : tab === 'login' ? 'Entrar' : 'Criar conta'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
