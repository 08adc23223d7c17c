// Small pieces every admin screen shares: a confirm dialog, pagination, a switch, a spinner and the page
// header (islands fetch with src/lib/use-api.ts). Built on src/components/ui (fields and tabs are there).
import { ChevronLeft, ChevronRight, LoaderCircle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { cx } from '#src/components/ui/classes.ts';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { ADMIN_LIST_WINDOW, GAP, pageWindow, type WindowShape } from '#src/lib/pagination.ts';

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-neutral-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function Spinner({ label = 'Carregando…', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cx('flex items-center justify-center gap-2 py-10 text-neutral-600', className)}
    >
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-brand-700" />
      <span>{label}</span>
    </div>
  );
}

/** An on/off switch (a checkbox with role switch). */
export function Switch({
  checked,
  onChange,
  label,
  description,
  disabled,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  label: string;
  description?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center justify-between gap-4">
      <label htmlFor={id} className="min-w-0 cursor-pointer">
        <span className="block text-sm font-medium text-neutral-900">{label}</span>
        {description && <span className="block text-xs text-neutral-600">{description}</span>}
      </label>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cx(
          'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:opacity-50',
          checked ? 'bg-brand-700' : 'bg-neutral-300',
        )}
      >
        <span
          className={cx(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
    </div>
  );
}

/** Confirm before a destructive or bulk action. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel = 'Confirmar',
  danger = true,
  busy = false,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onCancel()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

export function Pagination({
  page,
  pages,
  onChange,
  disabled,
  shape = ADMIN_LIST_WINDOW,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  disabled?: boolean;
  shape?: WindowShape;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Paginação" className="mt-6 flex flex-wrap items-center justify-center gap-1">
      <Button variant="ghost" size="sm" onClick={() => onChange(page - 1)} disabled={disabled || page <= 1}>
        <ChevronLeft aria-hidden="true" />
        <span className="max-sm:sr-only">Anterior</span>
      </Button>
      {pageWindow(page, pages, shape).map((p, i) =>
        p === GAP ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity.
          <span key={`gap-${i}`} className="px-1 text-neutral-500" aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={p}
            variant={p === page ? 'primary' : 'ghost'}
            size="icon"
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Página ${p}`}
            onClick={() => onChange(p)}
            disabled={disabled}
          >
            {p}
          </Button>
        ),
      )}
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onChange(page + 1)}
        disabled={disabled || page >= pages}
      >
        <span className="max-sm:sr-only">Próxima</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

/** The server's pt-BR message, or a fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Field errors of an ApiError ({field: message}). */
export function fieldsOf(error: unknown): Record<string, string> {
  return (error as { fields?: Record<string, string> })?.fields ?? {};
}
