// The panel's 'Excluir' confirmation: names the group, and warns when paid featuring is still running.
import { useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api } from '#src/lib/api.ts';
import { formatDate } from '#src/lib/format.ts';
import type { OwnGroup } from './EditGroupDialog.tsx';

export function DeleteGroupDialog({
  group,
  onOpenChange,
  onDeleted,
}: {
  group: OwnGroup | null;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!group) return;
    setBusy(true);
    try {
      const result = await api<{ message: string }>(`/api/user/groups/${group.id}`, { method: 'DELETE' });
      toast({ title: 'Grupo excluído', description: result.message, variant: 'success' });
      onOpenChange(false);
      onDeleted();
    } catch (error) {
      toast({
        title: 'Erro ao excluir grupo',
        description: error instanceof Error ? error.message : 'Tente novamente.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={group !== null}
      onOpenChange={onOpenChange}
      title="Excluir grupo"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={confirm} disabled={busy}>
            {busy ? 'Excluindo…' : 'Excluir grupo'}
          </Button>
        </>
      }
    >
      {group && (
        <div className="flex flex-col gap-3 text-neutral-700">
          <p>
            Tem certeza que deseja excluir o grupo{' '}
            <strong className="break-words text-neutral-900">{group.title}</strong>? Ele sai do site e o link
            de convite fica livre. Esta ação não pode ser desfeita.
          </p>
          {group.paidFeaturedUntil && (
            <p
              role="alert"
              className="rounded-control border border-red-200 bg-red-50 p-3 text-sm text-red-900"
            >
              Este grupo tem destaque pago ativo até {formatDate(group.paidFeaturedUntil)}; os dias restantes
              serão perdidos.
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
