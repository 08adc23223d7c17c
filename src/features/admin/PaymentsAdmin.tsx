// /admin/payments (Gerenciar Pagamentos): every feature order, with approve/cancel for pending ones,
// 'Reembolsar' for paid ones, details, copy id, auto-approval of orders the providers already charged,
// and pagination.
import {
  ArrowLeft,
  CheckCircle2,
  Clock,
  Copy,
  Eye,
  MoreVertical,
  RotateCcw,
  Settings,
  Sparkles,
  XCircle,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { cx } from '#src/components/ui/classes.ts';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Pagination } from '#src/components/ui/Pagination.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { adminScreen } from '#src/features/admin/RequireAdmin.tsx';
import { api, withQuery } from '#src/lib/api.ts';
import { countLabel, formatBRL, formatDate, formatOrderNumber } from '#src/lib/format.ts';
import { ADMIN_WINDOW } from '#src/lib/pagination.ts';
import { useApi } from '#src/lib/use-api.ts';
import {
  orderStatusBadge,
  PAID_STATUSES,
  providerBadge,
  shortId,
  shortPaymentId,
} from '../payments/payments.ts';
import { RefundOrderDialog } from './RefundOrderDialog.tsx';

interface Payment {
  id: string;
  /** the short number the owner sees ('#1042') */
  number: number;
  groupId: string | null;
  groupTitle: string | null;
  /** null once the account was deleted */
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  planName: string | null;
  planDays: number;
  priceCents: number;
  orderDate: string;
  startDate: string | null;
  endDate: string | null;
  status: string;
  paymentMethod: string | null;
  paymentId: string | null;
}
interface PaymentsPage {
  payments: Payment[];
  pagination: { page: number; pageSize: number; total: number; pages: number };
}

function StatusIcon({ status }: { status: string }) {
  if (status === 'active' || status === 'paid')
    return <CheckCircle2 aria-hidden="true" className="size-5 text-green-600" />;
  if (status === 'pending') return <Clock aria-hidden="true" className="size-5 text-amber-600" />;
  return <XCircle aria-hidden="true" className="size-5 text-neutral-400" />;
}

