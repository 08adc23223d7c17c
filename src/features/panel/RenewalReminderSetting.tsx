// The panel's opt-in for the e-mail 'Seu grupo já pode ser renovado' (PUT /api/user/renewal-reminders).
import { BellRing } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Card } from '#src/components/ui/Card.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { useLoad } from '#src/lib/use-api.ts';

export function RenewalReminderSetting() {
  const [load, retry] = useLoad<{ enabled: boolean }>('/api/user/renewal-reminders');
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  useEffect(() => {
    if (load.state === 'ok') setEnabled(load.data.enabled);
  }, [load]);

  async function change(next: boolean) {
    setBusy(true);
    setEnabled(next);
    try {
      await api('/api/user/renewal-reminders', { method: 'PUT', body: { enabled: next } });
      toast({
        variant: 'success',
        title: next ? 'Avisos ativados' : 'Avisos desativados',
        description: next ? 'Enviaremos um e-mail quando um grupo puder ser renovado.' : undefined,
      });
    } catch (error) {
      setEnabled(!next);
      toast({
        variant: 'destructive',
        title: 'Não foi possível salvar',
        description: error instanceof ApiError ? error.message : 'Verifique sua conexão e tente novamente.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card padding="md" className="flex items-start gap-3" data-renewal-reminders>
      <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="min-w-0 flex-1">
        {load.state === 'loading' || (load.state === 'ok' && enabled === null) ? (
          <Skeleton className="h-11 w-full" />
        ) : load.state === 'error' ? (
          <p className="text-sm text-neutral-700">
            Não foi possível carregar seus avisos.{' '}
            <button type="button" onClick={retry} className="min-h-11 font-medium text-brand-800 underline">
              Tentar de novo
            </button>
          </p>
        ) : (
          <label htmlFor={id} className="flex min-h-11 cursor-pointer items-start gap-3">
            <input
              id={id}
              type="checkbox"
              checked={enabled ?? false}
              disabled={busy}
              onChange={(event) => change(event.target.checked)}
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
            />
            <span className="text-sm">
              <span className="block font-medium text-neutral-900">
                Avisar por e-mail quando um grupo puder ser renovado
              </span>
              <span className="block text-neutral-600">
                No máximo um e-mail por dia. Dá para cancelar pelo próprio e-mail.
              </span>
            </span>
          </label>
        )}
      </div>
    </Card>
  );
}
