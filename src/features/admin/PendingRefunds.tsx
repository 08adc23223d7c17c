// /admin/payments: 'Reembolsos pendentes', the refunds recorded (a withdrawal, an admin's refund, a
// removal's unused days, a payment for an order that could no longer be activated) that the provider
// has not made yet, with its last error and the next automatic try. 'Tentar de novo' asks the provider
// now (the same POST as 'Reembolsar').
import { AlertTriangle } from 'lucide-react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { countLabel, formatBRL, formatDateTime, formatOrderNumber } from '#src/lib/format.ts';
import { REFUND_PENDING_LABEL } from '../payments/payments.ts';
import type { PendingRefund } from './payments-admin.ts';

const SOURCES: Record<string, string> = {
  owner: 'desistência do dono',
  admin: 'reembolso do administrador',
  removal: 'dias não usados de um grupo removido',
  unserved: 'pagamento de um pedido que não podia mais ser ativado',
  provider: 'provedor',
};

function PendingRefundItem({
  refund,
  busy,
  onRetry,
}: {
  refund: PendingRefund;
  busy: boolean;
  onRetry: () => void;
}) {
  return (
    <li className="flex flex-col gap-2 border-t border-amber-200 pt-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-semibold break-words">
          Pedido {formatOrderNumber(refund.number)} · {formatBRL(refund.priceCents)} ·{' '}
          {refund.groupTitle ?? 'Grupo removido'}
        </p>
        <p className="text-neutral-700">
          {SOURCES[refund.source] ?? refund.source} em {formatDateTime(refund.requestedAt)} ·{' '}
          {countLabel(refund.attempts, 'tentativa', 'tentativas')}
          {refund.nextAttemptAt && ` · próxima tentativa automática ${formatDateTime(refund.nextAttemptAt)}`}
        </p>
        {refund.lastError && (
          <p className="mt-1 font-mono text-xs break-words text-red-800">Último erro: {refund.lastError}</p>
        )}
      </div>
      <Button size="sm" variant="secondary" disabled={busy} onClick={onRetry}>
        Tentar de novo
      </Button>
    </li>
  );
}

export function PendingRefunds({
  refunds,
  busy,
  onRetry,
}: {
  refunds: PendingRefund[] | undefined;
  busy: boolean;
  onRetry: (refund: PendingRefund) => void;
}) {
  if (!refunds?.length) return null;
  return (
    <Card className="border-amber-300 bg-amber-50">
      <h2 className="flex items-center gap-2 font-semibold text-amber-900">
        <AlertTriangle aria-hidden="true" className="size-5" />
        Reembolsos pendentes ({refunds.length})
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        {REFUND_PENDING_LABEL}: o pedido já foi retirado do destaque e o dono vê a devolução a caminho. O
        sistema tenta de novo sozinho; confira no painel do provedor quando o erro persistir.
      </p>
      <ul className="mt-3 space-y-3">
        {refunds.map((refund) => (
          <PendingRefundItem key={refund.id} refund={refund} busy={busy} onRetry={() => onRetry(refund)} />
        ))}
      </ul>
    </Card>
  );
}
