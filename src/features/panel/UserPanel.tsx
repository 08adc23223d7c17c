// /painel island: profile header (with 'Sair'), 'Meus Grupos' and 'Meus Destaques', and the modal that
// searches one's approved groups to highlight. Logged-out visitors see 'Acesso Restrito'.
import { useStore } from '@nanostores/react';
import { Lock, LogOut, Search, Star } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { ReportReason } from '#db/schema.ts';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { buttonClasses, cx, inputClasses } from '#src/components/ui/classes.ts';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { Tabs } from '#src/components/ui/Tabs.tsx';
import { PENDING_FEATURE_KEY } from '#src/features/auth/auth.client.ts';
import { SessionSpinner } from '#src/features/auth/RequireSession.tsx';
import { $session, endSession, loadSession } from '#src/features/auth/session.store.ts';
import { ClaimGroupButton } from '#src/features/claims/ClaimGroupButton.tsx';
import { formatDate } from '#src/lib/format.ts';
import { useLoad } from '#src/lib/use-api.ts';
import { orderStatusBadge } from '../payments/payments.ts';
import { type WithdrawableOrder, WithdrawOrder } from '../payments/WithdrawOrder.tsx';
import { AppealButton } from './AppealDialog.tsx';
import { DeleteGroupDialog } from './DeleteGroupDialog.tsx';
import { EditGroupDialog, type OwnGroup } from './EditGroupDialog.tsx';
import { EndAllSessions } from './EndAllSessions.tsx';
import { GroupActions } from './GroupActions.tsx';
import { GroupTools, type OwnedGroup } from './GroupTools.tsx';
import { HiddenNotice } from './HiddenNotice.tsx';
import LinkCheckLine from './LinkCheckLine.tsx';
import { MyData } from './MyData.tsx';
import { RenewalReminderSetting } from './RenewalReminderSetting.tsx';
import { UpdateLinkButton } from './UpdateLinkDialog.tsx';

type UserGroup = OwnGroup &
  OwnedGroup & {
    hiddenReason: string | null;
    listedAt: string;
    reportReasons: ReportReason[];
    linkCheckedAt: string | null;
    linkCheckDueAt: string | null;
    linkStatus: string;
    rejectedRevision: { reason: string } | null;
    holdNote: string | null;
    canAppeal: boolean;
    appeal: { status: 'open' | 'restored' | 'kept'; createdAt: string; decisionReason: string | null } | null;
  };
interface UserOrder extends WithdrawableOrder {
  id: string;
  groupId: string;
  groupTitle: string;
  planName: string;
  status: string;
  orderDate: string;
  endDate: string | null;
  daysRemaining: number | null;
}

function highlight(groupId: string) {
  try {
    localStorage.setItem(PENDING_FEATURE_KEY, groupId);
  } catch {
    // the id also travels in the URL
  }
  window.location.assign(`/planos-destaque?groupId=${encodeURIComponent(groupId)}`);
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-20 w-full" />
      ))}
    </div>
  );
}

function ErrorState({ retry }: { retry: () => void }) {
  return (
    <EmptyState
      title="Não foi possível carregar"
      text="Verifique sua conexão e tente novamente."
      action={<Button onClick={retry}>Tentar novamente</Button>}
    />
  );
}

