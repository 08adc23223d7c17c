// The dashboard's group management: search, status filter, paged table (15), edit dialog, approve,
// quick feature (30 days), delete and the bulk actions, each destructive step behind a confirm dialog.
import { Check, Crown, ExternalLink, Pencil, Search, Trash2, Users } from 'lucide-react';
import { type SubmitEvent, useEffect, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Field, Select, TextArea, TextInput } from '#src/components/ui/Field.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api } from '#src/lib/api.ts';
import { formatCount, formatDate } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import type { LinkAnswer } from '../links/link-health.ts';
import {
  ADMIN_PAGE_SIZE,
  EDIT_FEATURE_DAYS,
  FEATURE_DURATIONS,
  type GroupStatusFilter,
  QUICK_FEATURE_DAYS,
} from './admin.schema.ts';
import {
  CheckLinkButton,
  type LinkHealthFields,
  LinkStatusBadge,
  LinkStatusLine,
  RestoreLinkButton,
} from './LinkHealthAdmin.tsx';
import { RevisionReview } from './RevisionReview.tsx';
import { ConfirmDialog, fieldsOf, messageOf, Pagination, Switch } from './ui.tsx';

export interface AdminGroup {
  id: string;
  title: string;
  description: string;
  link: string;
  image: string | null;
  cliques: number;
  approved: boolean;
  featured: boolean;
  featuredUntil: string | null;
  hidden: boolean;
  hiddenReason: 'reports' | 'dead_link' | null;
  linkStatus: LinkAnswer;
  linkCheckedAt: string | null;
  linkLiveAt: string | null;
  createdAt: string;
  category: string;
  path: string;
}
interface GroupList {
  groups: AdminGroup[];
  pagination: { total: number; pages: number };
}
interface BulkResult {
  message: string;
  success: boolean;
}

const FILTERS: { value: GroupStatusFilter | 'revisions'; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'pending', label: 'Pendentes' },
  { value: 'revisions', label: 'Revisões' },
  { value: 'approved', label: 'Aprovados' },
  { value: 'featured', label: 'Destaques' },
  { value: 'dead_link', label: 'Links quebrados' },
];

type Confirm =
  | { kind: 'delete'; group: AdminGroup }
  | { kind: 'approve-all' }
  | { kind: 'reset-featured' }
  | { kind: 'delete-empty' }
  | { kind: 'delete-by-title'; title: string };

