// The panel's 'Meus Destaques': each feature order by its short number, with its group, plan, date and
// status; a pending one can be paid (its review step) or cancelled, an active one renewed (paid), a
// paid one withdrawn within 7 days.
import { type ReactNode, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { ConfirmDialog } from '#src/components/ui/ConfirmDialog.tsx';
import { buttonClasses } from '#src/components/ui/classes.ts';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api } from '#src/lib/api.ts';
import { formatBRL, formatDate, formatOrderNumber } from '#src/lib/format.ts';
import type { Load } from '#src/lib/use-api.ts';
import { orderStatusBadge } from '../payments/payments.ts';
import { type WithdrawableOrder, WithdrawOrder } from '../payments/WithdrawOrder.tsx';

export interface UserOrder extends WithdrawableOrder {
  id: string;
  number: number;
  groupId: string;
  groupTitle: string;
  planName: string;
  price: number;
  status: string;
  orderDate: string;
  endDate: string | null;
  daysRemaining: number | null;
  paused: boolean;
  /** 'pending' while a refund is recorded but not yet made by the provider */
  refundStatus: 'pending' | 'completed' | null;
}

/** 'Cancelar' on a pending order, behind a confirmation. */
function CancelPending({ order, onDone }: { order: UserOrder; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function cancel() {
    setBusy(true);
    try {
      await api(`/api/feature-orders/${order.id}/cancel`, { method: 'POST' });
      setOpen(false);
      toast({ title: 'Pedido cancelado', description: 'Nada foi cobrado.', variant: 'success' });
      onDone();
    } catch (error) {
      toast({
        title: 'Não foi possível cancelar o pedido',
        description: error instanceof Error ? error.message : 'Tente novamente.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setOpen(true)}
        aria-label={`Cancelar o pedido ${formatOrderNumber(order.number)}`}
      >
        Cancelar
      </Button>
      <ConfirmDialog
        open={open}
        title={`Cancelar o pedido ${formatOrderNumber(order.number)}?`}
        description={`“${order.groupTitle}”, ${order.planName}: o pedido deixa de poder ser pago. Nada foi cobrado.`}
        confirmLabel="Cancelar pedido"
        busy={busy}
        onConfirm={cancel}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

function OrderCard({
  order,
  onChanged,
  onRenew,
}: {
  order: UserOrder;
  onChanged: () => void;
  onRenew: (groupId: string) => void;
}) {
  const { label, tone } = orderStatusBadge(order.status, order.refundStatus);
  return (
    <Card padding="md" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <a
          href={`/grupo/${order.groupId}`}
          dir="auto"
          className="font-semibold break-words text-neutral-900 hover:underline"
        >
          {order.groupTitle}
        </a>
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-600">
          <span className="tabular-nums">Pedido {formatOrderNumber(order.number)}</span>
          <span aria-hidden="true">·</span>
          <span>{order.planName}</span>
          <span aria-hidden="true">·</span>
          <span>{formatBRL(order.price)}</span>
          <span aria-hidden="true">·</span>
          <span>{formatDate(order.orderDate)}</span>
          <Badge variant={tone}>{label}</Badge>
          {order.status === 'active' && order.daysRemaining !== null && (
            <span>
              {order.daysRemaining === 1 ? '1 dia restante' : `${order.daysRemaining} dias restantes`}
              {order.paused && ' (pausado enquanto o grupo está fora do ar)'}
            </span>
          )}
          {order.refundStatus === 'pending' && (
            <span>
              O destaque foi retirado; a devolução do valor está a caminho e você recebe um e-mail quando
              sair.
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {order.status === 'pending' && (
          <>
            <a href={`/pagar-destaque/${order.id}`} className={buttonClasses({ size: 'sm' })}>
              Pagar
            </a>
            <CancelPending order={order} onDone={onChanged} />
          </>
        )}
        {order.status === 'active' && !order.paused && (
          <Button size="sm" variant="secondary" onClick={() => onRenew(order.groupId)}>
            Renovar destaque
          </Button>
        )}
        <WithdrawOrder order={order} onDone={onChanged} />
      </div>
    </Card>
  );
}

export function MyOrders({
  orders,
  retry,
  onRenew,
  loading,
  error,
}: {
  orders: Load<UserOrder[]>;
  retry: () => void;
  onRenew: (groupId: string) => void;
  loading: ReactNode;
  error: ReactNode;
}) {
  return (
    <section aria-label="Meus Destaques" className="flex flex-col gap-3">
      {orders.state === 'loading' && loading}
      {orders.state === 'error' && error}
      {orders.state === 'ok' && orders.data.length === 0 && (
        <EmptyState title="Nenhum destaque ainda" text="Destaque um grupo aprovado para aparecer no topo." />
      )}
      {orders.state === 'ok' &&
        orders.data.map((o) => <OrderCard key={o.id} order={o} onChanged={retry} onRenew={onRenew} />)}
    </section>
  );
}
