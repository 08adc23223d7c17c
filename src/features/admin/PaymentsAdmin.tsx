// /admin/payments (Gerenciar Pagamentos): every feature order, with approve/cancel for pending ones,
// 'Reembolsar' for paid ones, details, copy id, auto-approval of orders the providers already charged,
// the refunds still pending at a provider with its last error ('Reembolsos pendentes'), and pagination.
import { ArrowLeft, Settings, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Pagination } from '#src/components/ui/Pagination.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { adminScreen } from '#src/features/admin/RequireAdmin.tsx';
import { withQuery } from '#src/lib/api.ts';
import { ADMIN_WINDOW } from '#src/lib/pagination.ts';
import { useApi } from '#src/lib/use-api.ts';
import { PaymentDetails } from './PaymentDetails.tsx';
import { PaymentsList } from './PaymentsList.tsx';
import { PendingRefunds } from './PendingRefunds.tsx';
import {
  type Payment,
  type PaymentsPage,
  retryRefund,
  runAutoApprove,
  runOrderAction,
} from './payments-admin.ts';
import { RefundOrderDialog } from './RefundOrderDialog.tsx';

function PaymentsHeader({ disabled, onAutoApprove }: { disabled: boolean; onAutoApprove: () => void }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-neutral-900">Gerenciar Pagamentos</h1>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onAutoApprove} disabled={disabled}>
            <Sparkles aria-hidden="true" /> Aprovar Pendentes
          </Button>
          <Button variant="secondary" href="/admin/payment-settings">
            <Settings aria-hidden="true" /> Configurações
          </Button>
          <Button variant="ghost" href="/admin">
            <ArrowLeft aria-hidden="true" /> Voltar
          </Button>
        </div>
      </div>
      <p className="text-sm text-neutral-600">
        'Aprovar Pendentes' consulta o Stripe e o Mercado Pago sobre cada pedido pendente e ativa os que já
        foram pagos (por exemplo, quando a notificação do provedor se perdeu). Pedidos sem pagamento
        confirmado continuam pendentes.
      </p>
    </>
  );
}

function AdminPayments() {
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useApi<PaymentsPage>(withQuery('/api/admin/payments', { page }));
  const [acting, setActing] = useState(false);
  const [details, setDetails] = useState<Payment | null>(null);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  useEffect(() => {
    if (error)
      toast({
        title: 'Erro',
        description: 'Não foi possível carregar os pagamentos.',
        variant: 'destructive',
      });
  }, [error]);
  /** Run one request with the screen's buttons off, then reload the list. */
  const busyWith = (work: () => Promise<unknown>) => async () => {
    setActing(true);
    await work();
    setActing(false);
    reload();
  };
  const act = (payment: Payment, action: 'approve' | 'cancel') =>
    busyWith(async () => (await runOrderAction(payment, action)) && setDetails(null))();
  const pagination = data?.pagination;
  const disabled = loading || acting;
  return (
    <div className="space-y-5">
      <PaymentsHeader disabled={disabled} onAutoApprove={busyWith(runAutoApprove)} />
      <PendingRefunds
        refunds={data?.pendingRefunds}
        busy={disabled}
        onRetry={(r) => busyWith(() => retryRefund(r.id))()}
      />
      <Card>
        <p className="font-semibold">Total de {pagination?.total ?? 0} pagamentos registrados</p>
      </Card>
      <PaymentsList
        payments={data?.payments}
        loading={loading}
        busy={disabled}
        actionsFor={(payment) => ({
          onDetails: () => setDetails(payment),
          onApprove: () => act(payment, 'approve'),
          onCancel: () => act(payment, 'cancel'),
          onRefund: () => setRefunding(payment),
        })}
      />
      {pagination && (
        <Pagination
          page={page}
          pages={pagination.pages}
          onChange={setPage}
          disabled={disabled}
          shape={ADMIN_WINDOW}
        />
      )}
      <RefundOrderDialog
        payment={refunding}
        onClose={() => setRefunding(null)}
        onDone={() => {
          setRefunding(null);
          reload();
        }}
      />
      {details && (
        <PaymentDetails
          payment={details}
          acting={acting}
          onClose={() => setDetails(null)}
          onAction={(action) => act(details, action)}
          onRefund={() => {
            setRefunding(details);
            setDetails(null);
          }}
        />
      )}
    </div>
  );
}

export default adminScreen(AdminPayments);
