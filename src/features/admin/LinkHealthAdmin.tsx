// Link health in the admin's group list and edit dialog: the link's status badge, 'Verificar agora'
// (POST /api/admin/groups/{id}/check-link) and, in the 'Links quebrados' queue, 'Restaurar'
// (POST /api/admin/groups/{id}/restore-link).

import { RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { HoldReason } from '#db/schema.ts';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import type { BadgeVariant } from '#src/components/ui/classes.ts';
import { toast } from '#src/components/ui/toast.store.ts';
import { api, messageOf } from '#src/lib/api.ts';
import { formatDate } from '#src/lib/format.ts';
import { LINK_STATUS_LABELS, type LinkAnswer } from '../links/link-health.ts';

export interface LinkHealthFields {
  id: string;
  title: string;
  linkStatus: LinkAnswer;
  linkCheckedAt: string | null;
  linkLiveAt: string | null;
  hidden: boolean;
  hiddenReason: HoldReason | null;
}

const VARIANTS: Record<LinkAnswer, BadgeVariant> = { live: 'green', dead: 'red', unknown: 'grey' };

/** 'Link ativo' / 'Link quebrado' / 'Não verificado', with the last check's date as a tooltip. */
export function LinkStatusBadge({ group }: { group: LinkHealthFields }) {
  const checked = group.linkCheckedAt
    ? `Última verificação em ${formatDate(group.linkCheckedAt)}`
    : undefined;
  return (
    <Badge variant={VARIANTS[group.linkStatus]} title={checked} data-link-status={group.linkStatus}>
      {LINK_STATUS_LABELS[group.linkStatus]}
    </Badge>
  );
}

/** The last check, in words, for the edit dialog. */
export function LinkStatusLine({ group }: { group: LinkHealthFields }) {
  return (
    <p className="text-sm text-neutral-600">
      {group.linkLiveAt ? `Último link ativo em ${formatDate(group.linkLiveAt)}. ` : ''}
      {group.linkCheckedAt
        ? `Última verificação em ${formatDate(group.linkCheckedAt)}.`
        : 'Ainda não verificado.'}
    </p>
  );
}

const ANSWER_TEXT: Record<LinkAnswer, string> = {
  live: 'O link de convite está funcionando.',
  dead: 'O WhatsApp diz que este convite foi revogado ou não existe.',
  unknown: 'O WhatsApp não respondeu de forma conclusiva. Nada foi alterado; tente mais tarde.',
};

/** 'Verificar agora': checks the link with WhatsApp and applies the same rules as the rotation. */
export function CheckLinkButton({
  group,
  onChecked,
  compact = false,
}: {
  group: LinkHealthFields;
  onChecked: (group: LinkHealthFields) => void;
  compact?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  async function check() {
    setBusy(true);
    try {
      const result = await api<{ answer: LinkAnswer; hidden: boolean; group: LinkHealthFields }>(
        `/api/admin/groups/${group.id}/check-link`,
        { method: 'POST' },
      );
      const hiddenNow = result.hidden && !group.hidden;
      toast({
        title: hiddenNow ? 'Grupo ocultado: link quebrado' : LINK_STATUS_LABELS[result.group.linkStatus],
        description: ANSWER_TEXT[result.answer],
        variant: result.answer === 'dead' ? 'destructive' : 'success',
      });
      onChecked(result.group);
    } catch (error) {
      toast({
        title: 'Não foi possível verificar o link',
        description: messageOf(error, 'Tente novamente.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }
  return compact ? (
    <Button
      size="icon"
      variant="ghost"
      onClick={check}
      disabled={busy}
      aria-label={`Verificar agora o link de ${group.title}`}
      title="Verificar agora"
    >
      <RefreshCw aria-hidden="true" className={busy ? 'animate-spin' : undefined} />
    </Button>
  ) : (
    <Button size="sm" variant="secondary" onClick={check} disabled={busy}>
      <RefreshCw aria-hidden="true" className={busy ? 'animate-spin' : undefined} />
      {busy ? 'Verificando…' : 'Verificar agora'}
    </Button>
  );
}

/** 'Restaurar': back on the site (link unverified: the rotation checks it again). */
export function RestoreLinkButton({
  group,
  onRestored,
}: {
  group: LinkHealthFields;
  onRestored: () => void;
}) {
  const [busy, setBusy] = useState(false);
  if (group.hiddenReason !== 'dead_link') return null;
  async function restore() {
    setBusy(true);
    try {
      await api(`/api/admin/groups/${group.id}/restore-link`, { method: 'POST' });
      toast({ title: 'Grupo restaurado', description: 'O grupo voltou ao site.', variant: 'success' });
      onRestored();
    } catch (error) {
      toast({
        title: 'Não foi possível restaurar o grupo',
        description: messageOf(error, 'Tente novamente.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={restore}
      disabled={busy}
      aria-label={`Restaurar ${group.title}`}
    >
      <RotateCcw aria-hidden="true" />
      Restaurar
    </Button>
  );
}
