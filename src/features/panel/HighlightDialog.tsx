// 'Destacar um grupo' in the panel: search one's approved groups by name (a blank term does nothing)
// and go to the plans for the one chosen.
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { cx, inputClasses } from '#src/components/ui/classes.ts';
import { Dialog } from '#src/components/ui/Dialog.tsx';

interface Highlightable {
  id: string;
  title: string;
  featured: boolean;
}

export function HighlightDialog({
  open,
  onOpenChange,
  groups,
  onHighlight,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the approved, visible groups */
  groups: Highlightable[];
  onHighlight: (groupId: string) => void;
}) {
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState('');
  const matches = query ? groups.filter((g) => g.title.toLowerCase().includes(query.toLowerCase())) : [];
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (term.trim()) setQuery(term.trim()); // a blank term does nothing
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Destacar um grupo"
      description="Busque entre os seus grupos aprovados."
    >
      <form onSubmit={search} className="flex gap-2">
        <label htmlFor="panel-search" className="sr-only">
          Nome do grupo
        </label>
        <input
          id="panel-search"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder="Nome do grupo"
          className={cx(inputClasses, 'flex-1')}
        />
        <Button type="submit" size="icon" aria-label="Buscar">
          <Search aria-hidden="true" className="size-4" />
        </Button>
      </form>
      <ul className="mt-4 flex flex-col gap-2">
        {query && matches.length === 0 && (
          <li className="text-sm text-neutral-600">Nenhum grupo aprovado encontrado.</li>
        )}
        {matches.map((g) => (
          <li
            key={g.id}
            className="flex items-center justify-between gap-3 rounded-control border border-neutral-200 p-3"
          >
            <span dir="auto" className="min-w-0 truncate">
              {g.title}
            </span>
            {g.featured ? (
              <Badge variant="featured">Destacado</Badge>
            ) : (
              <Button size="sm" onClick={() => onHighlight(g.id)}>
                Destacar
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
