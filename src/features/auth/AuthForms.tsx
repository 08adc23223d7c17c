// /auth island: login and register tabs (?tab=register), pending-feature banner, redirect when
// already logged in. Fields are validated with the same zod schemas the API uses.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Field, TextInput } from '#src/components/ui/Field.tsx';
import { Tabs } from '#src/components/ui/Tabs.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { checkForm } from '#src/lib/form-errors.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { AdultDeclaration } from './AdultDeclaration.tsx';
import { afterLoginPath, pendingFeatureGroupId } from './auth.client.ts';
import { LoginSchema, RegisterSchema } from './auth.schema.ts';
import { $session, loadSession, type SessionUser, startSession } from './session.store.ts';

type Tab = 'login' | 'register';
type Errors = Record<string, string>;

/** A text field of these forms: required unless told, errors from the zod schemas or the API. */
function AuthField({
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
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {(props) => <TextInput {...props} name={name} type={type} autoComplete={autoComplete} />}
    </Field>
  );
}

// The session effect below leaves the page: navigating here too started a second navigation that
// aborted the first.
function finish(user: SessionUser, title: string) {
  toast({ title, description: `Bem-vindo, ${user.name || user.email}!` });
  startSession(user);
}

/** The fields of the chosen tab: login (e-mail, password, 'Esqueci minha senha') or registration. */
function AuthFormFields({ tab, errors }: { tab: Tab; errors: Errors }) {
  return (
    <>
      {tab === 'register' && <AuthField label="Nome" name="name" autoComplete="name" error={errors.name} />}
      <AuthField label="E-mail" name="email" type="email" autoComplete="email" error={errors.email} />
      <AuthField
        label="Senha"
        name="password"
        type="password"
        autoComplete={tab === 'login' ? 'current-password' : 'new-password'}
        error={errors.password}
      />
      {tab === 'login' && (
        <a
          href="/auth/esqueci-senha"
          className="-mt-2 inline-flex min-h-11 items-center self-end text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          Esqueci minha senha
        </a>
      )}
      {tab === 'register' && (
        <>
          <AuthField
            label="Confirmar senha"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword}
          />
          <AuthField
            label="Telefone"
            name="phone"
            type="tel"
            autoComplete="tel"
            required={false}
            hint="Opcional, com DDD"
            error={errors.phone}
          />
          <AdultDeclaration error={errors.adult} />
        </>
      )}
    </>
  );
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
    if (!checkForm(schema, data, setErrors)) return;
    setBusy(true);
    try {
      const { user } = await api<{ user: SessionUser }>(tab === 'login' ? '/api/login' : '/api/register', {
        method: 'POST',
        body: data,
      });
      finish(user, tab === 'login' ? 'Login realizado com sucesso' : 'Registro realizado com sucesso');
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

  return (
    <div className="mx-auto w-full max-w-md">
      {pending && (
        <div
          role="note"
          className="mb-4 rounded-card border border-brand-200 bg-brand-50 p-4 text-sm text-neutral-800"
        >
          Faça login ou crie sua conta para destacar o grupo que você acabou de enviar.
        </div>
      )}
      <Card padding="lg">
        <Tabs
          label="Acesso"
          wide
          className="mb-6"
          tabs={[
            { value: 'login', label: 'Entrar' },
            { value: 'register', label: 'Criar conta' },
          ]}
          value={tab}
          onChange={(next) => {
            setTab(next);
            setErrors({});
          }}
        />
        <form
          key={tab}
          method="post"
          noValidate
          onSubmit={submit}
          className="flex flex-col gap-4"
          aria-busy={busy}
        >
          <AuthFormFields tab={tab} errors={errors} />
          <Button type="submit" size="lg" block disabled={busy || !hydrated}>
            {busy ? 'Aguarde…' : tab === 'login' ? 'Entrar' : 'Criar conta'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
