// /auth/nova-senha: the password reset link lands here. The token leaves the address bar at once and
// is sent in the POST body with the new password (same rules as registration).
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { buttonClasses } from '#src/components/ui/classes.ts';
import { Field, PasswordInput } from '#src/components/ui/Field.tsx';
import { ApiError, api } from '#src/lib/api.ts';
import { checkForm } from '#src/lib/form-errors.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { NewPasswordFormSchema } from './auth.schema.ts';
import { takeLinkToken } from './link-token.ts';

const linkClass =
  'inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline-offset-4 hover:underline';
type Errors = Partial<Record<'password' | 'confirmPassword', string>>;

function Notice({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  const Icon = ok ? CircleCheck : TriangleAlert;
  return (
    <Card padding="lg" className="flex flex-col items-center gap-3 text-center">
      <Icon aria-hidden="true" className={ok ? 'size-10 text-brand-700' : 'size-10 text-amber-600'} />
      {children}
    </Card>
  );
}

function NewPasswordBody({ onDone }: { onDone: () => void }) {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => setToken(takeLinkToken()), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = checkForm(
      NewPasswordFormSchema,
      Object.fromEntries(new FormData(event.currentTarget)),
      setErrors,
    );
    if (!parsed) return;
    setBusy(true);
    try {
      const { message } = await api<{ message: string }>('/api/password-reset/confirm', {
        method: 'POST',
        body: { token, password: parsed.password },
      });
      setDone(message);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields?.password) setErrors({ password: error.fields.password });
      else setFailure(error instanceof Error ? error.message : 'Não foi possível trocar a senha agora.');
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <Notice ok>
        <p role="status" className="text-neutral-800">
          {done}
        </p>
        {/* The one thing left to do: a button, not a link in the text. */}
        <a href="/auth" className={buttonClasses({ size: 'lg', block: true })}>
          Entrar
        </a>
      </Notice>
    );
  if (failure || token === null)
    return (
      <Notice ok={false}>
        <p role="alert" className="text-neutral-800">
          {failure ?? 'Este endereço não traz um link válido. Abra o link do e-mail de novo ou peça outro.'}
        </p>
        <a href="/auth/esqueci-senha" className={`${linkClass} text-base`}>
          Pedir um novo link
        </a>
      </Notice>
    );

  return (
    <Card padding="lg">
      <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy}>
        <Field label="Nova senha" error={errors.password} hint="Pelo menos 6 caracteres" required>
          {(props) => <PasswordInput {...props} name="password" isNew />}
        </Field>
        <Field label="Confirmar nova senha" error={errors.confirmPassword} required>
          {(props) => <PasswordInput {...props} name="confirmPassword" isNew />}
        </Field>
        <Button type="submit" size="lg" block disabled={busy || !hydrated || !token}>
          {busy ? 'Salvando…' : 'Salvar nova senha'}
        </Button>
      </form>
    </Card>
  );
}

/** The page's heading and the form: once the password is saved the heading says so, not 'Criar nova senha'. */
export default function NewPasswordForm() {
  const [saved, setSaved] = useState(false);
  return (
    <>
      <h1 className="mb-2 text-center text-2xl font-bold text-neutral-900">
        {saved ? 'Senha alterada' : 'Criar nova senha'}
      </h1>
      <p className="mb-6 text-center text-neutral-600">
        {saved
          ? 'As sessões que estavam abertas foram encerradas.'
          : 'Escolha a nova senha da sua conta. Ao salvar, todas as sessões abertas são encerradas.'}
      </p>
      <NewPasswordBody onDone={() => setSaved(true)} />
    </>
  );
}
