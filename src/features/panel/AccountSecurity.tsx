// 'Senha e acesso' in 'Meus dados': 'Alterar senha' while logged in (the current password, then the new
// one twice; the other devices are logged out, this one stays) and 'Sair de todos os dispositivos'.
import { KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { Field, PasswordInput } from '#src/components/ui/Field.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { PasswordChangeSchema } from '#src/features/auth/auth.schema.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { checkForm, type FieldErrors } from '#src/lib/form-errors.ts';
import { EndAllSessions } from './EndAllSessions.tsx';

const EMPTY = { password: '', newPassword: '', confirmPassword: '' };

function PasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setValues(EMPTY);
    setErrors({});
  }, [open]);
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = checkForm(PasswordChangeSchema, values, setErrors);
    if (!input) return;
    setBusy(true);
    try {
      const result = await api<{ message: string }>('/api/user/password', { method: 'POST', body: input });
      onOpenChange(false);
      toast({ title: 'Senha alterada', description: result.message, variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else setErrors({ password: error instanceof Error ? error.message : 'Tente novamente.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(value) => !busy && onOpenChange(value)}
      title="Alterar senha"
      description="Depois da troca, sua conta sai dos outros celulares e computadores; este continua conectado."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form="password-change-form" disabled={busy}>
            {busy ? 'Salvando…' : 'Salvar nova senha'}
          </Button>
        </>
      }
    >
      <form id="password-change-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Senha atual" error={errors.password} required>
          {(props) => <PasswordInput {...props} value={values.password} onChange={set('password')} />}
        </Field>
        <Field label="Nova senha" error={errors.newPassword} hint="Pelo menos 6 caracteres." required>
          {(props) => (
            <PasswordInput {...props} isNew value={values.newPassword} onChange={set('newPassword')} />
          )}
        </Field>
        <Field label="Confirmar nova senha" error={errors.confirmPassword} required>
          {(props) => (
            <PasswordInput
              {...props}
              isNew
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}

export function AccountSecurity() {
  const [open, setOpen] = useState(false);
  return (
    <Card padding="lg" className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-neutral-900">Senha e acesso</h2>
      <p className="text-sm text-neutral-600">
        Troque a senha quando quiser. Se usou a conta num aparelho que não é seu, saia de todos os
        dispositivos.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <KeyRound aria-hidden="true" /> Alterar senha
        </Button>
        <EndAllSessions />
      </div>
      <PasswordDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}
