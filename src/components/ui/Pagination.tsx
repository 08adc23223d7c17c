// Page-number navigation for lists an island pages through (the window of numbers is src/lib/pagination.ts).
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { ADMIN_LIST_WINDOW, GAP, pageWindow, type WindowShape } from '#src/lib/pagination.ts';
import { Button } from './Button.tsx';

/** Previous, numbered pages with gaps, next; nothing when there is one page. */
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
