// /painel, 'Meus Destaques': 'Desistir da compra' on an order paid less than 7 days ago (CDC art. 49).
// The dialog says what happens before anything does: the whole amount back by the same means, and the
// featuring this order bought removed (other paid time stays), and when a new featuring can be bought
// (the anti-loop rule, ADR 0020). The withdrawal is recorded first: a provider that has not refunded yet
// answers 'Reembolso em processamento' (202), and the scheduler finishes it.
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api } from '#src/lib/api.ts';
import { formatBRL, formatDate } from '#src/lib/format.ts';
import { REFUND_PENDING_LABEL, repurchaseAllowedFrom, WITHDRAWAL_DAYS } from './payments.ts';

export interface WithdrawableOrder {
  id: string;
  groupTitle: string;
  planName: string;
  /** centavos */
  price: number;
  startDate: string | null;
  days: number;
  withdrawableUntil: string | null;
}

/** The toast after a withdrawal: done, or recorded and waiting for the provider. */
function withdrawnToast(answer: { status?: string; message?: string }) {
  if (answer.status === 'refund_pending')
    return toast({
      title: REFUND_PENDING_LABEL,
      description:
        'Sua desistência está registrada e o destaque foi retirado. O meio de pagamento ainda não confirmou a devolução: tentamos de novo automaticamente e avisamos por e-mail.',
      variant: 'success',
    });
  toast({
    title: 'Desistência confirmada',
    description: 'Devolvemos o valor total pelo mesmo meio de pagamento. A confirmação vai por e-mail.',
    variant: 'success',
  });
}

export function WithdrawOrder({ order, onDone }: { order: WithdrawableOrder; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!order.withdrawableUntil) return null;
  const again = repurchaseAllowedFrom(order);

  async function confirm() {
    setBusy(true);
    try {
      withdrawnToast(
        await api<{ status?: string }>(`/api/feature-orders/${encodeURIComponent(order.id)}/withdraw`, {
          method: 'POST',
        }),
      );
      setOpen(false);
      onDone();
    } catch (error) {
      toast({
        title: 'Não foi possível desistir da compra',
        description:
          error instanceof Error && error.message ? error.message : 'Tente novamente em instantes.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        Desistir da compra
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title="Desistir da compra?"
        description={`Você pode desistir até ${formatDate(order.withdrawableUntil)} (${WITHDRAWAL_DAYS} dias após o pagamento).`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Manter destaque
            </Button>
            <Button variant="danger" onClick={confirm} disabled={busy}>
              {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              Desistir e receber reembolso
            </Button>
          </>
        }
      >
        <ul className="list-disc space-y-2 pl-5 text-sm text-neutral-700">
          <li>
            Devolvemos o valor total, <strong>{formatBRL(order.price)}</strong>, pelo mesmo meio de pagamento.
          </li>
          <li>
            O destaque do plano <strong>{order.planName}</strong> sai agora do grupo{' '}
            <strong>{order.groupTitle}</strong>. Outro período pago, se houver, continua.
          </li>
          {again && (
            <li>
              Um novo destaque deste grupo ou desta conta só pode ser comprado a partir de{' '}
              <strong>{formatDate(again)}</strong>, quando terminaria o período deste pedido.
            </li>
          )}
          <li>Você recebe a confirmação por e-mail. Esta ação não pode ser desfeita.</li>
        </ul>
      </Dialog>
    </>
  );
}
