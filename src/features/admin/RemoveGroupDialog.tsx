// 'Excluir' in the group list. A pending group is rejected and deleted; an approved group with an owner
// is removed (#41): it leaves the site for good, and its owner is e-mailed the reason written here with a
// 'Contestar' link; a second 'Excluir' deletes a removed group whose owner did not contest. A group with
// no owner (imported, seeded) is deleted at once.
import { useState } from 'react';
import { ConfirmDialog } from '#src/components/ui/ConfirmDialog.tsx';
import { api } from '#src/lib/api.ts';
import type { AdminGroup } from '../moderation/moderation.schema.ts';
import { TextField, useAction } from './admin-kit.tsx';

/** Whether 'Excluir' removes this group (contestable) rather than deleting it. */
const removes = (group: AdminGroup) => group.approved && group.owned && group.hiddenReason !== 'removed';

export function RemoveGroupDialog({
  group,
  onClose,
  onDone,
}: {
  group: AdminGroup | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const { busy, act } = useAction(() => {
    setReason('');
    onDone();
  });
  const removal = group !== null && removes(group);
  return (
    <ConfirmDialog
      open={group !== null}
      title={removal ? 'Remover grupo?' : 'Excluir grupo?'}
      description={
        removal
          ? `“${group?.title ?? ''}” sai do site de vez. O dono recebe o motivo por e-mail e pode contestar; um novo 'Excluir' apaga o grupo.`
          : `“${group?.title ?? ''}”: O grupo será removido definitivamente do diretório.`
      }
      confirmLabel={removal ? 'Remover' : 'Excluir'}
      danger
      busy={busy}
      onConfirm={() =>
        group &&
        act(
          () =>
            api(`/api/admin/groups/${group.id}`, {
              method: 'DELETE',
              ...(removal ? { body: { reason: reason.trim() || undefined } } : {}),
            }),
          removal ? 'Grupo removido' : 'Grupo excluído',
          'Não foi possível excluir o grupo.',
        )
      }
      onCancel={() => {
        setReason('');
        onClose();
      }}
    >
      {removal && (
        <TextField
          label="Motivo (vai por e-mail ao dono)"
          multiline
          rows={3}
          value={reason}
          onChange={setReason}
          hint="Sem motivo, o e-mail diz que o grupo não segue os Termos de Uso."
        />
      )}
    </ConfirmDialog>
  );
}
