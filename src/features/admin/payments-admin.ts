// /admin/payments' data and actions, shared by its parts (PaymentsAdmin and the files it composes).
import { toast } from '#src/components/ui/toast.store.ts';
import { api } from '#src/lib/api.ts';
import { countLabel } from '#src/lib/format.ts';

export interface Payment {
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
  /** the order's refund: 'pending' until the provider made it */
  refundStatus: 'pending' | 'completed' | null;
  refundLastError: string | null;
  /** what the refund gives back: the whole price, or a removal's unused part */
  refundAmountCents: number | null;
}

/** A refund recorded but not made by the provider yet, with its last error. */
export interface PendingRefund {
  id: string;
  number: number;
  groupTitle: string | null;
  userEmail: string | null;
  source: string;
  provider: string;
  priceCents: number;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  requestedAt: string;
}

export interface PaymentsPage {
  payments: Payment[];
  pendingRefunds: PendingRefund[];
  pagination: { page: number; pageSize: number; total: number; pages: number };
}

const ACTION_TEXTS = {
  approve: {
    title: 'Pagamento aprovado',
    description: 'O pagamento foi aprovado e o grupo está em destaque.',
    failed: 'Não foi possível aprovar o pagamento.',
  },
  cancel: {
    title: 'Pagamento cancelado',
    description: 'O pagamento foi cancelado com sucesso.',
    failed: 'Não foi possível cancelar o pagamento.',
  },
} as const;

/** 'Aprovar' or 'Cancelar' a pending order; true when it was done. */
export async function runOrderAction(payment: Payment, action: 'approve' | 'cancel'): Promise<boolean> {
  const texts = ACTION_TEXTS[action];
  try {
    await api(`/api/admin/payments/${payment.id}/${action}`, { method: 'POST' });
    toast({ title: texts.title, description: texts.description, variant: 'success' });
    return true;
  } catch (error) {
    const description = error instanceof Error && error.message ? error.message : texts.failed;
    toast({ title: 'Erro', description, variant: 'destructive' });
    return false;
  }
}

/** 'Aprovar Pendentes': the providers are asked about every pending order. */
export async function runAutoApprove(): Promise<void> {
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
  } catch {
    toast({ title: 'Erro', description: 'Ocorreu um erro ao processar os pedidos.', variant: 'destructive' });
  }
}

/** 'Tentar de novo' on a pending refund: the provider is asked now; says whether it refunded. */
export async function retryRefund(orderId: string): Promise<void> {
  try {
    const answer = await api<{ status: string }>(
      `/api/admin/payments/${encodeURIComponent(orderId)}/refund`,
      {
        method: 'POST',
      },
    );
    if (answer.status === 'refunded')
      toast({
        title: 'Reembolso feito',
        description: 'O provedor devolveu o valor e o dono recebeu um e-mail.',
        variant: 'success',
      });
    else
      toast({
        title: 'Reembolso ainda pendente',
        description:
          'O provedor não devolveu o valor. O erro está na lista; o sistema tenta de novo sozinho.',
        variant: 'destructive',
      });
  } catch (error) {
    const description = error instanceof Error && error.message ? error.message : 'Tente novamente.';
    toast({ title: 'Erro', description, variant: 'destructive' });
  }
}
