// /admin/categorias: table with add, edit and delete. The slug is suggested from the name; deleting a
// category that still has groups is refused by the server with a clear message. A category marked as
// adult content (18+) gets the age confirmation and leaves the home, related groups and default search.
import { FolderTree, Pencil, Plus, Trash2 } from 'lucide-react';
import { type SubmitEvent, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Field, TextInput } from '#src/components/ui/Field.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { CategoryFormSchema } from '#src/features/categories/categories.schema.ts';
import { slugify } from '#src/features/groups/groups.ts';
import { api } from '#src/lib/api.ts';
import { fieldErrors } from '#src/lib/form-errors.ts';
import { formatCount } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import { adminScreen } from './RequireAdmin.tsx';
import { ConfirmDialog, fieldsOf, messageOf, PageHeader, Switch } from './ui.tsx';

interface AdminCategory {
  id: number;
  name: string;
  slug: string;
  icon: string;
  adult: boolean;
  count: number;
  approvedCount: number;
}

function CategoryDialog({
  category,
  onClose,
  onSaved,
}: {
  category: AdminCategory | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState({
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    icon: category?.icon ?? 'tag',
    adult: category?.adult ?? false,
  });
  const [slugEdited, setSlugEdited] = useState(Boolean(category));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const verb = category ? 'atualizar' : 'adicionar';

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const parsed = CategoryFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setBusy(true);
    try {
      await api(category ? `/api/admin/categories/${category.id}` : '/api/admin/categories', {
        method: category ? 'PATCH' : 'POST',
        body: parsed.data,
      });
      toast({ title: category ? 'Categoria atualizada' : 'Categoria adicionada', variant: 'success' });
      onSaved();
    } catch (error) {
      setErrors(fieldsOf(error));
      toast({
        title: `Falha ao ${verb} categoria`,
        description: messageOf(error, `Falha ao ${verb} categoria`),
        variant: 'destructive',
      });
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={category ? 'Editar categoria' : 'Nova categoria'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form="categoria-form" disabled={busy}>
            {category ? 'Salvar' : 'Adicionar'}
          </Button>
        </>
      }
    >
      <form id="categoria-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label="Nome" error={errors.name}>
          {(p) => (
            <TextInput
              {...p}
              value={form.name}
              onChange={(e) => {
                const name = e.target.value;
                setForm((f) => ({ ...f, name, slug: slugEdited ? f.slug : slugify(name) }));
              }}
            />
          )}
        </Field>
        <Field
          label="Slug"
          error={errors.slug}
          hint="Usado no endereço: /categoria/slug. Letras minúsculas, números e hífens."
        >
          {(p) => (
            <TextInput
              {...p}
              value={form.slug}
              onChange={(e) => {
                setSlugEdited(true);
                setForm((f) => ({ ...f, slug: e.target.value }));
              }}
            />
          )}
        </Field>
        <Field
          label="Ícone"
          error={errors.icon}
          hint="Nome de um ícone Lucide, por exemplo: trophy, gamepad-2, tag."
        >
          {(p) => (
            <TextInput
              {...p}
              value={form.icon}
              onChange={(e) => setForm((f) => ({ ...f, icon: e.target.value }))}
            />
          )}
        </Field>
        <Switch
          checked={form.adult}
          onChange={(adult) => setForm((f) => ({ ...f, adult }))}
          label="Conteúdo adulto (18+)"
          description="Pede confirmação de idade nas páginas e tira os grupos da página inicial, dos relacionados e da busca padrão."
        />
        {errors.adult && <p className="text-sm text-red-700">{errors.adult}</p>}
      </form>
    </Dialog>
  );
}

function CategoriesAdmin() {
  const list = useApi<AdminCategory[]>('/api/admin/categories');
  const [editing, setEditing] = useState<AdminCategory | null | 'new'>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api(`/api/admin/categories/${deleting.id}`, { method: 'DELETE' });
      toast({ title: 'Categoria excluída', variant: 'success' });
      setDeleting(null);
      list.reload();
    } catch (error) {
      toast({
        title: 'Falha ao excluir categoria',
        description: messageOf(error, 'Falha ao excluir categoria'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Categorias"
        description="Organize os grupos do diretório."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Nova categoria
          </Button>
        }
      />
      {list.loading && !list.data ? (
        <Skeleton className="h-96" />
      ) : list.error ? (
        <EmptyState
          title="Não foi possível carregar as categorias"
          text={list.error.message}
          action={<Button onClick={list.reload}>Tentar de novo</Button>}
        />
      ) : !list.data?.length ? (
        <EmptyState
          icon={FolderTree}
          title="Nenhuma categoria"
          text="Adicione a primeira categoria do diretório."
        />
      ) : (
        <Card padding="none" className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-neutral-200 text-xs tracking-wide text-neutral-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Nome
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">
                  Slug
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                  Ícone
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Grupos
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {list.data.map((c) => (
                <tr key={c.id}>
                  <td className="px-4 py-2 font-medium text-neutral-900">
                    {c.name}
                    {c.adult && (
                      <Badge variant="red" className="ml-2" title="Conteúdo adulto (18+)">
                        Adulto
                      </Badge>
                    )}
                    <span className="block font-mono text-xs font-normal text-neutral-500 sm:hidden">
                      {c.slug}
                    </span>
                  </td>
                  <td className="hidden px-4 py-2 font-mono text-xs text-neutral-700 sm:table-cell">
                    {c.slug}
                  </td>
                  <td className="hidden px-4 py-2 text-neutral-700 md:table-cell">{c.icon}</td>
                  <td
                    className="px-4 py-2 text-right text-neutral-700"
                    title={`${c.approvedCount} aprovado(s)`}
                  >
                    {formatCount(c.count)}
                  </td>
                  <td className="px-2 py-1 text-right whitespace-nowrap">
                    <Button
                      size="icon"
                      variant="ghost"
                      onClick={() => setEditing(c)}
                      aria-label={`Editar ${c.name}`}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      onClick={() => setDeleting(c)}
                      aria-label={`Excluir ${c.name}`}
                      className="text-red-700 hover:bg-red-50"
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {editing && (
        <CategoryDialog
          category={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir categoria?"
        description={
          deleting && deleting.count > 0
            ? `“${deleting.name}” tem ${formatCount(deleting.count)} grupo(s). Categorias com grupos não podem ser excluídas: mova ou exclua os grupos antes.`
            : `A categoria “${deleting?.name ?? ''}” será excluída.`
        }
        confirmLabel="Excluir"
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

export default adminScreen(CategoriesAdmin);
