// 'Editar' and 'Excluir' on each of the owner's groups in the panel.
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '#src/components/ui/Button.tsx';
import type { OwnGroup } from './EditGroupDialog.tsx';

export function GroupActions({
  group,
  onEdit,
  onDelete,
}: {
  group: OwnGroup;
  onEdit: (group: OwnGroup) => void;
  onDelete: (group: OwnGroup) => void;
}) {
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Editar ${group.title}`}
        onClick={() => onEdit(group)}
      >
        <Pencil aria-hidden="true" className="size-4" /> Editar
      </Button>
      <Button size="sm" variant="ghost" aria-label={`Excluir ${group.title}`} onClick={() => onDelete(group)}>
        <Trash2 aria-hidden="true" className="size-4" /> Excluir
      </Button>
    </>
  );
}
