// The panel's banner while the account's e-mail is not confirmed: no other message reaches the
// address until then. 'Reenviar e-mail' sends a new link (a few per hour).
import { MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api } from '#src/lib/api.ts';

export default function EmailConfirmBanner() {
  const [status, setStatus] = useState<{ email: string; confirmed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Anonymous visitors get a 401 here and see no banner (the panel asks them to log in).
    api<{ email: string; confirmed: boolean }>('/api/email-confirmation')
      .then(setStatus)
      .catch(() => setStatus(null));
  }, []);

  if (!status || status.confirmed) return null;

  async function resend() {
    setBusy(true);
    try {
      const result = await api<{ message: string; confirmed: boolean }>('/api/email-confirmation/resend', {
        method: 'POST',
      });
      toast({ title: 'E-mail reenviado', description: result.message, variant: 'success' });
      if (result.confirmed) setStatus({ email: status?.email ?? '', confirmed: true });
    } catch (error) {
      toast({
        title: 'Não foi possível reenviar',
        description: error instanceof Error ? error.message : 'Tente novamente em instantes.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="email-confirm-title"
      className="mb-6 flex flex-col gap-3 rounded-card border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 gap-3">
        <MailWarning aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-700" />
        <div className="min-w-0">
          <h2 id="email-confirm-title" className="font-semibold text-neutral-900">
            Confirme seu e-mail
          </h2>
          <p className="text-sm text-neutral-700">
            Enviamos um link para <strong className="break-all">{status.email}</strong>. Até você abri-lo, não
            mandamos outros avisos (grupo aprovado, pagamento, destaque) para este endereço.
          </p>
        </div>
      </div>
      <Button variant="secondary" onClick={resend} disabled={busy} className="shrink-0">
        {busy ? 'Enviando…' : 'Reenviar e-mail'}
      </Button>
    </section>
  );
}
