// /admin/payments: the '⋮' menu of one order (details, approve, cancel, refund, copy the id).
import { CheckCircle2, Copy, Eye, MoreVertical, RotateCcw, XCircle } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { PAID_STATUSES } from '../payments/payments.ts';
import type { Payment } from './payments-admin.ts';

/** Close an open popover on Escape or a press outside `ref`. */
function useDismiss(open: boolean, ref: RefObject<HTMLElement | null>, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const onEvent = (event: Event) => {
      if (
        event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('pointerdown', onEvent);
    document.addEventListener('keydown', onEvent);
    return () => {
      document.removeEventListener('pointerdown', onEvent);
      document.removeEventListener('keydown', onEvent);
    };
  }, [open, ref, setOpen]);
}

function copyId(id: string) {
  navigator.clipboard
    ?.writeText(id)
    .then(() => toast({ title: 'ID copiado', variant: 'success' }))
    .catch(() =>
      toast({
        title: 'Erro ao copiar link',
        description: 'Não foi possível copiar o link. Tente novamente.',
        variant: 'destructive',
      }),
    );
}

export interface RowActions {
  onDetails: () => void;
  onApprove: () => void;
  onCancel: () => void;
  onRefund: () => void;
}

const ITEM =
  'flex min-h-11 w-full items-center gap-2 px-3 text-left text-sm hover:bg-neutral-100 focus-visible:bg-neutral-100';

function MenuItems({
  payment,
  run,
  actions,
}: {
  payment: Payment;
  run: (a: () => void) => () => void;
  actions: RowActions;
}) {
  // A refund still pending at the provider is asked again with the same 'Reembolsar'.
  const refundable = PAID_STATUSES.includes(payment.status) || payment.refundStatus === 'pending';
  return (
    <>
      <button type="button" className={ITEM} onClick={run(actions.onDetails)}>
        <Eye aria-hidden="true" className="size-4" /> Ver detalhes
      </button>
      {payment.status === 'pending' && (
        <>
          <button type="button" className={ITEM} onClick={run(actions.onApprove)}>
            <CheckCircle2 aria-hidden="true" className="size-4 text-green-700" /> Aprovar pagamento
          </button>
          <button type="button" className={ITEM} onClick={run(actions.onCancel)}>
            <XCircle aria-hidden="true" className="size-4 text-red-700" /> Cancelar pagamento
          </button>
        </>
      )}
      {refundable && (
        <button type="button" className={ITEM} onClick={run(actions.onRefund)}>
          <RotateCcw aria-hidden="true" className="size-4 text-red-700" />
          {payment.refundStatus === 'pending' ? 'Tentar reembolso de novo' : 'Reembolsar'}
        </button>
      )}
      <button type="button" className={ITEM} onClick={run(() => copyId(payment.id))}>
        <Copy aria-hidden="true" className="size-4" /> Copiar ID
      </button>
    </>
  );
}

export function RowMenu({
  payment,
  busy,
  actions,
}: {
  payment: Payment;
  busy: boolean;
  actions: RowActions;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(open, ref, setOpen);
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
        <div className="absolute right-0 z-20 mt-1 w-60 overflow-hidden rounded-card border border-neutral-200 bg-white py-1 shadow-overlay">
          <MenuItems payment={payment} run={run} actions={actions} />
        </div>
      )}
    </div>
  );
}
