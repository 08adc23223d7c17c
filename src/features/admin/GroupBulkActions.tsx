// The groups admin's bulk actions: approve every pending group (saying how many first), remove every
// highlight, delete the groups without a title or with one title; each behind a confirmation.
import { Check, Crown, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { ConfirmDialog } from '#src/components/ui/ConfirmDialog.tsx';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { Field, TextInput } from '#src/components/ui/Field.tsx';
import { api } from '#src/lib/api.ts';
import { countLabel } from '#src/lib/format.ts';
import { useAction } from './admin-kit.tsx';

type Bulk =
  | { kind: 'approve-all' }
  | { kind: 'reset-featured' }
  | { kind: 'delete-empty' }
  | { kind: 'delete-by-title'; title: string };

const BULK: Record<
  Bulk['kind'],
  {
    title: string;
    description: string;
    label: string;
    danger: boolean;
    run: (bulk: Bulk) => Promise<unknown>;
    done: string;
    failed: string;
  }
> = {
  'approve-all': {
    title: 'Aprovar todos os pendentes?',
    description: 'Todos os grupos pendentes serão publicados no site.',
    label: 'Aprovar todos',
    danger: false,
    run: () => api('/api/admin/groups/approve-all-pending', { method: 'POST' }),
    done: 'Grupos aprovados',
    failed: 'Não foi possível aprovar os grupos pendentes.',
  },
  'reset-featured': {
    title: 'Remover todos os destaques?',
    description: 'Todos os grupos perderão o destaque, inclusive os pagos.',
    label: 'Remover destaques',
    danger: true,
    run: () => api('/api/admin/groups/reset-featured', { method: 'POST' }),
    done: 'Destaques removidos',
    failed: 'Não foi possível remover os destaques.',
  },
  'delete-empty': {
    title: 'Excluir grupos sem título?',
    description: 'Todos os grupos com título vazio serão excluídos.',
    label: 'Excluir',
    danger: true,
    run: () => api('/api/admin/groups/delete-empty-titles', { method: 'DELETE' }),
    done: 'Limpeza concluída',
    failed: 'Não foi possível excluir os grupos sem título.',
  },
  'delete-by-title': {
    title: 'Excluir por título?',
    description: '',
    label: 'Excluir',
    danger: true,
    run: (bulk) =>
      api(`/api/admin/groups/delete-by-title/${encodeURIComponent((bulk as { title: string }).title)}`, {
        method: 'DELETE',
      }),
    done: 'Grupos excluídos',
    failed: 'Não foi possível excluir os grupos',
  },
};

/** 'Excluir por título': the title to delete, asked before the confirmation. */
function ByTitleDialog({
  title: byTitle,
  onTitle: setByTitle,
  onContinue,
}: {
  title: string | null;
  onTitle: (title: string | null) => void;
  onContinue: (title: string) => void;
}) {
  return (
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
          <Button variant="danger" disabled={!byTitle?.trim()} onClick={() => onContinue(byTitle!.trim())}>
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
  );
}

export function GroupBulkActions({ onDone }: { onDone: () => void }) {
  const [confirm, setConfirm] = useState<Bulk | null>(null);
  const [byTitle, setByTitle] = useState<string | null>(null);
  const { busy, act } = useAction(() => {
    setConfirm(null);
    onDone();
  });
  const current = confirm ? BULK[confirm.kind] : null;
  // How many a bulk approval would publish, asked when the confirmation opens.
  const [pending, setPending] = useState<number | null>(null);
  function askApproveAll() {
    setPending(null);
    setConfirm({ kind: 'approve-all' });
    api<{ pagination: { total: number } }>('/api/admin/groups?status=pending&limit=1')
      .then((list) => setPending(list.pagination.total))
      .catch(() => setPending(null));
  }
  const description = (bulk: Bulk) => {
    if (bulk.kind === 'delete-by-title')
      return `Excluir todos os grupos com o título “${bulk.title}”? Esta ação não pode ser desfeita.`;
    if (bulk.kind === 'approve-all' && pending !== null)
      return pending === 0
        ? 'Não há grupos pendentes agora.'
        : `${countLabel(pending, 'grupo pendente será publicado', 'grupos pendentes serão publicados')} no site sem revisão individual, e cada dono recebe o e-mail de aprovação.`;
    return BULK[bulk.kind].description;
  };

  return (
    <>
      <Card padding="sm" className="mb-4">
        <p className="mb-2 px-1 text-sm font-semibold text-neutral-800">Ações em massa</p>
        <div className="flex flex-wrap gap-2">
          {/* Not the loudest: approving one by one, after reading each, is the usual way. */}
          <Button size="sm" variant="secondary" onClick={askApproveAll}>
            <Check aria-hidden="true" />
            Aprovar todos pendentes
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirm({ kind: 'reset-featured' })}>
            <Crown aria-hidden="true" />
            Remover todos os destaques
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

      <ByTitleDialog
        title={byTitle}
        onTitle={setByTitle}
        onContinue={(title) => {
          setConfirm({ kind: 'delete-by-title', title });
          setByTitle(null);
        }}
      />

      {confirm && current && (
        <ConfirmDialog
          open
          title={current.title}
          description={description(confirm)}
          confirmLabel={current.label}
          danger={current.danger}
          busy={busy}
          onConfirm={() => act(() => current.run(confirm), current.done, current.failed)}
          onCancel={() => setConfirm(null)}
        />
      )}
    </>
  );
}