function RowMenu({
  payment,
  busy,
  onDetails,
  onApprove,
  onCancel,
  onRefund,
}: {
  payment: Payment;
  busy: boolean;
  onDetails: () => void;
  onApprove: () => void;
  onCancel: () => void;
  onRefund: () => void;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const item =
    'flex min-h-11 w-full items-center gap-2 px-3 text-left text-sm hover:bg-neutral-100 focus-visible:bg-neutral-100';
  const run = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div ref={ref} className="relative">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Ações do pagamento"
        aria-expanded={open}
        disabled={busy}
        onClick={() => setOpen((v) => !v)}
      >
        <MoreVertical />
      </Button>
      {open && (
        <div className="absolute right-0 z-20 mt-1 w-56 overflow-hidden rounded-card border border-neutral-200 bg-white py-1 shadow-overlay">
          <button type="button" className={item} onClick={run(onDetails)}>
            <Eye aria-hidden="true" className="size-4" /> Ver detalhes
          </button>
          {payment.status === 'pending' && (
            <>
              <button type="button" className={item} onClick={run(onApprove)}>
                <CheckCircle2 aria-hidden="true" className="size-4 text-green-700" /> Aprovar pagamento
              </button>
              <button type="button" className={item} onClick={run(onCancel)}>
                <XCircle aria-hidden="true" className="size-4 text-red-700" /> Cancelar pagamento
              </button>
            </>
          )}
          {PAID_STATUSES.includes(payment.status) && (
            <button type="button" className={item} onClick={run(onRefund)}>
              <RotateCcw aria-hidden="true" className="size-4 text-red-700" /> Reembolsar
            </button>
          )}
          <button
            type="button"
            className={item}
            onClick={run(() => {
              navigator.clipboard
                ?.writeText(payment.id)
                .then(() => toast({ title: 'ID copiado', variant: 'success' }))
                .catch(() =>
                  toast({
                    title: 'Erro ao copiar link',
                    description: 'Não foi possível copiar o link. Tente novamente.',
                    variant: 'destructive',
                  }),
                );
            })}
          >
            <Copy aria-hidden="true" className="size-4" /> Copiar ID
          </button>
        </div>
      )}
    </div>
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

  async function act(payment: Payment, action: 'approve' | 'cancel') {
    setActing(true);
    try {
      await api(`/api/admin/payments/${payment.id}/${action}`, { method: 'POST' });
      if (action === 'approve')
        toast({
          title: 'Pagamento aprovado',
          description: 'O pagamento foi aprovado e o grupo está em destaque.',
          variant: 'success',
        });
      else
        toast({
          title: 'Pagamento cancelado',
          description: 'O pagamento foi cancelado com sucesso.',
          variant: 'success',
        });
      setDetails(null);
      reload();
    } catch (error) {
      const fallback =
        action === 'approve'
          ? 'Não foi possível aprovar o pagamento.'
          : 'Não foi possível cancelar o pagamento.';
      toast({
        title: 'Erro',
        description: error instanceof Error && error.message ? error.message : fallback,
        variant: 'destructive',
      });
    } finally {
      setActing(false);
    }
  }

  async function autoApprove() {
    setActing(true);
    try {
      // The spec's call: JSON header, no body, outside the shared helper.
      const response = await fetch('/api/payments/auto-approve', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'include',
      });
      if (!response.ok) throw new Error(String(response.status));
      const { processed_count: count } = (await response.json()) as { processed_count: number };
      if (count > 0)
        toast({
          title: 'Aprovação automática concluída',
          description: `${countLabel(count, 'pedido foi processado', 'pedidos foram processados')} automaticamente.`,
          variant: 'success',
        });
      else
        toast({
          title: 'Nenhum pedido para processar',
          description: 'Não existem pedidos em processamento para aprovar.',
        });
      reload();
    } catch {
      toast({
        title: 'Erro',
        description: 'Ocorreu um erro ao processar os pedidos.',
        variant: 'destructive',
      });
    } finally {
      setActing(false);
    }
  }

  const pagination = data?.pagination;
  const disabled = loading || acting;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-neutral-900">Gerenciar Pagamentos</h1>
        <div className="flex flex-wrap gap-2">
          <Button onClick={autoApprove} disabled={disabled}>
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

      <Card>
        <p className="font-semibold">Total de {pagination?.total ?? 0} pagamentos registrados</p>
      </Card>

      {loading && !data ? (
        <ul className="space-y-2" aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <li key={i}>
              <Skeleton className="h-20" />
            </li>
          ))}
        </ul>
      ) : !data || data.payments.length === 0 ? (
        <EmptyState title="Nenhum pagamento encontrado" />
      ) : (
        <ul className={cx('space-y-2', loading && 'opacity-60')}>
          {data.payments.map((payment) => {
            const badge = orderStatusBadge(payment.status);
            const provider = providerBadge(payment.paymentMethod);
            return (
              <li key={payment.id}>
                <Card padding="sm" className="flex items-start gap-3 sm:items-center">
                  <span className="pt-0.5 sm:pt-0">
                    <StatusIcon status={payment.status} />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="line-clamp-2 font-semibold break-words">
                      {payment.groupTitle ?? 'Grupo removido'}
                    </p>
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
                    <p className="mt-2 flex items-center gap-3 sm:hidden">
                      <span className="font-semibold whitespace-nowrap">{formatBRL(payment.priceCents)}</span>
                      <Badge variant={badge.tone}>{badge.label}</Badge>
                    </p>
                  </div>
                  <div className="hidden items-center gap-3 sm:flex">
                    <span className="font-semibold whitespace-nowrap">{formatBRL(payment.priceCents)}</span>
                    <Badge variant={badge.tone}>{badge.label}</Badge>
                  </div>
                  <RowMenu
                    payment={payment}
                    busy={disabled}
                    onDetails={() => setDetails(payment)}
                    onApprove={() => act(payment, 'approve')}
                    onCancel={() => act(payment, 'cancel')}
                    onRefund={() => setRefunding(payment)}
                  />
                </Card>
              </li>
            );
          })}
        </ul>
      )}

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
        <Dialog
          open
          onOpenChange={(open) => !open && setDetails(null)}
          title="Detalhes do pagamento"
          footer={
            <>
              <Button variant="secondary" onClick={() => setDetails(null)}>
                Fechar
              </Button>
              {details.status === 'pending' && (
                <>
                  <Button variant="danger" disabled={acting} onClick={() => act(details, 'cancel')}>
                    Cancelar
                  </Button>
                  <Button disabled={acting} onClick={() => act(details, 'approve')}>
                    Aprovar
                  </Button>
                </>
              )}
              {PAID_STATUSES.includes(details.status) && (
                <Button
                  variant="danger"
                  onClick={() => {
                    setRefunding(details);
                    setDetails(null);
                  }}
                >
                  Reembolsar
                </Button>
              )}
            </>
          }
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-neutral-600">Status</dt>
            <dd>
              <Badge variant={orderStatusBadge(details.status).tone}>
                {orderStatusBadge(details.status).label}
              </Badge>
            </dd>
            <dt className="text-neutral-600">Valor</dt>
            <dd className="font-semibold">{formatBRL(details.priceCents)}</dd>
            <dt className="text-neutral-600">Grupo</dt>
            <dd>
              {details.groupTitle ?? '—'}{' '}
              <span className="block font-mono text-xs break-all text-neutral-500">{details.groupId}</span>
            </dd>
            <dt className="text-neutral-600">Plano</dt>
            <dd>
              {details.planName ?? '—'} ({details.planDays} {details.planDays === 1 ? 'dia' : 'dias'})
            </dd>
            <dt className="text-neutral-600">Data do pedido</dt>
            <dd>{formatDate(details.orderDate)}</dd>
            {details.startDate && (
              <>
                <dt className="text-neutral-600">Início</dt>
                <dd>{formatDate(details.startDate)}</dd>
              </>
            )}
            {details.endDate && (
              <>
                <dt className="text-neutral-600">Término</dt>
                <dd>{formatDate(details.endDate)}</dd>
              </>
            )}
            <dt className="text-neutral-600">Usuário</dt>
            <dd>
              {details.userName || details.userEmail || (details.userId ? 'N/A' : 'Conta excluída')}
              <span className="block font-mono text-xs break-all text-neutral-500">{details.userId}</span>
            </dd>
            <dt className="text-neutral-600">Método</dt>
            <dd>{details.paymentMethod ?? 'Não informado'}</dd>
            <dt className="text-neutral-600">ID no provedor</dt>
            <dd className="font-mono text-xs break-all">{details.paymentId ?? '—'}</dd>
            <dt className="text-neutral-600">Pedido</dt>
            <dd>
              {formatOrderNumber(details.number)}
              <span className="block font-mono text-xs break-all text-neutral-500">{details.id}</span>
            </dd>
          </dl>
        </Dialog>
      )}
    </div>
  );
}

export default adminScreen(AdminPayments);
