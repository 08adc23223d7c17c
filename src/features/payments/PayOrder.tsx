// /pagar-destaque/{id}: the order summary, the contract summary (seller, withdrawal right) and the
// button that sends the owner to the provider's checkout. The id is read from the address (the page
// is one static shell for every order).
import { useStore } from '@nanostores/react';
import { Lock, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { $session, loadSession } from '#src/features/auth/session.store.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { formatBRL } from '#src/lib/format.ts';
import { ContractSummary } from './ContractSummary.tsx';
import { $paymentsUnavailable, $selectedPlan, isPaymentsDisabled } from './payments.store.ts';
import { type OrderJson, orderStatusBadge } from './payments.ts';
import { UnavailableNotice } from './UnavailableNotice.tsx';

type Order = OrderJson;

function orderIdFromPath(): string | null {
  const match = /^\/pagar-destaque\/([^/?#]+)/.exec(location.pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** GET with one retry (spec: order data fetched with one retry), but never on 4xx. */
async function fetchOrder(id: string): Promise<Order> {
  try {
    return await api<Order>(`/api/feature-orders/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
    return api<Order>(`/api/feature-orders/${encodeURIComponent(id)}`);
  }
}

export default function PayOrder() {
  const session = useStore($session);
  const unavailable = useStore($paymentsUnavailable);
  const storedPlan = useStore($selectedPlan);
  const [orderId, setOrderId] = useState<string | null | undefined>(undefined);
  const [order, setOrder] = useState<Order | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setOrderId(orderIdFromPath());
    void loadSession();
  }, []);

  useEffect(() => {
    if (session.status !== 'authenticated' || !orderId) return;
    let cancelled = false;
    api<{ active: boolean }>('/api/active-payment-methods')
      .then((m) => !cancelled && $paymentsUnavailable.set(!m.active))
      .catch(() => {});
    fetchOrder(orderId)
      .then((o) => !cancelled && setOrder(o))
      .catch(() => !cancelled && setNotFound(true));
    return () => {
      cancelled = true;
    };
  }, [session.status, orderId]);

  if (session.status === 'loading' || orderId === undefined) {
    return <Skeleton className="h-72" />;
  }
  if (session.status === 'anonymous') {
    return (
      <EmptyState
        icon={Lock}
        title="Acesso Restrito"
        text="Você precisa estar logado para acessar esta página."
        action={<Button href="/auth">Fazer Login</Button>}
      />
    );
  }
  if (!orderId || notFound) {
    return (
      <EmptyState
        icon={SearchX}
        title="Pedido não encontrado"
        text="Não foi possível encontrar o pedido especificado."
        action={<Button href="/painel">Voltar ao Painel</Button>}
      />
    );
  }
  if (!order) return <Skeleton className="h-72" />;

  const planName = order.plan_name ?? storedPlan?.name ?? `Plano #${order.planId}`;
  const payable = order.status === 'pending' || order.status === 'failed';
  const status = orderStatusBadge(order.status);

  async function pay() {
    if (!order || session.status !== 'authenticated') {
      toast({ title: 'Erro', description: 'Informações do pedido incompletas', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const result = await api<{ payment?: { initPoint?: string } }>(`/api/feature-orders/${order.id}/pay`, {
        method: 'POST',
      });
      const link = result.payment?.initPoint;
      if (!link) {
        toast({
          title: 'Erro',
          description: 'Não foi possível obter link de pagamento',
          variant: 'destructive',
        });
        setBusy(false);
        return;
      }
      location.assign(link);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isPaymentsDisabled(error)) $paymentsUnavailable.set(true);
      toast({ title: 'Erro ao processar pagamento', description: message, variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      {unavailable && <UnavailableNotice />}
      <Card>
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-lg font-semibold">Resumo do pedido</h2>
          <Badge variant={status.tone}>{status.label}</Badge>
        </div>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-neutral-600">Pedido</dt>
          <dd className="font-mono break-all">{order.id}</dd>
          <dt className="text-neutral-600">Grupo</dt>
          <dd className="font-medium">{order.group_title ?? order.groupId}</dd>
          <dt className="text-neutral-600">Plano</dt>
          <dd>{planName}</dd>
          <dt className="text-neutral-600">Duração</dt>
          <dd>
            {order.days} {order.days === 1 ? 'dia' : 'dias'}
          </dd>
          <dt className="text-neutral-600">Total</dt>
          <dd className="text-xl font-bold text-neutral-900">{formatBRL(order.priceCents)}</dd>
        </dl>
      </Card>
      <ContractSummary
        terms={{
          planName,
          days: order.days,
          priceCents: order.priceCents,
          groupTitle: order.group_title,
        }}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" href="/painel">
          Voltar ao Painel
        </Button>
        <Button size="lg" onClick={pay} disabled={busy || !payable || unavailable}>
          {busy ? 'Processando...' : 'Prosseguir para Pagamento'}
        </Button>
      </div>
    </div>
  );
}
