// The admin list's quick featuring (the crown): it asks first, naming the group and the days; once done
// the toast offers 'Desfazer', which takes exactly those days back (PATCH .../feature-undo with the end
// the featuring answered; refused when anything moved it since).
import { useState } from 'react';
import { ConfirmDialog } from '#src/components/ui/ConfirmDialog.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api, messageOf } from '#src/lib/api.ts';
import { formatDate } from '#src/lib/format.ts';
import { type AdminGroup, QUICK_FEATURE_DAYS } from '../moderation/moderation.schema.ts';

/** How long the toast with 'Desfazer' stays: time to read it and change one's mind. */
const UNDO_TOAST_MS = 12_000;

export function useQuickFeature(onChanged: () => void) {
  const [asking, setAsking] = useState<AdminGroup | null>(null);
  const [busy, setBusy] = useState(false);

  async function undo(group: AdminGroup, until: string) {
    try {
      await api(`/api/admin/groups/${group.id}/feature-undo`, {
        method: 'PATCH',
        body: { days: QUICK_FEATURE_DAYS, until },
      });
      toast({
        title: 'Destaque desfeito',
        description: `“${group.title}” voltou a como estava.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Não foi possível desfazer',
        description: messageOf(error, 'Tente de novo.'),
        variant: 'destructive',
      });
    }
    onChanged();
  }

  async function confirm() {
    const group = asking;
    if (!group) return;
    setBusy(true);
    try {
      const featured = await api<AdminGroup>(`/api/admin/groups/${group.id}/feature`, {
        method: 'PATCH',
        body: { days: QUICK_FEATURE_DAYS },
      });
      setAsking(null);
      onChanged();
      const until = featured.featuredUntil;
      toast({
        title: `Grupo destacado por ${QUICK_FEATURE_DAYS} dias`,
        description: until ? `“${group.title}” fica em destaque até ${formatDate(until)}.` : undefined,
        variant: 'success',
        duration: UNDO_TOAST_MS,
        action: until ? { label: 'Desfazer', onClick: () => void undo(group, until) } : undefined,
      });
    } catch (error) {
      toast({
        title: 'Não foi possível destacar o grupo.',
        description: messageOf(error, 'Tente de novo.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title={`Destacar “${asking?.title ?? ''}” por ${QUICK_FEATURE_DAYS} dias?`}
      description={
        asking?.featured
          ? `O grupo já está em destaque: ${QUICK_FEATURE_DAYS} dias são somados ao que falta, sem pagamento.`
          : `O grupo vai para o topo da página inicial por ${QUICK_FEATURE_DAYS} dias, sem pagamento.`
      }
      confirmLabel={`Destacar por ${QUICK_FEATURE_DAYS} dias`}
      danger={false}
      busy={busy}
      onConfirm={confirm}
      onCancel={() => setAsking(null)}
    />
  );
  return { ask: setAsking, dialog };
}
