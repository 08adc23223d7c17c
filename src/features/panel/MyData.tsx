// The panel's 'Meus dados' (LGPD art. 18): correct the name and the phone (at once) and the e-mail (after
// the link sent to the new address), change the password and end the sessions (AccountSecurity.tsx),
// download everything kept about the account, and delete the account.
import { Download, Mail, Trash2 } from 'lucide-react';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { Field, PasswordInput, TextInput } from '#src/components/ui/Field.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { DeleteAccountSchema } from '#src/features/account/account.schema.ts';
import { EmailChangeSchema, ProfileNameSchema, ProfilePhoneSchema } from '#src/features/auth/auth.schema.ts';
import { endSession, loadSession } from '#src/features/auth/session.store.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { checkForm, type FieldErrors } from '#src/lib/form-errors.ts';
import { useLoad } from '#src/lib/use-api.ts';
import { AccountSecurity } from './AccountSecurity.tsx';
import { WithdrawOnDelete } from './WithdrawOnDelete.tsx';

interface Profile {
  user: { id: string; name: string; email: string; phone: string | null };
  pendingEmail: string | null;
}

const problem = (error: unknown) => (error instanceof Error ? error.message : 'Tente novamente.');

/** The server's field errors when it sent them, else its message under `fallback`. */
function serverErrors(error: unknown, fallback: string): FieldErrors {
  if (error instanceof ApiError && error.fields) return error.fields;
  return { [fallback]: problem(error) };
}

/** One field of the profile saved on its own (PATCH /api/user/profile): the name, the phone. */
function ProfileFieldForm({
  field,
  label,
  value: saved,
  hint,
  check,
  done,
  inputProps,
  onSaved,
}: {
  field: 'name' | 'phone';
  label: string;
  value: string;
  hint?: string;
  check: (value: string, setErrors: (errors: FieldErrors) => void) => Record<string, unknown> | null;
  /** the toast once saved */
  done: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  onSaved: () => void;
}) {
  const [value, setValue] = useState(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(saved), [saved]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!check(value, setErrors)) return;
    setBusy(true);
    try {
      // The text as typed: the server applies the same schema ('' removes the phone).
      await api('/api/user/profile', { method: 'PATCH', body: { [field]: value } });
      toast({ title: done, variant: 'success' });
      onSaved();
    } catch (error) {
      setErrors(serverErrors(error, field));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <Field label={label} error={errors[field]} hint={hint}>
          {(props) => (
            <TextInput {...props} {...inputProps} value={value} onChange={(e) => setValue(e.target.value)} />
          )}
        </Field>
      </div>
      <Button type="submit" variant="secondary" disabled={busy || value.trim() === saved}>
        {busy ? 'Salvando…' : `Salvar ${label.toLowerCase()}`}
      </Button>
    </form>
  );
}