export default function UserPanel() {
  const session = useStore($session);
  // '/painel#meus-dados' opens 'Meus dados' (linked from the privacy policy).
  const [tab, setTab] = useState<'groups' | 'orders' | 'data'>(() =>
    typeof window !== 'undefined' && window.location.hash === '#meus-dados' ? 'data' : 'groups',
  );
  const [modal, setModal] = useState(false);
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<OwnGroup | null>(null);
  const [deleting, setDeleting] = useState<OwnGroup | null>(null);
  const authed = session.status === 'authenticated';
  const [groups, retryGroups] = useLoad<UserGroup[]>(authed ? '/api/user/groups' : null);
  const [orders, retryOrders] = useLoad<UserOrder[]>(authed ? '/api/user/feature-orders' : null);

  useEffect(() => {
    void loadSession();
  }, []);
  // The header's 'Meus dados' on this page only changes the address's #.
  useEffect(() => {
    const onHash = () => {
      if (window.location.hash === '#meus-dados') setTab('data');
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  if (session.status === 'loading') return <SessionSpinner />;
  if (session.status === 'anonymous')
    return (
      <EmptyState
        icon={Lock}
        title="Acesso Restrito"
        text="Você precisa estar logado para acessar esta página."
        action={
          <a href="/auth" className={buttonClasses({ size: 'lg' })}>
            Fazer Login
          </a>
        }
      />
    );

  const user = session.user;
  const approved = groups.state === 'ok' ? groups.data.filter((g) => g.approved && !g.hidden) : [];
  const matches = query ? approved.filter((g) => g.title.toLowerCase().includes(query.toLowerCase())) : [];
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (term.trim()) setQuery(term.trim()); // a blank term does nothing
  };
  return (
    <div className="flex flex-col gap-6">
      <Card
        padding="lg"
        className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between"
      >
        <div className="flex min-w-0 items-center gap-4 sm:min-w-64 sm:flex-1">
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white"
          >
            {(user.name || user.email).slice(0, 1).toUpperCase()}
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-xl font-bold text-neutral-900">{user.name}</h1>
            <p className="truncate text-sm text-neutral-600">{user.email}</p>
          </div>
        </div>
        {/* Wrapping, not shrink-0: five buttons in one row ran out of the card at 1280 px. */}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <a href="/enviar" className={buttonClasses({ variant: 'secondary' })}>
            Enviar grupo
          </a>
          <ClaimGroupButton onClaimed={retryGroups} />
          <Button onClick={() => setModal(true)}>
            <Star aria-hidden="true" className="size-4" /> Destacar um grupo
          </Button>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              variant="ghost"
              onClick={async () => {
                await endSession();
                window.location.assign('/');
              }}
            >
              <LogOut aria-hidden="true" className="size-4" /> Sair
            </Button>
            <EndAllSessions />
          </div>
        </div>
      </Card>

      <Tabs
        label="Painel"
        wide
        className="sm:self-start"
        tabs={[
          { value: 'groups', label: 'Meus Grupos' },
          { value: 'orders', label: 'Meus Destaques' },
          { value: 'data', label: 'Meus dados' },
        ]}
        value={tab}
        onChange={setTab}
      />

      {tab === 'groups' && (
        <section aria-label="Meus Grupos" className="flex flex-col gap-3">
          {groups.state === 'loading' && <ListSkeleton />}
          {groups.state === 'error' && <ErrorState retry={retryGroups} />}
          {groups.state === 'ok' && groups.data.length === 0 && (
            <EmptyState
              title="Você ainda não enviou grupos"
              text="Envie seu primeiro grupo para aparecer no diretório."
              action={
                <a href="/enviar" className={buttonClasses()}>
                  Enviar grupo
                </a>
              }
            />
          )}
          {groups.state === 'ok' &&
            groups.data.map((g) => (
              <Card
                key={g.id}
                padding="md"
                className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  {/* Only a public group has a page: pending or hidden, the title is not a link to a 404. */}
                  {g.approved && !g.hidden ? (
                    <a
                      href={`/grupo/${g.id}`}
                      dir="auto"
                      className="font-semibold text-neutral-900 hover:underline"
                    >
                      {g.title}
                    </a>
                  ) : (
                    <span dir="auto" className="font-semibold text-neutral-900">
                      {g.title}
                    </span>
                  )}
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
                    <span>{g.category}</span>
                    <span aria-hidden="true">·</span>
                    {/* Listed since the approval or the last 'Renovar'; before approval, when it was sent. */}
                    <span>
                      {g.approved
                        ? `${g.renewed ? 'Renovado em' : 'Na lista desde'} ${formatDate(g.listedAt)}`
                        : `Enviado em ${formatDate(g.createdAt)}`}
                    </span>
                    {g.hiddenReason === 'dead_link' ? (
                      <Badge variant="red">Link quebrado</Badge>
                    ) : g.hidden ? (
                      <Badge variant="red">Em análise</Badge>
                    ) : g.approved ? (
                      <Badge variant="green">Aprovado</Badge>
                    ) : (
                      <Badge variant="yellow">Aguardando aprovação</Badge>
                    )}
                    {g.revision && <Badge variant="blue">Alteração em análise</Badge>}
                  </div>
                  {g.approved && !g.hidden && <LinkCheckLine group={g} />}
                  {g.hidden && (
                    <HiddenNotice
                      reason={g.hiddenReason}
                      reportReasons={g.reportReasons}
                      note={g.holdNote}
                      appeal={g.appeal}
                      action={g.canAppeal ? <AppealButton group={g} onSent={retryGroups} /> : null}
                    />
                  )}
                  {g.rejectedRevision && (
                    <p className="mt-2 rounded-control border border-amber-200 bg-amber-50 p-3 text-sm break-words text-amber-900">
                      Sua última alteração foi recusada. Motivo: “
                      {g.rejectedRevision.reason.replace(/[.\s]+$/, '')}”. Corrija em 'Editar' e envie de
                      novo.
                    </p>
                  )}
                </div>
                <div className="flex shrink-0 flex-wrap items-center gap-2">
                  {g.hiddenReason === 'dead_link' ? (
                    <UpdateLinkButton group={g} onUpdated={retryGroups} />
                  ) : g.featured ? (
                    <Badge variant="featured">
                      <Star aria-hidden="true" className="size-3.5" /> Destacado
                    </Badge>
                  ) : g.approved && !g.hidden ? (
                    <Button size="sm" onClick={() => highlight(g.id)}>
                      Destacar
                    </Button>
                  ) : null}
                  <GroupActions group={g} onEdit={setEditing} onDelete={setDeleting} />
                </div>
                <GroupTools group={g} />
              </Card>
            ))}
        </section>
      )}

      {tab === 'groups' && <RenewalReminderSetting />}

      {tab === 'orders' && (
        <section aria-label="Meus Destaques" className="flex flex-col gap-3">
          {orders.state === 'loading' && <ListSkeleton />}
          {orders.state === 'error' && <ErrorState retry={retryOrders} />}
          {orders.state === 'ok' && orders.data.length === 0 && (
            <EmptyState
              title="Nenhum destaque ainda"
              text="Destaque um grupo aprovado para aparecer no topo."
            />
          )}
          {orders.state === 'ok' &&
            orders.data.map((o) => {
              const { label, tone: variant } = orderStatusBadge(o.status);
              return (
                <Card
                  key={o.id}
                  padding="md"
                  className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <a
                      href={`/grupo/${o.groupId}`}
                      className="font-semibold text-neutral-900 hover:underline"
                    >
                      {o.groupTitle}
                    </a>
                    <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
                      <span>{o.planName}</span>
                      <span aria-hidden="true">·</span>
                      <span>{formatDate(o.orderDate)}</span>
                      <Badge variant={variant}>{label}</Badge>
                      {o.status === 'active' && o.daysRemaining !== null && (
                        <span>
                          {o.daysRemaining === 1 ? '1 dia restante' : `${o.daysRemaining} dias restantes`}
                        </span>
                      )}
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {o.status === 'pending' && (
                      <a href={`/pagar-destaque/${o.id}`} className={buttonClasses({ size: 'sm' })}>
                        Pagar
                      </a>
                    )}
                    {o.status === 'active' && (
                      <Button size="sm" variant="secondary" onClick={() => highlight(o.groupId)}>
                        Renovar
                      </Button>
                    )}
                    <WithdrawOrder order={o} onDone={retryOrders} />
                  </div>
                </Card>
              );
            })}
        </section>
      )}

      {tab === 'data' && <MyData />}

      <EditGroupDialog group={editing} onOpenChange={() => setEditing(null)} onSaved={retryGroups} />
      <DeleteGroupDialog group={deleting} onOpenChange={() => setDeleting(null)} onDeleted={retryGroups} />
      <Dialog
        open={modal}
        onOpenChange={setModal}
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
                <Button size="sm" onClick={() => highlight(g.id)}>
                  Destacar
                </Button>
              )}
            </li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
