// One of the owner's groups in 'Meus Grupos': its picture, title (a link once public), category, when it
// was listed, its state, why it is hidden, the paid featuring, the actions and the tools below.
import { Star } from 'lucide-react';
import type { ReportReason } from '#db/schema.ts';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { GroupAvatar } from '#src/features/images/GroupAvatar.tsx';
import { formatDate } from '#src/lib/format.ts';
import { AppealButton } from './AppealDialog.tsx';
import type { OwnGroup } from './EditGroupDialog.tsx';
import { GroupActions } from './GroupActions.tsx';
import { GroupTools, type OwnedGroup } from './GroupTools.tsx';
import { HiddenNotice } from './HiddenNotice.tsx';
import LinkCheckLine from './LinkCheckLine.tsx';
import { UpdateLinkButton } from './UpdateLinkDialog.tsx';

export type UserGroup = OwnGroup &
  OwnedGroup & {
    image: string | null;
    hiddenReason: string | null;
    listedAt: string;
    reportReasons: ReportReason[];
    linkCheckedAt: string | null;
    linkCheckDueAt: string | null;
    linkStatus: string;
    rejectedRevision: { reason: string } | null;
    holdNote: string | null;
    canAppeal: boolean;
    featuringPaused: boolean;
    appeal: { status: 'open' | 'restored' | 'kept'; createdAt: string; decisionReason: string | null } | null;
  };

function StateBadge({ group }: { group: UserGroup }) {
  if (group.hiddenReason === 'dead_link') return <Badge variant="red">Link quebrado</Badge>;
  if (group.hiddenReason === 'removed') return <Badge variant="red">Removido</Badge>;
  if (group.hidden) return <Badge variant="red">Em análise</Badge>;
  if (group.approved) return <Badge variant="green">Aprovado</Badge>;
  return <Badge variant="yellow">Aguardando aprovação</Badge>;
}

/** The group's headline: picture, title, category, dates and badges. */
function Headline({ group }: { group: UserGroup }) {
  const publicPage = group.approved && !group.hidden;
  return (
    <div className="flex min-w-0 gap-3">
      <GroupAvatar group={group} size={56} className="size-14 rounded-xl" />
      <div className="min-w-0">
        {/* Only a public group has a page: pending or hidden, the title is not a link to a 404. */}
        {publicPage ? (
          <a
            href={`/grupo/${group.id}`}
            dir="auto"
            className="font-semibold break-words text-neutral-900 hover:underline"
          >
            {group.title}
          </a>
        ) : (
          <span dir="auto" className="font-semibold break-words text-neutral-900">
            {group.title}
          </span>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-600">
          {/* Listed since the approval or the last 'Renovar'; before approval, when it was sent. */}
          <span>
            {group.category} ·{' '}
            {group.approved
              ? `${group.renewed ? 'Renovado em' : 'Na lista desde'} ${formatDate(group.listedAt)}`
              : `Enviado em ${formatDate(group.createdAt)}`}
          </span>
          <StateBadge group={group} />
          {group.revision && <Badge variant="blue">Alteração em análise</Badge>}
        </div>
      </div>
    </div>
  );
}

export function OwnGroupCard({
  group,
  onChanged,
  onEdit,
  onDelete,
  onHighlight,
}: {
  group: UserGroup;
  onChanged: () => void;
  onEdit: (group: OwnGroup) => void;
  onDelete: (group: OwnGroup) => void;
  onHighlight: (groupId: string) => void;
}) {
  return (
    <Card
      padding="md"
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between"
    >
      <div className="min-w-0 sm:flex-1">
        <Headline group={group} />
        {group.approved && !group.hidden && <LinkCheckLine group={group} />}
        {group.hidden && (
          <HiddenNotice
            reason={group.hiddenReason}
            reportReasons={group.reportReasons}
            note={group.holdNote}
            appeal={group.appeal}
            featuringPaused={group.featuringPaused}
            action={group.canAppeal ? <AppealButton group={group} onSent={onChanged} /> : null}
          />
        )}
        {group.rejectedRevision && (
          <p className="mt-2 rounded-control border border-amber-200 bg-amber-50 p-3 text-sm break-words text-amber-900">
            Sua última alteração foi recusada. Motivo: “{group.rejectedRevision.reason.replace(/[.\s]+$/, '')}
            ”. Corrija em 'Editar' e envie de novo.
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {group.hiddenReason === 'dead_link' ? (
          <UpdateLinkButton group={group} onUpdated={onChanged} />
        ) : group.featuringPaused ? (
          <Badge variant="grey">Destaque pausado</Badge>
        ) : group.featured ? (
          <Badge variant="featured">
            <Star aria-hidden="true" className="size-3.5" /> Destacado
          </Badge>
        ) : group.approved && !group.hidden ? (
          <Button size="sm" onClick={() => onHighlight(group.id)}>
            Destacar
          </Button>
        ) : null}
        <GroupActions group={group} onEdit={onEdit} onDelete={onDelete} />
      </div>
      <GroupTools group={group} />
    </Card>
  );
}