export function GroupsManager({ onChanged }: { onChanged?: () => void }) {
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [status, setStatus] = useState<GroupStatusFilter | 'revisions'>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminGroup | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [byTitle, setByTitle] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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

  async function act(run: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    try {
      const result = await run();
      const message = (result as BulkResult | undefined)?.message;
      toast({ title: success, description: message, variant: 'success' });
      setConfirm(null);
      refresh();
    } catch (error) {
      toast({ title: failure, description: messageOf(error, failure), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

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

  function runConfirm() {
    if (!confirm) return;
    if (confirm.kind === 'delete')
      return act(
        () => api(`/api/admin/groups/${confirm.group.id}`, { method: 'DELETE' }),
        'Grupo excluído',
        'Não foi possível excluir o grupo.',
      );
    if (confirm.kind === 'approve-all')
      return act(
        () => api('/api/admin/groups/approve-all-pending', { method: 'POST' }),
        'Grupos aprovados',
        'Não foi possível aprovar os grupos pendentes.',
      );
    if (confirm.kind === 'reset-featured')
      return act(
        () => api('/api/admin/groups/reset-featured', { method: 'POST' }),
        'Destaques resetados',
        'Não foi possível resetar os grupos destacados.',
      );
    if (confirm.kind === 'delete-empty')
      return act(
        () => api('/api/admin/groups/delete-empty-titles', { method: 'DELETE' }),
        'Limpeza concluída',
        'Não foi possível excluir os grupos sem título.',
      );
    return act(
      () =>
        api(`/api/admin/groups/delete-by-title/${encodeURIComponent(confirm.title)}`, { method: 'DELETE' }),
      'Grupos excluídos',
      'Não foi possível excluir os grupos',
    );
  }

  const confirmText: Record<
    Confirm['kind'],
    { title: string; description: string; label: string; danger: boolean }
  > = {
    delete: {
      title: 'Excluir grupo?',
      description: 'O grupo será removido definitivamente do diretório.',
      label: 'Excluir',
      danger: true,
    },
    'approve-all': {
      title: 'Aprovar todos os pendentes?',
      description: 'Todos os grupos pendentes serão publicados no site.',
      label: 'Aprovar todos',
      danger: false,
    },
    'reset-featured': {
      title: 'Resetar destaques?',
      description: 'Todos os grupos perderão o destaque, inclusive os pagos.',
      label: 'Resetar destaques',
      danger: true,
    },
    'delete-empty': {
      title: 'Excluir grupos sem título?',
      description: 'Todos os grupos com título vazio serão excluídos.',
      label: 'Excluir',
      danger: true,
    },
    'delete-by-title': { title: 'Excluir por título?', description: '', label: 'Excluir', danger: true },
  };
  const current = confirm ? confirmText[confirm.kind] : null;

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

      <Card padding="sm" className="mb-4">
        <p className="mb-2 px-1 text-sm font-semibold text-neutral-800">Ações em massa</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setConfirm({ kind: 'approve-all' })}>
            <Check aria-hidden="true" />
            Aprovar todos pendentes
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirm({ kind: 'reset-featured' })}>
            <Crown aria-hidden="true" />
            Resetar destaques
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirm({ kind: 'delete-empty' })}>
            <Trash2 aria-hidden="true" />
            Excluir sem título
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setByTitle('')}>
            <Trash2 aria-hidden="true" />
            Excluir por título
          </Button>
        </div>
      </Card>

      <div className="mb-4 flex flex-col gap-3 md:flex-row">
        <div className="relative flex-1">
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
          className="grid grid-cols-3 gap-1 rounded-control bg-neutral-100 p-1 sm:grid-cols-5"
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
                  <p className="truncate font-semibold text-neutral-900" title={group.title}>
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
                  {group.approved && (
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
                    onClick={() => setConfirm({ kind: 'delete', group })}
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
        <EditGroupDialog
          group={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}

      <Dialog
        open={byTitle !== null}
        onOpenChange={(open) => !open && setByTitle(null)}
        title="Excluir por título"
        description="Todos os grupos com exatamente este título (sem diferenciar maiúsculas) serão excluídos."
        footer={
          <>
            <Button variant="secondary" onClick={() => setByTitle(null)}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              disabled={!byTitle?.trim()}
              onClick={() => {
                setConfirm({ kind: 'delete-by-title', title: byTitle!.trim() });
                setByTitle(null);
              }}
            >
              Continuar
            </Button>
          </>
        }
      >
        <Field label="Título">
          {(props) => (
            <TextInput {...props} value={byTitle ?? ''} onChange={(e) => setByTitle(e.target.value)} />
          )}
        </Field>
      </Dialog>

      {confirm && current && (
        <ConfirmDialog
          open
          title={current.title}
          description={
            confirm.kind === 'delete-by-title'
              ? `Excluir todos os grupos com o título “${confirm.title}”? Esta ação não pode ser desfeita.`
              : confirm.kind === 'delete'
                ? `“${confirm.group.title}”: ${current.description}`
                : current.description
          }
          confirmLabel={current.label}
          danger={current.danger}
          busy={busy}
          onConfirm={runConfirm}
          onCancel={() => setConfirm(null)}
        />
      )}
    </section>
  );
}

/**
 * What saving will do, said without the browser's clock: the server adds the days to the current end
 * while the group is featured (paid time included), or starts the featuring when it saves.
 */
function featureHint(group: AdminGroup, days: number): string {
  const span = days === 1 ? '1 dia' : `${days} dias`;
  if (group.featured && group.featuredUntil) {
    const end = formatDate(group.featuredUntil);
    return days
      ? `Em destaque até ${end}; ao salvar, mais ${span} depois dessa data.`
      : `Em destaque até ${end}.`;
  }
  return `O destaque começa ao salvar e dura ${span}.`;
}

function EditGroupDialog({
  group,
  onClose,
  onSaved,
}: {
  group: AdminGroup;
  onClose: () => void;
  onSaved: () => void;
}) {
  const categories = useApi<{ id: number; name: string }[]>('/api/admin/categories');
  const [form, setForm] = useState({
    title: group.title,
    description: group.description,
    link: group.link,
    category: group.category,
    approved: group.approved,
    featured: group.featured,
  });
  // Days to add by the server's rule; 0 leaves a running featuring as it is.
  const [days, setDays] = useState<number>(group.featured ? 0 : EDIT_FEATURE_DAYS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [linkState, setLinkState] = useState<LinkHealthFields>(group);

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const body: Record<string, unknown> = { ...form };
    if (form.featured && days) body.featureDays = days;
    else if (form.featured) delete body.featured;
    try {
      await api(`/api/admin/groups/${group.id}`, { method: 'PATCH', body });
      toast({ title: 'Grupo atualizado', description: 'As alterações foram salvas.', variant: 'success' });
      onSaved();
    } catch (error) {
      setErrors(fieldsOf(error));
      toast({
        title: 'Erro ao atualizar grupo',
        description: messageOf(error, 'Ocorreu um erro ao atualizar o grupo'),
        variant: 'destructive',
      });
      setBusy(false);
    }
  }

  const set = (key: keyof typeof form) => (value: string | boolean) =>
    setForm((f) => ({ ...f, [key]: value }));
  const names = categories.data?.map((c) => c.name) ?? [group.category];

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Editar grupo"
      className="sm:max-w-xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form="editar-grupo" disabled={busy}>
            Salvar alterações
          </Button>
        </>
      }
    >
      <form id="editar-grupo" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <Field label="Título" error={errors.title}>
          {(p) => (
            <TextInput {...p} value={form.title} onChange={(e) => set('title')(e.target.value)} required />
          )}
        </Field>
        <Field label="Descrição" error={errors.description}>
          {(p) => (
            <TextArea {...p} value={form.description} onChange={(e) => set('description')(e.target.value)} />
          )}
        </Field>
        <Field label="Link do convite" error={errors.link}>
          {(p) => (
            <TextInput {...p} type="url" value={form.link} onChange={(e) => set('link')(e.target.value)} />
          )}
        </Field>
        <div className="flex flex-wrap items-center gap-2 rounded-control border border-neutral-200 p-3">
          <LinkStatusBadge group={linkState} />
          <LinkStatusLine group={linkState} />
          <CheckLinkButton group={linkState} onChecked={setLinkState} />
        </div>
        <Field label="Categoria" error={errors.category}>
          {(p) => (
            <Select {...p} value={form.category} onChange={(e) => set('category')(e.target.value)}>
              {names.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="rounded-control border border-neutral-200 px-3">
          <Switch
            label="Aprovado"
            description="Visível no site"
            checked={form.approved}
            onChange={set('approved')}
          />
        </div>
        <div className="rounded-control border border-neutral-200 px-3 pb-2">
          <Switch
            label="Destaque"
            description={
              group.featured && group.featuredUntil
                ? `Destacado até ${formatDate(group.featuredUntil)}`
                : 'Aparece no topo da página inicial'
            }
            checked={form.featured}
            onChange={set('featured')}
          />
          {form.featured && (
            <Field
              label={group.featured ? 'Adicionar ao destaque' : 'Duração do destaque'}
              hint={featureHint(group, days)}
            >
              {(p) => (
                <Select {...p} value={String(days)} onChange={(e) => setDays(Number(e.target.value))}>
                  {group.featured && <option value="0">Não alterar</option>}
                  {FEATURE_DURATIONS.map((d) => (
                    <option key={d} value={d}>
                      {group.featured ? '+ ' : ''}
                      {d === 1 ? '1 dia' : `${d} dias`}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </div>
      </form>
    </Dialog>
  );
}
