// /admin/payments: 'Reembolsar' a paid order, after a confirmation that says what happens. The refund
// is recorded first (the featuring taken back), then the provider is asked: its refusal or silence leaves
// the refund pending ('Reembolso em processamento', retried by the scheduler, listed with its error).
import { useState } from 'react';
import { ConfirmDialog } from '#src/components/ui/ConfirmDialog.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api } from '#src/lib/api.ts';
import { formatBRL } from '#src/lib/format.ts';

export interface RefundableRow {
  id: string;
  groupTitle: string | null;
  userName: string | null;
  userEmail: string | null;
  priceCents: number;
  paymentMethod: string | null;
  refundStatus: 'pending' | 'completed' | null;
  refundAmountCents: number | null;
}

const PROVIDERS: Record<string, string> = {
  stripe: 'Stripe',
  mercadopago: 'Mercado Pago',
  simulator: 'simulador local',
};

export function RefundOrderDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: RefundableRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  if (!payment) return null;
  const via = payment.paymentMethod ? (PROVIDERS[payment.paymentMethod] ?? payment.paymentMethod) : null;
  // A refund already recorded (its provider failed) is asked again: its own amount, nothing else changes.
  const retry = payment.refundStatus === 'pending';
  const amount = retry ? (payment.refundAmountCents ?? payment.priceCents) : payment.priceCents;

  async function refund() {
    if (!payment) return;
    setBusy(true);
    try {
      const answer = await api<{ status: string }>(
        `/api/admin/payments/${encodeURIComponent(payment.id)}/refund`,
        { method: 'POST' },
      );
      if (answer.status === 'refund_pending')
        toast({
          title: 'Reembolso em processamento',
          description:
            'O destaque foi retirado, mas o provedor ainda não devolveu o valor. O sistema tenta de novo sozinho; o erro aparece em Reembolsos pendentes.',
          variant: 'destructive',
        });
      else
        toast({
          title: 'Pedido reembolsado',
          description: 'O valor foi devolvido, o destaque foi retirado e o dono recebeu um e-mail.',
          variant: 'success',
        });
      onDone();
    } catch (error) {
      toast({
        title: 'Reembolso não feito',
        description:
          error instanceof Error && error.message ? error.message : 'Não foi possível reembolsar o pedido.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open
      title={retry ? 'Tentar o reembolso de novo?' : 'Reembolsar este pedido?'}
      description={`${formatBRL(amount)} voltam para ${payment.userName || payment.userEmail || 'o dono do pedido'}${via ? ` pelo ${via}` : ''}.`}
      confirmLabel={retry ? 'Tentar de novo' : 'Reembolsar'}
      busy={busy}
      onConfirm={refund}
      onCancel={onClose}
    >
      <RefundFacts payment={payment} retry={retry} amount={amount} />
    </ConfirmDialog>
  );
}

/** What confirming does: a first refund takes the featuring back; a retry only asks the provider again. */
function RefundFacts({ payment, retry, amount }: { payment: RefundableRow; retry: boolean; amount: number }) {
  if (retry)
    return (
      <ul className="list-disc space-y-2 pl-5 text-sm text-neutral-700">
        <li>
          O reembolso já foi registrado
          {amount < payment.priceCents ? ` (a parte não usada de ${formatBRL(payment.priceCents)})` : ''} e o
          destaque já saiu do grupo; só o pedido ao provedor é feito de novo.
        </li>
        <li>O dono recebe um e-mail quando o valor for devolvido.</li>
      </ul>
    );
  return (
    <ul className="list-disc space-y-2 pl-5 text-sm text-neutral-700">
      <li>O reembolso é do valor total e não pode ser desfeito.</li>
      <li>
        O destaque que este pedido comprou sai do grupo {payment.groupTitle ? `"${payment.groupTitle}"` : ''}{' '}
        agora; outro período pago continua.
      </li>
      <li>O dono recebe um e-mail com a confirmação.</li>
    </ul>
  );
}
