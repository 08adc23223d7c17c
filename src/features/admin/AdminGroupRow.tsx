// One row of the admin's group list: picture, title, category and date, status badges, clicks and the
// actions. A pending group shows what a decision needs: its description, the invite link with the
// stored check (what WhatsApp last answered) and who sent it. Featuring is offered only to an approved,
// visible group (a pending one shows nowhere).
import { Check, Crown, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { followersLabel, TypeBadge } from '#src/features/groups/TypeBadge.tsx';
import { GroupAvatar } from '#src/features/images/GroupAvatar.tsx';
import { formatCount, formatDate, formatRelative } from '#src/lib/format.ts';
import type { AdminGroup } from '../moderation/moderation.schema.ts';
import { CheckLinkButton, LinkStatusBadge, RestoreLinkButton } from './LinkHealthAdmin.tsx';

/** The stored check of the invite link, in words. */
function checkText(group: AdminGroup): string {
  if (group.linkStatus === 'live' && group.linkCheckedAt)
    return `Link ativo: o WhatsApp abriu o convite ${formatRelative(group.linkCheckedAt)}.`;
  if (group.linkStatus === 'dead') return 'Link quebrado: o WhatsApp diz que o convite foi revogado.';
  return 'Link ainda não verificado: use o botão de verificar.';
}

/** What the moderator reads before approving: description, invite and its check, the sender. */
function PendingDetails({ group }: { group: AdminGroup }) {
  return (
    <div
      className="flex flex-col gap-2 rounded-control bg-neutral-50 p-3 text-sm md:col-span-4"
      data-pending-details
    >
      <p dir="auto" className="line-clamp-4 break-words whitespace-pre-line text-neutral-800">
        {group.description}
      </p>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-neutral-700">
        <TypeBadge type={group.type} />
        <span className="font-mono text-xs break-all select-all">{group.link}</span>
        {group.followers !== null && <span>· {followersLabel(group.followers)}</span>}
      </div>
      <p className="text-neutral-700">{checkText(group)}</p>
      <p className="text-neutral-700">
        {group.sender ? (
          <>
            Enviado por <strong className="font-semibold">{group.sender.name || 'sem nome'}</strong>{' '}
            <span className="break-all">({group.sender.email})</span>
          </>
        ) : (
          'Enviado sem conta (anônimo).'
        )}
      </p>
    </div>
  );
}

export type RowProps = {
  group: AdminGroup;
  busy: boolean;
  onApprove: (group: AdminGroup) => void;
  onFeature: (group: AdminGroup) => void;
  onEdit: (group: AdminGroup) => void;
  onDelete: (group: AdminGroup) => void;
  onChanged: () => void;
};

/** The row's buttons: approve (pending), feature (public only), link checks, edit, view, delete. */
function RowActions({ group, busy, onApprove, onFeature, onEdit, onDelete, onChanged }: RowProps) {
  const publicNow = group.approved && !group.hidden;
  return (
    <div className="flex flex-wrap gap-1 md:w-[15.5rem] md:justify-end">
      {!group.approved && (
        <Button
          size="sm"
          onClick={() => onApprove(group)}
          disabled={busy}
          aria-label={`Aprovar ${group.title}`}
        >
          <Check aria-hidden="true" />
          Aprovar
        </Button>
      )}
      {publicNow && (
        <Button
          size="icon"
          variant="ghost"
          onClick={() => onFeature(group)}
          disabled={busy}
          aria-label={`Destacar ${group.title} por 30 dias`}
          title="Destacar por 30 dias"
        >
          <Crown aria-hidden="true" className="text-gold-500" />
        </Button>
      )}
      <RestoreLinkButton group={group} onRestored={onChanged} />
      <CheckLinkButton group={group} onChecked={onChanged} compact />
      <Button
        size="icon"
        variant="ghost"
        onClick={() => onEdit(group)}
        aria-label={`Editar ${group.title}`}
        title="Editar"
      >
        <Pencil aria-hidden="true" />
      </Button>
      {/* A hidden group has no public page: the link would be a 404. */}
      {publicNow && (
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
        onClick={() => onDelete(group)}
        aria-label={`Excluir ${group.title}`}
        title="Excluir"
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

export function AdminGroupRow(props: RowProps) {
  const { group } = props;
  return (
    <li
      data-group-id={group.id}
      className="grid gap-3 px-4 py-4 md:grid-cols-[1fr_9rem_6rem_auto] md:items-center md:gap-4"
    >
      <div className="flex min-w-0 items-center gap-3">
        <GroupAvatar group={group} size={48} className="size-12 rounded-lg" />
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
      </div>
      <div className="flex flex-wrap gap-1.5">
        {group.approved ? <Badge variant="green">Aprovado</Badge> : <Badge variant="yellow">Pendente</Badge>}
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
      <RowActions {...props} />
      {!group.approved && <PendingDetails group={group} />}
    </li>
  );
}
