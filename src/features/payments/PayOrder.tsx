// /pagar-destaque/{id}: the one review step before the provider's checkout: the order (its short
// number, group, plan, days, total), how the provider takes the money, the contract summary (seller,
// withdrawal right), the button that opens the checkout and 'Cancelar pedido'. The id is read from the
// address (the page is one static shell for every order).
import { useStore } from '@nanostores/react';
import { LoaderCircle, Lock, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { ConfirmDialog } from '#src/components/ui/ConfirmDialog.tsx';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { $session, loadSession } from '#src/features/auth/session.store.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { formatBRL, formatOrderNumber } from '#src/lib/format.ts';
import { ContractSummary } from './ContractSummary.tsx';
import { $paymentsUnavailable, $selectedPlan, isPaymentsDisabled } from './payments.store.ts';
import {
  type CheckoutProviderName,
  type OrderJson,
  orderStatusBadge,
  PAYMENT_METHOD_NAMES,
  PROVIDER_LABELS,
} from './payments.ts';
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

/** The order, the provider the payment opens and whether anyone can pay, for the signed-in owner. */
function useOrder(authed: boolean) {
  const [orderId, setOrderId] = useState<string | null | undefined>(undefined);
  const [order, setOrder] = useState<Order | null>(null);
  const [provider, setProvider] = useState<CheckoutProviderName | null>(null);
  const [notFound, setNotFound] = useState(false);

  useEffect(() => {
    setOrderId(orderIdFromPath());
    void loadSession();
  }, []);

  useEffect(() => {
    if (!authed || !orderId) return;
    let cancelled = false;
    api<{ active: boolean; provider?: CheckoutProviderName | null }>('/api/active-payment-methods')
      .then((m) => {
        if (cancelled) return;
        $paymentsUnavailable.set(!m.active);
        setProvider(m.provider ?? null);
      })
      .catch(() => {});
    fetchOrder(orderId)
      .then((o) => !cancelled && setOrder(o))
      .catch(() => !cancelled && setNotFound(true));
    return () => {
      cancelled = true;
    };
  }, [authed, orderId]);

  return { orderId, order, setOrder, provider, notFound };
}

/** How the checkout takes the money, Pix first for Mercado Pago (as its own page shows them). */
function PaymentMethods({ provider }: { provider: CheckoutProviderName }) {
  const methods = PAYMENT_METHOD_NAMES[provider];
  return (
    <Card aria-labelledby="formas-pagamento">
      <h2 id="formas-pagamento" className="font-semibold">
        Formas de pagamento
      </h2>
      <p className="mt-1 text-sm text-neutral-700">
        Você paga na página segura do {PROVIDER_LABELS[provider]}, com:
      </p>
      <ul
        className="mt-3 flex flex-wrap gap-2"
        aria-label={`Formas de pagamento do ${PROVIDER_LABELS[provider]}`}
      >
        {methods.map((method) => (
          <li
            key={method}
            className="rounded-full border border-neutral-300 bg-white px-3 py-1 text-sm font-medium text-neutral-900"
          >
            {method}
          </li>
        ))}
      </ul>
      {methods.includes('Boleto') && (
        <p className="mt-3 text-sm text-neutral-600">
          Com Pix ou cartão, o destaque começa assim que o pagamento é aprovado; com boleto, quando o banco
          confirmar (até 3 dias úteis).
        </p>
      )}
    </Card>
  );
}

function OrderSummary({ order, planName }: { order: Order; planName: string }) {
  const status = orderStatusBadge(order.status);
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="text-lg font-semibold">Resumo do pedido</h2>
        <Badge variant={status.tone}>{status.label}</Badge>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-neutral-600">Pedido</dt>
        <dd className="font-semibold tabular-nums">{formatOrderNumber(order.number)}</dd>
        <dt className="text-neutral-600">Grupo</dt>
        <dd dir="auto" className="font-medium break-words">
          {order.group_title ?? 'Grupo excluído'}
        </dd>
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
  );
}

/** 'Cancelar pedido' behind a confirmation: the order can no longer be paid afterwards. */
function CancelOrder({ order, onCancelled }: { order: Order; onCancelled: (order: Order) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function cancel() {
    setBusy(true);
    try {
      const updated = await api<Order>(`/api/feature-orders/${order.id}/cancel`, { method: 'POST' });
      setOpen(false);
      onCancelled(updated);
      toast({ title: 'Pedido cancelado', description: 'Nada foi cobrado.', variant: 'success' });
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
      <Button variant="ghost" onClick={() => setOpen(true)}>
        Cancelar pedido
      </Button>
      <ConfirmDialog
        open={open}
        title={`Cancelar o pedido ${formatOrderNumber(order.number)}?`}
        description="O pedido deixa de poder ser pago. Para destacar o grupo depois, é só escolher um plano de novo."
        confirmLabel="Cancelar pedido"
        busy={busy}
        onConfirm={cancel}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

export default function PayOrder() {
  const session = useStore($session);
  const unavailable = useStore($paymentsUnavailable);
  const storedPlan = useStore($selectedPlan);
  const { orderId, order, setOrder, provider, notFound } = useOrder(session.status === 'authenticated');
  const [busy, setBusy] = useState(false);

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

  async function pay() {
    if (!order) return;
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
      <OrderSummary order={order} planName={planName} />
      {order.status === 'cancelled' && (
        <p role="status" className="rounded-card border border-neutral-200 bg-white p-4 text-neutral-700">
          Este pedido foi cancelado e não pode ser pago. Para destacar o grupo, escolha um plano de novo em{' '}
          <a href="/planos-destaque" className="font-semibold text-brand-800 underline">
            Planos de Destaque
          </a>
          .
        </p>
      )}
      {payable && provider && <PaymentMethods provider={provider} />}
      {payable && (
        <ContractSummary
          terms={{ planName, days: order.days, priceCents: order.priceCents, groupTitle: order.group_title }}
        />
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {payable && <CancelOrder order={order} onCancelled={setOrder} />}
        <Button variant="secondary" href="/painel">
          Voltar ao Painel
        </Button>
        {payable && (
          <Button size="lg" onClick={pay} disabled={busy || unavailable}>
            {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {busy ? 'Processando...' : 'Prosseguir para Pagamento'}
          </Button>
        )}
      </div>
    </div>
  );
}