function EmailChangeDialog({
  open,
  onOpenChange,
  current,
  onRequested,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: string;
  onRequested: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setEmail('');
    setPassword('');
    setErrors({});
    setSent(null);
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = checkForm(EmailChangeSchema, { email, password }, setErrors);
    if (!input) return;
    setBusy(true);
    try {
      const result = await api<{ message: string }>('/api/user/email', { method: 'POST', body: input });
      setSent(result.message);
      onRequested();
    } catch (error) {
      setErrors(serverErrors(error, 'email'));
    } finally {
      setBusy(false);
    }
  }

  if (sent)
    return (
      <OutcomeDialog
        open={open}
        title="Confira a caixa de entrada"
        action="Entendi"
        onClose={() => onOpenChange(false)}
      >
        {sent}
      </OutcomeDialog>
    );
  return (
    <Dialog
      open={open}
      onOpenChange={(value) => !busy && onOpenChange(value)}
      title="Alterar e-mail"
      description={`Seu e-mail atual é ${current}. Ele continua valendo até você abrir o link que vamos enviar para o novo endereço.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form="email-change-form" disabled={busy}>
            {busy ? 'Enviando…' : 'Enviar link de confirmação'}
          </Button>
        </>
      }
    >
      <form id="email-change-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Novo e-mail" error={errors.email} required>
          {(props) => (
            <TextInput
              {...props}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Sua senha" error={errors.password} hint="Para confirmar que é você." required>
          {(props) => (
            <PasswordInput {...props} value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
      </form>
    </Dialog>
  );
}

function DeleteAccountDialog({
  open,
  onOpenChange,
  email,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
}) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!open) return;
    setPassword('');
    setErrors({});
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = checkForm(DeleteAccountSchema, { password }, setErrors);
    if (!input) return;
    setBusy(true);
    try {
      await api('/api/user/account', { method: 'DELETE', body: input });
      // The server already ended every session. The local one is forgotten on leaving: forgetting it
      // now would turn the panel into 'Acesso Restrito' and take this confirmation away with it.
      setDone(true);
    } catch (error) {
      setErrors(serverErrors(error, 'password'));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    const leave = () => void endSession().finally(() => window.location.assign('/'));
    return (
      <OutcomeDialog open title="Conta excluída" action="Ir para a página inicial" onClose={leave}>
        Sua conta e seus grupos foram excluídos e todas as sessões foram encerradas. Enviamos uma confirmação
        para {email}.
      </OutcomeDialog>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(value) => !busy && onOpenChange(value)}
      title="Excluir sua conta?"
      description="Esta ação não pode ser desfeita."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form="delete-account-form" variant="danger" disabled={busy}>
            {busy ? 'Excluindo…' : 'Excluir minha conta'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4 text-neutral-700">
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm">
          <li>Sua conta é apagada e você sai de todos os aparelhos.</li>
          <li>Todos os seus grupos saem do site, e os links de convite ficam livres.</li>
          <WithdrawOnDelete />
          <li>
            Pedidos e pagamentos ficam guardados sem seu nome e e-mail (obrigação fiscal), e os registros de
            acesso (IP e horário) por 6 meses (Marco Civil da Internet).
          </li>
          <li>Enviamos uma última mensagem para {email} confirmando a exclusão.</li>
        </ul>
        <form id="delete-account-form" onSubmit={submit} noValidate>
          <Field label="Digite sua senha para confirmar" error={errors.password ?? errors._} required>
            {(props) => (
              <PasswordInput {...props} value={password} onChange={(e) => setPassword(e.target.value)} />
            )}
          </Field>
        </form>
      </div>
    </Dialog>
  );
}

/** Save the export as a file (the API answers it as JSON; errors carry its pt-BR message). */
async function downloadMyData() {
  const data = await api<{ exportedAt: string }>('/api/user/data-export', { method: 'POST' });
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `meus-dados-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'Seus dados': the name and the phone, saved at once, and the e-mail with its pending change. */
function YourDataCard({
  user,
  pendingEmail,
  onChanged,
  onEmail,
}: {
  user: Profile['user'];
  pendingEmail: string | null;
  onChanged: () => void;
  onEmail: () => void;
}) {
  return (
    <Card padding="lg" className="flex flex-col gap-5">
      <div>
        <h2 className="text-lg font-bold text-neutral-900">Seus dados</h2>
        <p className="text-sm text-neutral-600">Corrija seu nome, telefone e e-mail quando quiser.</p>
      </div>
      <ProfileFieldForm
        field="name"
        label="Nome"
        value={user.name}
        check={(name, setErrors) => checkForm(ProfileNameSchema, { name }, setErrors)}
        done="Nome atualizado"
        inputProps={{ autoComplete: 'name', maxLength: 100 }}
        onSaved={() => {
          onChanged();
          void loadSession(true);
        }}
      />
      <ProfileFieldForm
        field="phone"
        label="Telefone"
        value={user.phone ?? ''}
        hint="Opcional, com DDD. Só a equipe vê, para falar com você sobre seus grupos. Apague para removê-lo."
        check={(phone, setErrors) => checkForm(ProfilePhoneSchema, { phone }, setErrors)}
        done="Telefone atualizado"
        inputProps={{ type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 30 }}
        onSaved={onChanged}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-neutral-900">E-mail</p>
          <p className="break-all text-neutral-700">{user.email}</p>
          {pendingEmail && (
            <p className="mt-1 text-sm text-amber-800">
              Aguardando confirmação de <strong className="break-all">{pendingEmail}</strong>: abra o link que
              enviamos para esse endereço.
            </p>
          )}
        </div>
        <Button variant="secondary" onClick={onEmail}>
          <Mail aria-hidden="true" /> Alterar e-mail
        </Button>
      </div>
    </Card>
  );
}

/** 'Baixar meus dados': the JSON file of everything kept about the account. */
function DownloadCard() {
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch (error) {
      toast({
        title: 'Não foi possível baixar seus dados',
        description: problem(error),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Card padding="lg" className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-neutral-900">Baixar meus dados</h2>
      <p className="text-sm text-neutral-600">
        Um arquivo (JSON) com tudo o que guardamos sobre você: conta, grupos com alterações e denúncias
        recebidas (sem dizer quem denunciou), pedidos e pagamentos, denúncias que você fez, sessões e e-mails
        enviados.
      </p>
      <Button onClick={download} disabled={downloading} className="self-start">
        <Download aria-hidden="true" /> {downloading ? 'Preparando…' : 'Baixar meus dados'}
      </Button>
    </Card>
  );
}

export function MyData() {
  const [profile, retry] = useLoad<Profile>('/api/user/profile');
  const [dialog, setDialog] = useState<'email' | 'delete' | null>(null);

  if (profile.state === 'loading')
    return (
      <div className="flex flex-col gap-4" aria-hidden="true">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  if (profile.state === 'error')
    return (
      <Card padding="lg" className="flex flex-col items-start gap-3">
        <p className="text-neutral-700">Não foi possível carregar seus dados. Verifique sua conexão.</p>
        <Button onClick={retry}>Tentar novamente</Button>
      </Card>
    );
  const { user, pendingEmail } = profile.data;

  return (
    <section aria-label="Meus dados" className="flex flex-col gap-4">
      <YourDataCard
        user={user}
        pendingEmail={pendingEmail}
        onChanged={retry}
        onEmail={() => setDialog('email')}
      />

      <AccountSecurity />

      <DownloadCard />

      <Card padding="lg" className="flex flex-col gap-3 border-red-200">
        <h2 className="text-lg font-bold text-neutral-900">Excluir minha conta</h2>
        <p className="text-sm text-neutral-600">
          Apaga sua conta e todos os seus grupos. Você vai precisar da sua senha.
        </p>
        <Button variant="danger" onClick={() => setDialog('delete')} className="self-start">
          <Trash2 aria-hidden="true" /> Excluir minha conta
        </Button>
      </Card>

      <EmailChangeDialog
        open={dialog === 'email'}
        onOpenChange={(open) => setDialog(open ? 'email' : null)}
        current={user.email}
        onRequested={retry}
      />
      <DeleteAccountDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        email={user.email}
      />
    </section>
  );
}

/** What a finished request says, with the one button that closes it. */
function OutcomeDialog({
  open,
  title,
  action,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  action: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(value) => !value && onClose()}
      title={title}
      footer={<Button onClick={onClose}>{action}</Button>}
    >
      <p role="status" className="text-neutral-700">
        {children}
      </p>
    </Dialog>
  );
}
