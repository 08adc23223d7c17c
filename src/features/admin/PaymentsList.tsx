// /admin/payments: the list of orders, one card each (status, provider, number, price, menu).
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { cx } from '#src/components/ui/classes.ts';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { formatBRL, formatDate, formatOrderNumber } from '#src/lib/format.ts';
import { orderStatusBadge, providerBadge, shortId, shortPaymentId } from '../payments/payments.ts';
import { type RowActions, RowMenu } from './PaymentRowMenu.tsx';
import type { Payment } from './payments-admin.ts';

function StatusIcon({ payment }: { payment: Payment }) {
  if (payment.status === 'active' || payment.status === 'paid')
    return <CheckCircle2 aria-hidden="true" className="size-5 text-green-600" />;
  if (payment.status === 'pending' || payment.refundStatus === 'pending')
    return <Clock aria-hidden="true" className="size-5 text-amber-600" />;
  return <XCircle aria-hidden="true" className="size-5 text-neutral-400" />;
}

function PaymentMeta({ payment }: { payment: Payment }) {
  const provider = providerBadge(payment.paymentMethod);
  return (
    <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-neutral-600">
      {provider && (
        <span className="inline-flex items-center gap-1">
          <Badge variant="outline">{provider}</Badge>
          <span className="font-mono">{shortPaymentId(payment.paymentId)}</span>
        </span>
      )}
      <span>
        Pedido <span className="font-mono">{formatOrderNumber(payment.number)}</span>
      </span>
      <span>
        Grupo <span className="font-mono">{shortId(payment.groupId)}</span>
      </span>
      <span>{formatDate(payment.orderDate)}</span>
    </p>
  );
}

function PaymentCard({ payment, busy, actions }: { payment: Payment; busy: boolean; actions: RowActions }) {
  const badge = orderStatusBadge(payment.status, payment.refundStatus);
  const priceAndStatus = (
    <>
      <span className="font-semibold whitespace-nowrap">{formatBRL(payment.priceCents)}</span>
      <Badge variant={badge.tone}>{badge.label}</Badge>
    </>
  );
  return (
    <Card padding="sm" className="flex items-start gap-3 sm:items-center">
      <span className="pt-0.5 sm:pt-0">
        <StatusIcon payment={payment} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 font-semibold break-words">{payment.groupTitle ?? 'Grupo removido'}</p>
        <PaymentMeta payment={payment} />
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 sm:hidden">{priceAndStatus}</p>
      </div>
      <div className="hidden items-center gap-3 sm:flex">{priceAndStatus}</div>
      <RowMenu payment={payment} busy={busy} actions={actions} />
    </Card>
  );
}

export function PaymentsList({
  payments,
  loading,
  busy,
  actionsFor,
}: {
  payments: Payment[] | undefined;
  loading: boolean;
  busy: boolean;
  actionsFor: (payment: Payment) => RowActions;
}) {
  if (loading && !payments)
    return (
      <ul className="space-y-2" aria-busy="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i}>
            <Skeleton className="h-20" />
          </li>
        ))}
      </ul>
    );
  if (!payments?.length) return <EmptyState title="Nenhum pagamento encontrado" />;
  return (
    <ul className={cx('space-y-2', loading && 'opacity-60')}>
      {payments.map((payment) => (
        <li key={payment.id}>
          <PaymentCard payment={payment} busy={busy} actions={actionsFor(payment)} />
        </li>
      ))}
    </ul>
  );
}
