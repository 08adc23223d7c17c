// /admin/payments: 'Ver detalhes' of one order, with its refund's state and the provider's last error.
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { formatBRL, formatDate, formatOrderNumber } from '#src/lib/format.ts';
import { orderStatusBadge, PAID_STATUSES } from '../payments/payments.ts';
import type { Payment } from './payments-admin.ts';

const dt = 'text-neutral-600';

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className={dt}>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

function PaymentFacts({ payment: p }: { payment: Payment }) {
  const badge = orderStatusBadge(p.status, p.refundStatus);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      <Fact term="Status">
        <Badge variant={badge.tone}>{badge.label}</Badge>
      </Fact>
      {p.refundLastError && <Fact term="Último erro do provedor">{p.refundLastError}</Fact>}
      <Fact term="Valor">
        <span className="font-semibold">{formatBRL(p.priceCents)}</span>
      </Fact>
      <Fact term="Grupo">
        {p.groupTitle ?? '—'}{' '}
        <span className="block font-mono text-xs break-all text-neutral-500">{p.groupId}</span>
      </Fact>
      <Fact term="Plano">
        {p.planName ?? '—'} ({p.planDays} {p.planDays === 1 ? 'dia' : 'dias'})
      </Fact>
      <Fact term="Data do pedido">{formatDate(p.orderDate)}</Fact>
      {p.startDate && <Fact term="Início">{formatDate(p.startDate)}</Fact>}
      {p.endDate && <Fact term="Término">{formatDate(p.endDate)}</Fact>}
      <Fact term="Usuário">
        {p.userName || p.userEmail || (p.userId ? 'N/A' : 'Conta excluída')}
        <span className="block font-mono text-xs break-all text-neutral-500">{p.userId}</span>
      </Fact>
      <Fact term="Método">{p.paymentMethod ?? 'Não informado'}</Fact>
      <Fact term="ID no provedor">
        <span className="font-mono text-xs break-all">{p.paymentId ?? '—'}</span>
      </Fact>
      <Fact term="Pedido">
        {formatOrderNumber(p.number)}
        <span className="block font-mono text-xs break-all text-neutral-500">{p.id}</span>
      </Fact>
    </dl>
  );
}

export function PaymentDetails({
  payment,
  acting,
  onClose,
  onAction,
  onRefund,
}: {
  payment: Payment;
  acting: boolean;
  onClose: () => void;
  onAction: (action: 'approve' | 'cancel') => void;
  onRefund: () => void;
}) {
  const refundable = PAID_STATUSES.includes(payment.status) || payment.refundStatus === 'pending';
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>
        Fechar
      </Button>
      {payment.status === 'pending' && (
        <>
          <Button variant="danger" disabled={acting} onClick={() => onAction('cancel')}>
            Cancelar
          </Button>
          <Button disabled={acting} onClick={() => onAction('approve')}>
            Aprovar
          </Button>
        </>
      )}
      {refundable && (
        <Button variant="danger" onClick={onRefund}>
          {payment.refundStatus === 'pending' ? 'Tentar reembolso de novo' : 'Reembolsar'}
        </Button>
      )}
    </>
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Detalhes do pagamento" footer={footer}>
      <PaymentFacts payment={payment} />
    </Dialog>
  );
}
