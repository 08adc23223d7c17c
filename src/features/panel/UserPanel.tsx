// /painel island: the profile card, 'Meus Grupos', 'Meus Destaques' and 'Meus dados', and the modal that
// searches one's approved groups to highlight. Logged-out visitors see 'Acesso Restrito'.
import { useStore } from '@nanostores/react';
import { Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { buttonClasses } from '#src/components/ui/classes.ts';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { Tabs } from '#src/components/ui/Tabs.tsx';
import { PENDING_FEATURE_KEY } from '#src/features/auth/auth.client.ts';
import { SessionSpinner } from '#src/features/auth/RequireSession.tsx';
import { $session, loadSession } from '#src/features/auth/session.store.ts';
import { type Load, useLoad } from '#src/lib/use-api.ts';
import { DeleteGroupDialog } from './DeleteGroupDialog.tsx';
import { EditGroupDialog, type OwnGroup } from './EditGroupDialog.tsx';
import { HighlightDialog } from './HighlightDialog.tsx';
import { MyData } from './MyData.tsx';
import { MyOrders, type UserOrder } from './MyOrders.tsx';
import { OwnGroupCard, type UserGroup } from './OwnGroupCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { RenewalReminderSetting } from './RenewalReminderSetting.tsx';
import { useFollowSubmission } from './use-follow-submission.ts';

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

function Restricted() {
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
}

/** 'Meus Grupos': each of the owner's groups with its state, actions and tools. */
function MyGroups({
  groups,
  retry,
  onEdit,
  onDelete,
}: {
  groups: Load<UserGroup[]>;
  retry: () => void;
  onEdit: (group: OwnGroup) => void;
  onDelete: (group: OwnGroup) => void;
}) {
  return (
    <section aria-label="Meus Grupos" className="flex flex-col gap-3">
      {groups.state === 'loading' && <ListSkeleton />}
      {groups.state === 'error' && <ErrorState retry={retry} />}
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
          <OwnGroupCard
            key={g.id}
            group={g}
            onChanged={retry}
            onEdit={onEdit}
            onDelete={onDelete}
            onHighlight={highlight}
          />
        ))}
    </section>
  );
}

export default function UserPanel() {
  const session = useStore($session);
  // '/painel#meus-dados' opens 'Meus dados' (linked from the privacy policy and the header).
  const [tab, setTab] = useState<'groups' | 'orders' | 'data'>(() =>
    typeof window !== 'undefined' && window.location.hash === '#meus-dados' ? 'data' : 'groups',
  );
  const [modal, setModal] = useState(false);
  const [editing, setEditing] = useState<OwnGroup | null>(null);
  const [deleting, setDeleting] = useState<OwnGroup | null>(null);
  const authed = session.status === 'authenticated';
  const [groups, retryGroups] = useLoad<UserGroup[]>(authed ? '/api/user/groups' : null);
  const [orders, retryOrders] = useLoad<UserOrder[]>(authed ? '/api/user/feature-orders' : null);
  // A group sent before logging in joins this account (the /enviar success screen's invitation).
  useFollowSubmission(authed, retryGroups);

  useEffect(() => {
    void loadSession();
    const onHash = () => window.location.hash === '#meus-dados' && setTab('data');
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
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
  if (session.status === 'anonymous') return <Restricted />;

  const approved = groups.state === 'ok' ? groups.data.filter((g) => g.approved && !g.hidden) : [];
  return (
    <div className="flex flex-col gap-6">
      <ProfileCard
        user={session.user}
        canHighlight={approved.some((g) => !g.featured)}
        onHighlight={() => setModal(true)}
        onClaimed={retryGroups}
      />

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
        <MyGroups groups={groups} retry={retryGroups} onEdit={setEditing} onDelete={setDeleting} />
      )}

      {tab === 'groups' && <RenewalReminderSetting />}

      {tab === 'orders' && (
        <MyOrders
          orders={orders}
          retry={retryOrders}
          onRenew={highlight}
          loading={<ListSkeleton />}
          error={<ErrorState retry={retryOrders} />}
        />
      )}

      {tab === 'data' && <MyData />}

      <EditGroupDialog group={editing} onOpenChange={() => setEditing(null)} onSaved={retryGroups} />
      <DeleteGroupDialog group={deleting} onOpenChange={() => setDeleting(null)} onDeleted={retryGroups} />
      <HighlightDialog open={modal} onOpenChange={setModal} groups={approved} onHighlight={highlight} />
    </div>
  );
}
