// /admin/tags (#43): the tag vocabulary. Add and edit a tag (name, slug, synonyms, category affinity,
// 18+, hidden) and merge one into another (its groups move to the other, its page redirects). Tags are
// never deleted: a merged or hidden one keeps its slug, so no old link starts meaning something else.
import { Merge, Pencil, Tags } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Field, Select } from '#src/components/ui/Field.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { Switch } from '#src/components/ui/Switch.tsx';
import { type AdminTag, TagFormSchema, TagMergeSchema } from '#src/features/tags/tags.ts';
import { api } from '#src/lib/api.ts';
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
  TextField,
  useFormFields,
  useRecordSave,
  useSave,
} from './admin-kit.tsx';
import { adminScreen } from './RequireAdmin.tsx';

/** The tag dialog's fields as typed (synonyms comma-separated, the category's id as text). */
interface TagFormState {
  name: string;
  slug: string;
  synonyms: string;
  categoryId: string;
  adult: boolean;
  hidden: boolean;
}

interface CategoryOption {
  id: number;
  name: string;
}

function TagDialog({
  tag,
  categories,
  onClose,
  onSaved,
}: {
  tag: AdminTag | null;
  categories: CategoryOption[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { form, setForm, set } = useFormFields<TagFormState>({
    name: tag?.name ?? '',
    slug: tag?.slug ?? '',
    synonyms: tag?.synonyms.join(', ') ?? '',
    categoryId: tag?.categoryId ? String(tag.categoryId) : '',
    adult: tag?.adult ?? false,
    hidden: tag?.hidden ?? false,
  });
  const { errors, busy, submit } = useRecordSave(onSaved, '/api/admin/tags', 'tag', tag?.id);

  function onSubmit() {
    const parsed = TagFormSchema.safeParse({
      ...form,
      categoryId: form.categoryId ? Number(form.categoryId) : null,
    });
    void submit(parsed.success ? {} : fieldErrors(parsed.error), parsed.data);
  }

  return (
    <FormDialog
      id="tag-form"
      title={tag ? 'Editar tag' : 'Nova tag'}
      submitLabel={tag ? 'Salvar' : 'Adicionar'}
      busy={busy}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <NameSlugFields
        name={form.name}
        slug={form.slug}
        errors={errors}
        address="/tag/slug"
        existing={Boolean(tag)}
        onChange={(next) => setForm((f) => ({ ...f, ...next }))}
      />
      <TagDetails form={form} set={set} errors={errors} categories={categories} />
    </FormDialog>
  );
}

/** The tag's synonyms, category affinity, 18+ and hidden flags (the dialog's second half). */
function TagDetails({
  form,
  set,
  errors,
  categories,
}: {
  form: TagFormState;
  set: ReturnType<typeof useFormFields<TagFormState>>['set'];
  errors: Record<string, string>;
  categories: CategoryOption[];
}) {
  return (
    <>
      <TextField
        label="Sinônimos"
        hint="Separados por vírgula. As sugestões de tags usam o nome e os sinônimos (ex.: SP, sampa)."
        error={errors.synonyms}
        value={form.synonyms}
        onChange={set('synonyms')}
      />
      <Field
        label="Categoria relacionada"
        hint="Opcional: a página da categoria mostra a tag em 'Assuntos populares'."
      >
        {(p) => (
          <Select {...p} value={form.categoryId} onChange={(e) => set('categoryId')(e.target.value)}>
            <option value="">Nenhuma</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Switch
        checked={form.adult}
        onChange={set('adult')}
        label="Conteúdo adulto (18+)"
        description="Só grupos de categorias 18+ podem usar esta tag; ela não tem página pública."
      />
      <Switch
        checked={form.hidden}
        onChange={set('hidden')}
        label="Oculta"
        description="Sai da lista de escolha, das páginas dos grupos e da sua página de assunto."
      />
    </>
  );
}

function MergeDialog({
  tag,
  tags,
  onClose,
  onSaved,
}: {
  tag: AdminTag;
  tags: AdminTag[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [into, setInto] = useState('');
  const { errors, busy, save } = useSave(onSaved);
  const targets = tags.filter((t) => t.id !== tag.id && t.mergedInto === null);

  function onSubmit() {
    const parsed = TagMergeSchema.safeParse({ into });
    void save(
      parsed.success ? {} : fieldErrors(parsed.error),
      () => api(`/api/admin/tags/${tag.id}/merge`, { method: 'POST', body: parsed.data }),
      { title: 'Tags juntadas' },
      failure('Falha ao juntar as tags', 'Falha ao juntar as tags'),
    );
  }

  return (
    <FormDialog
      id="tag-merge"
      title={`Juntar “${tag.name}” a outra tag`}
      submitLabel="Juntar"
      busy={busy}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <p className="text-sm text-neutral-700">
        Os {countLabel(tag.groups, 'grupo', 'grupos')} com “{tag.name}” passam a ter a tag escolhida, e o
        endereço /tag/{tag.slug} deixa de ter página própria. Não dá para desfazer.
      </p>
      <Field label="Juntar a" error={errors.into}>
        {(p) => (
          <Select {...p} value={into} onChange={(e) => setInto(e.target.value)}>
            <option value="" disabled>
              Escolha a tag que fica
            </option>
            {targets.map((t) => (
              <option key={t.id} value={t.slug}>
                {t.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </FormDialog>
  );
}

function TagRow({ tag, onEdit, onMerge }: { tag: AdminTag; onEdit: () => void; onMerge: () => void }) {
  return (
    <tr className={tag.mergedInto || tag.hidden ? 'bg-neutral-50 text-neutral-600' : undefined}>
      <td className="px-4 py-2 font-medium text-neutral-900">
        {tag.name}
        {tag.adult && (
          <Badge variant="red" className="ml-2">
            18+
          </Badge>
        )}
        {tag.hidden && (
          <Badge variant="neutral" className="ml-2">
            Oculta
          </Badge>
        )}
        {tag.mergedInto && <span className="ml-2 text-xs font-normal">→ juntada a {tag.mergedInto}</span>}
        <span className="block font-mono text-xs font-normal text-neutral-500 sm:hidden">{tag.slug}</span>
      </td>
      <td className="hidden px-4 py-2 font-mono text-xs text-neutral-700 sm:table-cell">{tag.slug}</td>
      <td className="hidden max-w-64 truncate px-4 py-2 text-neutral-700 md:table-cell">
        {tag.synonyms.join(', ')}
      </td>
      <td
        className="px-4 py-2 text-right text-neutral-700"
        title={countLabel(tag.publicGroups, 'público', 'públicos')}
      >
        {formatCount(tag.groups)}
      </td>
      <td className="px-2 py-1 text-right whitespace-nowrap">
        {!tag.mergedInto && (
          <>
            <Button
              size="icon"
              variant="ghost"
              onClick={onEdit}
              aria-label={`Editar ${tag.name}`}
              title="Editar"
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              onClick={onMerge}
              aria-label={`Juntar ${tag.name} a outra tag`}
              title="Juntar a outra tag"
            >
              <Merge aria-hidden="true" />
            </Button>
          </>
        )}
      </td>
    </tr>
  );
}

function TagsTable({
  tags,
  onEdit,
  onMerge,
}: {
  tags: AdminTag[];
  onEdit: (tag: AdminTag) => void;
  onMerge: (tag: AdminTag) => void;
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
              Sinônimos
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
          {tags.map((t) => (
            <TagRow key={t.id} tag={t} onEdit={() => onEdit(t)} onMerge={() => onMerge(t)} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function TagsAdmin() {
  const list = useApi<{ tags: AdminTag[] }>('/api/admin/tags');
  const categories = useApi<CategoryOption[]>('/api/admin/categories');
  const [editing, setEditing] = useState<AdminTag | null | 'new'>(null);
  const [merging, setMerging] = useState<AdminTag | null>(null);
  const done = () => {
    setEditing(null);
    setMerging(null);
    list.reload();
  };

  return (
    <>
      <PageHeader
        title="Tags"
        description="Assuntos, lugares, jogos e concursos que os donos escolhem para os grupos. Cada tag visível tem sua página."
        actions={<NewButton label="Nova tag" onClick={() => setEditing('new')} />}
      />
      <ListView
        list={list}
        items={list.data?.tags}
        skeleton={<Skeleton className="h-96" />}
        errorTitle="Não foi possível carregar as tags"
        empty={{ icon: Tags, title: 'Nenhuma tag', text: 'Adicione a primeira tag do diretório.' }}
      >
        {(tags) => <TagsTable tags={tags} onEdit={setEditing} onMerge={setMerging} />}
      </ListView>
      {editing && (
        <TagDialog
          tag={editing === 'new' ? null : editing}
          categories={categories.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={done}
        />
      )}
      {merging && list.data && (
        <MergeDialog tag={merging} tags={list.data.tags} onClose={() => setMerging(null)} onSaved={done} />
      )}
    </>
  );
}

export default adminScreen(TagsAdmin);
