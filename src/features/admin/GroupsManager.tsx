// The dashboard's group list: search, status filter, paged table (15) of rows (AdminGroupRow.tsx),
// approve, quick feature (30 days, asked first, with 'Desfazer': QuickFeature.tsx) and delete behind a
// confirm dialog; the bulk actions (GroupBulkActions.tsx) and the edit dialog (GroupEditDialog.tsx)
// stand beside it.
import { Search, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { TextInput } from '#src/components/ui/Field.tsx';
import { Pagination } from '#src/components/ui/Pagination.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api } from '#src/lib/api.ts';
import { countLabel } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import { ADMIN_PAGE_SIZE, type AdminGroup, type GroupStatusFilter } from '../moderation/moderation.schema.ts';
import { AdminGroupRow, type RowProps } from './AdminGroupRow.tsx';
import { useAction } from './admin-kit.tsx';
import { GroupBulkActions } from './GroupBulkActions.tsx';
import { GroupEditDialog } from './GroupEditDialog.tsx';
import LinkCheckFigures from './LinkCheckFigures.tsx';
import { useQuickFeature } from './QuickFeature.tsx';
import { RemoveGroupDialog } from './RemoveGroupDialog.tsx';
import { RevisionReview } from './RevisionReview.tsx';

interface GroupList {
  groups: AdminGroup[];
  pagination: { total: number; pages: number };
}

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'pending', label: 'Pendentes' },
  { value: 'revisions', label: 'Revisões' },
  { value: 'approved', label: 'Aprovados' },
  { value: 'featured', label: 'Destaques' },
  { value: 'dead_link', label: 'Links quebrados' },
];

