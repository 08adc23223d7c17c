// /admin/categorias: table with add, edit and delete. The slug is suggested from the name; deleting a
// category that still has groups is refused by the server with a clear message. A category marked as
// adult content (18+) gets the age confirmation and leaves the home, related groups and default search.
import { FolderTree } from 'lucide-react';
import { useState } from 'react';
import { CATEGORY_ICON_LABELS, CATEGORY_ICONS, categoryIcon } from '#src/components/category-icon.ts';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { Switch } from '#src/components/ui/Switch.tsx';
import { CategoryFormSchema } from '#src/features/categories/categories.schema.ts';
import { fieldErrors } from '#src/lib/form-errors.ts';
import { countLabel, formatCount } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import {
  FormDialog,
  failure,
  ListView,
  NameSlugFields,
  NewButton,
  PageHeader,
  RowActions,
  useConfirmedDelete,
  useFormFields,
  useRecordSave,
} from './admin-kit.tsx';
import { adminScreen } from './RequireAdmin.tsx';

interface AdminCategory {
  id: number;
  name: string;
  slug: string;
  icon: string;
  adult: boolean;
  count: number;
  approvedCount: number;
}

/** The icon a category shows on the site (its stored one, else the one its name maps to), named. */
function CategoryIconView({ category }: { category: { name: string; icon: string } }) {
  const Icon = categoryIcon(category);
  const key = Object.keys(CATEGORY_ICONS).find((k) => CATEGORY_ICONS[k] === Icon) ?? 'tag';
  return (
    <span className="inline-flex items-center gap-2" title={CATEGORY_ICON_LABELS[key]}>
      <Icon aria-hidden="true" className="size-5 text-brand-800" />
      <span className="sr-only">{CATEGORY_ICON_LABELS[key]}</span>
    </span>
  );
}

/** The icons a category may have, as buttons showing each one (one pressed: the chosen). */
function IconPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (icon: string) => void;
  error?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-neutral-800">Ícone</legend>
      <div className="flex flex-wrap gap-2">
        {Object.entries(CATEGORY_ICONS).map(([key, Icon]) => (
          <button
            key={key}
            type="button"
            aria-pressed={value === key}
            aria-label={CATEGORY_ICON_LABELS[key]}
            title={CATEGORY_ICON_LABELS[key]}
            onClick={() => onChange(key)}
            className="grid size-11 cursor-pointer place-items-center rounded-control border border-neutral-300 bg-white text-neutral-700 hover:border-brand-600 aria-pressed:border-2 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
          >
            <Icon aria-hidden="true" className="size-5" />
          </button>
        ))}
      </div>
      <p className="text-xs text-neutral-600">
        {CATEGORY_ICONS[value]
          ? `Escolhido: ${CATEGORY_ICON_LABELS[value]}.`
          : 'Escolha um ícone: sem ele, a categoria usa o da lista pelo nome, ou a etiqueta.'}
      </p>
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
    </fieldset>
  );
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
  const { form, setForm, set } = useFormFields({
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    icon: category?.icon ?? 'tag',
    adult: category?.adult ?? false,
  });
  const { errors, busy, submit } = useRecordSave(onSaved, '/api/admin/categories', 'categoria', category?.id);

  function onSubmit() {
    const parsed = CategoryFormSchema.safeParse(form);
    void submit(parsed.success ? {} : fieldErrors(parsed.error), parsed.data);
  }

  return (
    <FormDialog
      id="categoria-form"
      title={category ? 'Editar categoria' : 'Nova categoria'}
      submitLabel={category ? 'Salvar' : 'Adicionar'}
      busy={busy}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <NameSlugFields
        name={form.name}
        slug={form.slug}
        errors={errors}
        address="/categoria/slug"
        existing={Boolean(category)}
        onChange={(next) => setForm((f) => ({ ...f, ...next }))}
      />
      <IconPicker value={form.icon} onChange={set('icon')} error={errors.icon} />
      <Switch
        checked={form.adult}
        onChange={set('adult')}
        label="Conteúdo adulto (18+)"
        description="Pede confirmação de idade nas páginas e tira os grupos da página inicial, dos relacionados e da busca padrão."
      />
      {errors.adult && <p className="text-sm text-red-700">{errors.adult}</p>}
    </FormDialog>
  );
}

/** The categories with their icon, slug and group count, and the row actions. */
function CategoriesTable({
  categories,
  onEdit,
  onDelete,
}: {
  categories: AdminCategory[];
  onEdit: (category: AdminCategory) => void;
  onDelete: (category: AdminCategory) => void;
}) {
  return (
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
          {categories.map((c) => (
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
              <td className="hidden px-4 py-2 font-mono text-xs text-neutral-700 sm:table-cell">{c.slug}</td>
              <td className="hidden px-4 py-2 text-neutral-700 md:table-cell">
                <CategoryIconView category={c} />
              </td>
              <td
                className="px-4 py-2 text-right text-neutral-700"
                title={countLabel(c.approvedCount, 'aprovado', 'aprovados')}
              >
                {formatCount(c.count)}
              </td>
              <td className="px-2 py-1 text-right whitespace-nowrap">
                <RowActions name={c.name} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function CategoriesAdmin() {
  const list = useApi<AdminCategory[]>('/api/admin/categories');
  const [editing, setEditing] = useState<AdminCategory | null | 'new'>(null);
  const remove = useConfirmedDelete<AdminCategory>({
    path: (c) => `/api/admin/categories/${c.id}`,
    deleted: 'Categoria excluída',
    failed: failure('Falha ao excluir categoria', 'Falha ao excluir categoria'),
    onDeleted: list.reload,
  });

  return (
    <>
      <PageHeader
        title="Categorias"
        description="Organize os grupos do diretório."
        actions={<NewButton label="Nova categoria" onClick={() => setEditing('new')} />}
      />
      <ListView
        list={list}
        items={list.data}
        skeleton={<Skeleton className="h-96" />}
        errorTitle="Não foi possível carregar as categorias"
        empty={{
          icon: FolderTree,
          title: 'Nenhuma categoria',
          text: 'Adicione a primeira categoria do diretório.',
        }}
      >
        {(categories) => (
          <CategoriesTable categories={categories} onEdit={setEditing} onDelete={remove.ask} />
        )}
      </ListView>
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
      {remove.dialog({
        title: 'Excluir categoria?',
        description: (c) =>
          c && c.count > 0
            ? `“${c.name}” tem ${countLabel(c.count, 'grupo', 'grupos')}. Categorias com grupos não podem ser excluídas: mova ou exclua os grupos antes.`
            : `A categoria “${c?.name ?? ''}” será excluída.`,
      })}
    </>
  );
}

export default adminScreen(CategoriesAdmin);
