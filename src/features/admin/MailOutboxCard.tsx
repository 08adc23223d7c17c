// The dashboard's e-mail card: how many messages are sent, waiting or given up, the latest errors,
// and 'Reenviar' for a message that failed.
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api, messageOf } from '#src/lib/api.ts';
import { formatCount, formatRelative } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';

interface Outbox {
  pending: number;
  sent: number;
  failed: number;
  skipped: number;
  problems: {
    id: number;
    recipient: string;
    template: string;
    status: 'pending' | 'failed';
    attempts: number;
    lastError: string | null;
    createdAt: string;
  }[];
}

const TEMPLATE_LABEL: Record<string, string> = {
  confirm_email: 'Confirmação de e-mail',
  password_reset: 'Nova senha',
  group_approved: 'Grupo aprovado',
  group_rejected: 'Grupo não aprovado',
  group_hidden: 'Grupo ocultado',
  payment_confirmed: 'Pagamento confirmado',
  featuring_ending: 'Destaque termina em 3 dias',
  featuring_ended: 'Destaque terminou',
  link_dead: 'Link do grupo parou',
  legal_notice_received: 'Denúncia jurídica recebida',
  legal_notice_admin: 'Aviso de denúncia jurídica (admin)',
  appeal_admin: 'Aviso de contestação (admin)',
  legal_notice_decided: 'Decisão de denúncia jurídica',
  legal_notice_group_removed: 'Grupo removido (denúncia jurídica)',
};

type Problem = Outbox['problems'][number];

/** A message that failed or waits for another try: what, to whom, how many tries, the last error. */
function ProblemDetails({ problem: p }: { problem: Problem }) {
  return (
    <div className="min-w-0 text-sm">
      <p className="font-medium text-neutral-900">
        {TEMPLATE_LABEL[p.template] ?? p.template} → <span className="break-all">{p.recipient}</span>
      </p>
      <p className="text-neutral-600">
        {p.status === 'failed' ? 'Desistimos' : 'Nova tentativa em breve'} após {p.attempts}{' '}
        {p.attempts === 1 ? 'tentativa' : 'tentativas'} · {formatRelative(p.createdAt)}
      </p>
      {p.lastError && <p className="break-words text-red-700">{p.lastError}</p>}
    </div>
  );
}

/** The counts line, its skeleton while loading, or the error with 'Tentar de novo'. */
function OutboxSummary({
  outbox: o,
  error,
  reload,
}: {
  outbox?: Outbox;
  error: unknown;
  reload: () => void;
}) {
  if (error && !o)
    return (
      <p className="text-sm text-red-700">
        {messageOf(error, 'Não foi possível carregar os e-mails.')}{' '}
        <button type="button" className="underline" onClick={reload}>
          Tentar de novo
        </button>
      </p>
    );
  if (!o) return <Skeleton className="mt-1 h-4 w-64" />;
  return (
    <p className="text-sm text-neutral-600">
      {formatCount(o.sent)} enviados · {formatCount(o.pending)} na fila · {formatCount(o.failed)} com falha ·{' '}
      {formatCount(o.skipped)} descartados (e-mail não confirmado)
    </p>
  );
}

export function MailOutboxCard() {
  const outbox = useApi<Outbox>('/api/admin/mail', 60_000);
  const [busy, setBusy] = useState<number | null>(null);
  const o = outbox.data;

  async function resend(id: number) {
    setBusy(id);
    try {
      const result = await api<{ sent: number; message: string }>(`/api/admin/mail/${id}/resend`, {
        method: 'POST',
      });
      toast({ title: result.message, variant: result.sent ? 'success' : 'destructive' });
      outbox.reload();
    } catch (error) {
      toast({
        title: 'Erro ao reenviar',
        description: messageOf(error, 'Tente novamente em instantes.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card padding="sm" className="mt-4 sm:p-4" aria-labelledby="mail-outbox-title">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <span className="grid size-11 shrink-0 place-items-center rounded-full bg-neutral-100 text-neutral-700">
            <Mail aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id="mail-outbox-title" className="font-semibold text-neutral-900">
              E-mails
            </h2>
            <OutboxSummary outbox={o} error={outbox.error} reload={outbox.reload} />
          </div>
        </div>
        {o && o.failed > 0 && <Badge variant="red">{formatCount(o.failed)} com falha</Badge>}
      </div>
      {o && o.problems.length > 0 && (
        <ul className="mt-3 flex flex-col divide-y divide-neutral-200 border-t border-neutral-200">
          {o.problems.map((p) => (
            <li
              key={p.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <ProblemDetails problem={p} />
              <Button
                variant="secondary"
                size="sm"
                disabled={busy === p.id}
                onClick={() => resend(p.id)}
                aria-label={`Reenviar e-mail para ${p.recipient}`}
              >
                {busy === p.id ? 'Reenviando…' : 'Reenviar'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
