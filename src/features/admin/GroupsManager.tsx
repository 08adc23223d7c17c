// The dashboard's group list: search, status filter, paged table (15), approve, quick feature (30 days)
// and delete behind a confirm dialog; the bulk actions (GroupBulkActions.tsx) and the edit dialog
// (GroupEditDialog.tsx) stand beside it.
import { Check, Crown, ExternalLink, Pencil, Search, Trash2, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { TextInput } from '#src/components/ui/Field.tsx';
import { Pagination } from '#src/components/ui/Pagination.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api } from '#src/lib/api.ts';
import { formatCount, formatDate } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import {
  ADMIN_PAGE_SIZE,
  type AdminGroup,
  type GroupStatusFilter,
  QUICK_FEATURE_DAYS,
} from '../moderation/moderation.schema.ts';
import { useAction } from './admin-kit.tsx';
import { GroupBulkActions } from './GroupBulkActions.tsx';
import { GroupEditDialog } from './GroupEditDialog.tsx';
import LinkCheckFigures from './LinkCheckFigures.tsx';
import { CheckLinkButton, LinkStatusBadge, RestoreLinkButton } from './LinkHealthAdmin.tsx';
import { RemoveGroupDialog } from './RemoveGroupDialog.tsx';
import { RevisionReview } from './RevisionReview.tsx';

interface GroupList {
  groups: AdminGroup[];
  pagination: { total: number; pages: number };
}

const FILTERS: { value: GroupStatusFilter | 'revisions'; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'pending', label: 'Pendentes' },
  { value: 'revisions', label: 'Revisões' },
  { value: 'approved', label: 'Aprovados' },
  { value: 'featured', label: 'Destaques' },
  { value: 'dead_link', label: 'Links quebrados' },
];

