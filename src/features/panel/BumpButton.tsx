// 'Renovar': the owner's free bump of an approved, visible group, once every 24 hours counted from its
// approval or its last bump, with one sentence saying what it does (owners read 'renovar' as paying
// again). While the cooldown runs it shows a countdown to the next one, worded for a group never
// renewed ('Renovar em') or already renewed ('Renovar de novo em'), with the same sentence below.
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { countdown } from './engage.ts';

export function BumpButton({
  groupId,
  nextBumpAt,
  renewed: renewedBefore,
}: {
  groupId: string;
  nextBumpAt: string;
  renewed: boolean;
}) {
  const [next, setNext] = useState(nextBumpAt);
  const [renewed, setRenewed] = useState(renewedBefore);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const waiting = new Date(next).getTime() > now;

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  const bump = async () => {
    setBusy(true);
    try {
      const result = await api<{ nextBumpAt: string }>(`/api/user/groups/${groupId}/bump`, {
        method: 'POST',
      });
      setNext(result.nextBumpAt);
      setRenewed(true);
      setNow(Date.now());
      toast({
        variant: 'success',
        title: 'Grupo renovado!',
        description: 'Ele voltou ao topo dos Últimos Grupos e da categoria.',
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Não foi possível renovar',
        description: error instanceof ApiError ? error.message : 'Verifique sua conexão e tente novamente.',
      });
    } finally {
      setBusy(false);
    }
  };

  const explanation = (
    <p id={`bump-${groupId}`} className="text-xs text-neutral-600">
      Grátis: põe o grupo de volta no topo dos Últimos Grupos e da categoria, uma vez por dia.
    </p>
  );
  if (waiting)
    return (
      <div className="flex w-full flex-col gap-0.5 sm:w-auto sm:max-w-md">
        <p className="text-sm text-neutral-600" title={`Disponível em ${formatDateTime(next)}`}>
          {renewed ? 'Renovar de novo em' : 'Renovar em'}{' '}
          <span className="font-semibold text-neutral-900 tabular-nums" role="timer">
            {countdown(next, now)}
          </span>
        </p>
        {explanation}
      </div>
    );
  return (
    <div className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 sm:w-auto sm:max-w-md">
      <Button
        size="sm"
        variant="secondary"
        onClick={bump}
        disabled={busy}
        aria-describedby={`bump-${groupId}`}
      >
        <RefreshCw aria-hidden="true" className={busy ? 'animate-spin' : undefined} /> Renovar
      </Button>
      {explanation}
    </div>
  );
}
