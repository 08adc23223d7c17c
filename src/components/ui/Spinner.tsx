// A loading state for a panel or a list: a spinning icon and its label, announced as a status.
import { LoaderCircle } from 'lucide-react';
import { cx } from './classes.ts';

/** A centred loading indicator ('Carregando…' unless told). */
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