/** The list as filtered: the search term (after a 300 ms pause in typing), the status and the page. */
function useGroupList() {
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const timer = setTimeout(() => {
      setTerm(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  const query = new URLSearchParams({ page: String(page), limit: String(ADMIN_PAGE_SIZE), status });
  if (term) query.set('search', term);
  const list = useApi<GroupList>(status === 'revisions' ? null : `/api/admin/groups?${query}`);

  useEffect(() => {
    if (list.error)
      toast({
        title: 'Erro ao carregar grupos',
        description: 'Não foi possível carregar a lista de grupos',
        variant: 'destructive',
      });
  }, [list.error]);

  const filterBy = (value: StatusFilter) => {
    setStatus(value);
    setPage(1);
  };
  return { search, setSearch, term, status, filterBy, page, setPage, list };
}

export function GroupsManager({ onChanged }: { onChanged?: () => void }) {
  const { search, setSearch, term, status, filterBy, page, setPage, list } = useGroupList();
  const [editing, setEditing] = useState<AdminGroup | null>(null);
  const [deleting, setDeleting] = useState<AdminGroup | null>(null);
  const closeDialogs = () => {
    setEditing(null);
    setDeleting(null);
  };

  const refresh = () => {
    list.reload();
    onChanged?.();
  };

  const { busy, act } = useAction(refresh);

  const approve = (group: AdminGroup) =>
    act(
      () => api(`/api/admin/groups/${group.id}/approve`, { method: 'PATCH' }),
      'Grupo aprovado',
      'Não foi possível aprovar o grupo.',
    );
  const quickFeature = useQuickFeature(refresh);

  return (
    <section aria-labelledby="gestao-grupos" className="mt-10">
      <div className="mb-4">
        <h2 id="gestao-grupos" className="text-xl font-bold text-neutral-900">
          Gerenciar grupos
        </h2>
        <p className="text-sm text-neutral-600">
          {list.data
            ? countLabel(list.data.pagination.total, 'grupo encontrado', 'grupos encontrados')
            : 'Carregando grupos…'}
        </p>
      </div>

      <GroupBulkActions onDone={refresh} />

      <GroupFilters search={search} onSearch={setSearch} status={status} onStatus={filterBy} />

      {status === 'dead_link' && (
        <div className="mb-4">
          <LinkCheckFigures />
        </div>
      )}
      {status === 'revisions' ? (
        <RevisionReview onChanged={onChanged} />
      ) : (
        <GroupTable
          list={list}
          term={term}
          busy={busy}
          onApprove={approve}
          onFeature={quickFeature.ask}
          onEdit={setEditing}
          onDelete={setDeleting}
          onChanged={refresh}
        />
      )}
      <Pagination
        page={page}
        pages={status === 'revisions' ? 1 : (list.data?.pagination.pages ?? 1)}
        onChange={setPage}
        disabled={list.loading}
      />

      {quickFeature.dialog}
      <GroupDialogs editing={editing} deleting={deleting} onClose={closeDialogs} onDone={refresh} />
    </section>
  );
}

type StatusFilter = GroupStatusFilter | 'revisions';

/** The search field and the status filter above the list. */
function GroupFilters(props: {
  search: string;
  onSearch: (search: string) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
}) {
  const { search, onSearch, status, onStatus } = props;
  return (
    <div className="mb-4 flex flex-col gap-3">
      <div className="relative">
        <label htmlFor="busca-admin" className="sr-only">
          Buscar grupos
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-neutral-500"
        />
        <TextInput
          id="busca-admin"
          type="search"
          placeholder="Buscar por título, descrição ou link"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className="pl-10"
        />
      </div>
      <div
        role="radiogroup"
        aria-label="Filtrar por status"
        className="grid grid-cols-2 gap-1 rounded-control bg-neutral-100 p-1 min-[480px]:grid-cols-3 lg:grid-cols-6"
      >
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={status === f.value}
            onClick={() => onStatus(f.value)}
            className="min-h-10 cursor-pointer rounded-[0.6rem] px-1.5 text-[0.8125rem] sm:px-3 sm:text-sm font-semibold whitespace-nowrap text-neutral-600 hover:text-neutral-900 aria-pressed:bg-white aria-pressed:text-neutral-900 aria-pressed:shadow-card"
          >
            {f.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The list in its states: loading, failed, empty, or the rows. */
function GroupTable({
  list,
  term,
  ...row
}: {
  list: ReturnType<typeof useApi<GroupList>>;
  term: string;
} & Omit<RowProps, 'group'>) {
  if (list.loading && !list.data)
    return (
      <ul className="flex flex-col gap-2" aria-label="Carregando grupos">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders.
          <li key={i}>
            <Skeleton className="h-20" />
          </li>
        ))}
      </ul>
    );
  if (list.error && !list.data)
    return (
      <EmptyState
        title="Não foi possível carregar a lista de grupos"
        text="Verifique sua conexão e tente de novo."
        action={<Button onClick={list.reload}>Tentar de novo</Button>}
      />
    );
  if (!list.data?.groups.length)
    return (
      <EmptyState
        icon={Users}
        title="Nenhum grupo encontrado"
        text={term ? `Nada corresponde a “${term}”.` : 'Não há grupos com este status.'}
      />
    );
  return (
    <Card padding="none" className={list.loading ? 'opacity-60' : undefined}>
      <div className="hidden grid-cols-[1fr_9rem_6rem_auto] gap-4 border-b border-neutral-200 px-4 py-3 text-xs font-semibold tracking-wide text-neutral-500 uppercase md:grid">
        <span>Grupo</span>
        <span>Status</span>
        <span className="text-right">Cliques</span>
        <span className="w-[15.5rem] text-right">Ações</span>
      </div>
      <ul className="divide-y divide-neutral-200" data-testid="admin-groups">
        {list.data.groups.map((group) => (
          <AdminGroupRow key={group.id} group={group} {...row} />
        ))}
      </ul>
    </Card>
  );
}

/** The edit dialog and the removal dialog, for the group they were opened on. */
function GroupDialogs(props: {
  editing: AdminGroup | null;
  deleting: AdminGroup | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const done = () => {
    props.onClose();
    props.onDone();
  };
  return (
    <>
      {props.editing && <GroupEditDialog group={props.editing} onClose={props.onClose} onSaved={done} />}
      <RemoveGroupDialog group={props.deleting} onClose={props.onClose} onDone={done} />
    </>
  );
}
