// /auth/esqueci-senha: ask for a link to create a new password. The answer is the same whether the
// address has an account or not.
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Field, TextInput } from '#src/components/ui/Field.tsx';
import { api } from '#src/lib/api.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { PasswordResetRequestSchema } from './auth.schema.ts';

const linkClass =
  'inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline-offset-4 hover:underline';

export default function ForgotPasswordForm() {
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = PasswordResetRequestSchema.safeParse(
      Object.fromEntries(new FormData(event.currentTarget)),
    );
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const { message } = await api<{ message: string }>('/api/password-reset', {
        method: 'POST',
        body: parsed.data,
      });
      setDone(message);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível enviar agora. Tente novamente.');
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <Card padding="lg" className="flex flex-col items-center gap-3 text-center">
        <MailCheck aria-hidden="true" className="size-10 text-brand-700" />
        <p role="status" className="text-neutral-800">
          {done}
        </p>
        <p className="text-sm text-neutral-600">O link vale por 1 hora e só pode ser usado uma vez.</p>
        <a href="/auth" className={linkClass}>
          Voltar para o login
        </a>
      </Card>
    );

  return (
    <Card padding="lg">
      <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy}>
        <Field label="E-mail da conta" error={error} required>
          {(props) => (
            <TextInput {...props} name="email" type="email" autoComplete="email" inputMode="email" />
          )}
        </Field>
        <Button type="submit" size="lg" block disabled={busy || !hydrated}>
          {busy ? 'Enviando…' : 'Enviar link'}
        </Button>
        <a href="/auth" className={`${linkClass} self-center`}>
          Voltar para o login
        </a>
      </form>
    </Card>
  );
}
