// The panel's 'Editar' dialog: the /enviar form, prefilled with what the owner last asked for (the
// pending revision when there is one). A new invite link takes effect at once; content changes to an
// approved group go to moderation ('Alteração em análise').
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { checkGroupForm, type FieldErrors, GroupFields } from '#src/features/submission/GroupFields.tsx';
import { ApiError, api } from '#src/lib/api.ts';
import { useLoad } from '#src/lib/use-api.ts';
import { IMAGE_MAX_LABEL } from '../images/group-image.ts';

/** A group as the panel lists it (GET /api/user/groups). */
export interface OwnGroup {
  id: string;
  title: string;
  description: string;
  link: string;
  approved: boolean;
  featured: boolean;
  hidden: boolean;
  category: string;
  createdAt: string;
  revision: { title: string; description: string; category: string; image: string | null } | null;
  paidFeaturedUntil: string | null;
  /** the tags' slugs as last asked for (#43) */
  tags?: string[];
}

export function EditGroupDialog({
  group,
  onOpenChange,
  onSaved,
}: {
  group: OwnGroup | null;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const formId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const open = group !== null;

  const [categories, retryCategories] = useLoad<{ name: string; slug: string }[]>(
    open ? '/api/categories' : null,
  );

  useEffect(() => {
    if (open) setErrors({});
  }, [open]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!group) return;
    const data = new FormData(event.currentTarget);
    const found = checkGroupForm(data);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      // Multipart only when an image goes with it.
      const body = data.has('image') ? data : Object.fromEntries(data);
      const result = await api<{ outcome: string; message: string }>(`/api/user/groups/${group.id}`, {
        method: 'PATCH',
        body,
      });
      toast({
        title: result.outcome === 'revision' ? 'Alteração em análise' : 'Grupo atualizado',
        description: result.message,
        variant: 'success',
      });
      onOpenChange(false);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast({
        title: 'Erro ao salvar alterações',
        description: error instanceof Error ? error.message : 'Tente novamente.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  const shown = group?.revision ?? group;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Editar grupo"
      description={
        group?.approved
          ? 'Um novo link de convite vale na hora. Título, descrição, categoria e imagem passam por análise antes de aparecer no site.'
          : 'Seu grupo ainda aguarda aprovação: as alterações valem para a análise.'
      }
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} disabled={busy || categories.state !== 'ok'}>
            {busy ? 'Salvando…' : 'Salvar alterações'}
          </Button>
        </>
      }
    >
      {group?.revision && (
        <p
          role="status"
          className="mb-4 rounded-control border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Alteração em análise: o formulário mostra o que você pediu. Salvar de novo substitui o pedido.
        </p>
      )}
      {categories.state === 'loading' && (
        <div className="flex flex-col gap-4" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      )}
      {categories.state === 'error' && (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-neutral-700">Não foi possível carregar as categorias.</p>
          <Button variant="secondary" onClick={retryCategories}>
            Tentar novamente
          </Button>
        </div>
      )}
      {categories.state === 'ok' && group && shown && (
        <form
          id={formId}
          key={group.id}
          method="post"
          noValidate
          onSubmit={submit}
          aria-busy={busy}
          className="flex flex-col gap-5"
        >
          <GroupFields
            categories={categories.data}
            errors={errors}
            values={{
              title: shown.title,
              description: shown.description,
              link: group.link,
              category: shown.category,
              tags: group.tags,
            }}
            imageHint={`Envie uma nova imagem só se quiser trocá-la. JPG, PNG ou GIF (máx. ${IMAGE_MAX_LABEL})`}
          />
        </form>
      )}
    </Dialog>
  );
}