export function GroupsManager({ onChanged }: { onChanged?: () => void }) {
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [status, setStatus] = useState<GroupStatusFilter | 'revisions'>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminGroup | null>(null);
  const [deleting, setDeleting] = useState<AdminGroup | null>(null);

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
  const feature = (group: AdminGroup) =>
    act(
      () =>
        api(`/api/admin/groups/${group.id}/feature`, { method: 'PATCH', body: { days: QUICK_FEATURE_DAYS } }),
      'Grupo destacado por 30 dias',
      'Não foi possível destacar o grupo.',
    );

  return (
    <section aria-labelledby="gestao-grupos" className="mt-10">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="gestao-grupos" className="text-xl font-bold text-neutral-900">
            Gerenciar grupos
          </h2>
          <p className="text-sm text-neutral-600">
            {list.data
              ? `${formatCount(list.data.pagination.total)} grupo(s) encontrados`
              : 'Carregando grupos…'}
          </p>
        </div>
      </div>

      <GroupBulkActions onDone={refresh} />

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
            onChange={(e) => setSearch(e.target.value)}
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
              onClick={() => {
                setStatus(f.value);
                setPage(1);
              }}
              className="min-h-10 cursor-pointer rounded-[0.6rem] px-1.5 text-[0.8125rem] sm:px-3 sm:text-sm font-semibold whitespace-nowrap text-neutral-600 hover:text-neutral-900 aria-pressed:bg-white aria-pressed:text-neutral-900 aria-pressed:shadow-card"
            >
              {f.label}
            </button>
          ))}
        </div>
      </div>

      {status === 'dead_link' && (
        <div className="mb-4">
          <LinkCheckFigures />
        </div>
      )}
      {status === 'revisions' ? (
        <RevisionReview onChanged={onChanged} />
      ) : list.loading && !list.data ? (
        <ul className="flex flex-col gap-2" aria-label="Carregando grupos">
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders.
            <li key={i}>
              <Skeleton className="h-20" />
            </li>
          ))}
        </ul>
      ) : list.error && !list.data ? (
        <EmptyState
          title="Não foi possível carregar a lista de grupos"
          text="Verifique sua conexão e tente de novo."
          action={<Button onClick={list.reload}>Tentar de novo</Button>}
        />
      ) : !list.data?.groups.length ? (
        <EmptyState
          icon={Users}
          title="Nenhum grupo encontrado"
          text={term ? `Nada corresponde a “${term}”.` : 'Não há grupos com este status.'}
        />
      ) : (
        <Card padding="none" className={list.loading ? 'opacity-60' : undefined}>
          <div className="hidden grid-cols-[1fr_9rem_6rem_auto] gap-4 border-b border-neutral-200 px-4 py-3 text-xs font-semibold tracking-wide text-neutral-500 uppercase md:grid">
            <span>Grupo</span>
            <span>Status</span>
            <span className="text-right">Cliques</span>
            <span className="w-[15.5rem] text-right">Ações</span>
          </div>
          <ul className="divide-y divide-neutral-200" data-testid="admin-groups">
            {list.data.groups.map((group) => (
              <li
                key={group.id}
                data-group-id={group.id}
                className="grid gap-3 px-4 py-4 md:grid-cols-[1fr_9rem_6rem_auto] md:items-center md:gap-4"
              >
                <div className="min-w-0">
                  {/* Two lines before the cut: titles that start alike stay told apart. */}
                  <p
                    dir="auto"
                    className="line-clamp-2 font-semibold break-words text-neutral-900"
                    title={group.title}
                  >
                    {group.title.trim() || <em className="text-neutral-500">(sem título)</em>}
                  </p>
                  <p className="truncate text-sm text-neutral-600">
                    {group.category} · {formatDate(group.createdAt)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  {group.approved ? (
                    <Badge variant="green">Aprovado</Badge>
                  ) : (
                    <Badge variant="yellow">Pendente</Badge>
                  )}
                  {group.featured && group.featuredUntil && (
                    <Badge variant="featured" title={`Destaque até ${formatDate(group.featuredUntil)}`}>
                      até {formatDate(group.featuredUntil)}
                    </Badge>
                  )}
                  {group.hidden && <Badge variant="red">Oculto</Badge>}
                  <LinkStatusBadge group={group} />
                </div>
                <p className="text-sm text-neutral-700 md:text-right">
                  <span className="md:sr-only">Cliques: </span>
                  {formatCount(group.cliques)}
                </p>
                <div className="flex flex-wrap gap-1 md:w-[15.5rem] md:justify-end">
                  {!group.approved && (
                    <Button
                      size="sm"
                      onClick={() => approve(group)}
                      disabled={busy}
                      aria-label={`Aprovar ${group.title}`}
                    >
                      <Check aria-hidden="true" />
                      Aprovar
                    </Button>
                  )}
                  <Button
                    size="icon"
                    variant="ghost"
                    onClick={() => feature(group)}
                    disabled={busy}
                    aria-label={`Destacar ${group.title} por 30 dias`}
                    title="Destacar por 30 dias"
                  >
                    <Crown aria-hidden="true" className="text-gold-500" />
                  </Button>
                  <RestoreLinkButton group={group} onRestored={refresh} />
                  <CheckLinkButton group={group} onChecked={refresh} compact />
                  <Button
                    size="icon"
                    variant="ghost"
                    onClick={() => setEditing(group)}
                    aria-label={`Editar ${group.title}`}
                    title="Editar"
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  {/* A hidden group has no public page: the link would be a 404. */}
                  {group.approved && !group.hidden && (
                    <Button
                      size="icon"
                      variant="ghost"
                      href={group.path}
                      target="_blank"
                      rel="noopener"
                      aria-label={`Ver ${group.title} no site`}
                      title="Ver no site"
                    >
                      <ExternalLink aria-hidden="true" />
                    </Button>
                  )}
                  <Button
                    size="icon"
                    variant="ghost"
                    onClick={() => setDeleting(group)}
                    aria-label={`Excluir ${group.title}`}
                    title="Excluir"
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Pagination
        page={page}
        pages={status === 'revisions' ? 1 : (list.data?.pagination.pages ?? 1)}
        onChange={setPage}
        disabled={list.loading}
      />

      {editing && (
        <GroupEditDialog
          group={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}

      <RemoveGroupDialog
        group={deleting}
        onClose={() => setDeleting(null)}
        onDone={() => {
          setDeleting(null);
          refresh();
        }}
      />
    </section>
  );
}
