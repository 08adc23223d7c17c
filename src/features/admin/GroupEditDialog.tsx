// The admin's group edit dialog: content, link (with its health), category, approval, featuring and
// the group's holds (#40).
// Featuring sends the days to add; the server applies the one rule (extendFeaturing).
import { useState } from 'react';
import { Field, Select } from '#src/components/ui/Field.tsx';
import { Switch } from '#src/components/ui/Switch.tsx';
import { api } from '#src/lib/api.ts';
import { countLabel, formatDate } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import type { AdminGroup } from '../moderation/moderation.schema.ts';
import { EDIT_FEATURE_DAYS, FEATURE_DURATIONS } from '../moderation/moderation.schema.ts';
import TagPicker from '../tags/TagPicker.tsx';
import { FormDialog, failure, TextField, useFormFields, useSave } from './admin-kit.tsx';
import { GroupClaimsHistory } from './GroupClaimsHistory.tsx';
import { GroupHoldsPanel } from './GroupHolds.tsx';
import {
  CheckLinkButton,
  type LinkHealthFields,
  LinkStatusBadge,
  LinkStatusLine,
} from './LinkHealthAdmin.tsx';

/**
 * What saving will do, said without the browser's clock: the server adds the days to the current end
 * while the group is featured (paid time included), or starts the featuring when it saves.
 */
/** The whole days of featuring a hold keeps (from the pause to the end it had). */
function pausedDays(pausedAt: string, until: string): number {
  return Math.max(0, Math.ceil((new Date(until).getTime() - new Date(pausedAt).getTime()) / 86_400_000));
}

function featureHint(group: AdminGroup, days: number): string {
  const span = days === 1 ? '1 dia' : `${days} dias`;
  if (group.featured && group.featuredUntil) {
    const end = formatDate(group.featuredUntil);
    return days
      ? `Em destaque até ${end}; ao salvar, mais ${span} depois dessa data.`
      : `Em destaque até ${end}.`;
  }
  return `O destaque começa ao salvar e dura ${span}.`;
}

export function GroupEditDialog({
  group,
  onClose,
  onSaved,
}: {
  group: AdminGroup;
  onClose: () => void;
  onSaved: () => void;
}) {
  const categories = useApi<{ id: number; name: string; adult: boolean }[]>('/api/admin/categories');
  const { form, set, field } = useFormFields({
    title: group.title,
    description: group.description,
    link: group.link,
    category: group.category,
    approved: group.approved,
    featured: group.featured,
  });
  // Days to add by the server's rule; 0 leaves a running featuring as it is.
  const [days, setDays] = useState<number>(group.featured ? 0 : EDIT_FEATURE_DAYS);
  const { errors, busy, save } = useSave(onSaved);
  const [linkState, setLinkState] = useState<LinkHealthFields>(group);
  // The group's tags (#43): sent only when the admin changed them (they apply at once).
  const [tags, setTags] = useState<string[] | null>(null);

  function onSubmit() {
    const body: Record<string, unknown> = { ...form };
    if (tags && tags.join(',') !== (group.tags ?? []).join(',')) body.tags = tags.join(',');
    if (form.featured && days) body.featureDays = days;
    else if (form.featured) delete body.featured;
    void save(
      {},
      () => api(`/api/admin/groups/${group.id}`, { method: 'PATCH', body }),
      { title: 'Grupo atualizado', description: 'As alterações foram salvas.' },
      failure('Erro ao atualizar grupo', 'Ocorreu um erro ao atualizar o grupo'),
    );
  }

  const names = categories.data?.map((c) => c.name) ?? [group.category];

  return (
    <FormDialog
      id="editar-grupo"
      title="Editar grupo"
      submitLabel="Salvar alterações"
      size="lg"
      busy={busy}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <TextField label="Título" error={errors.title} required {...field('title')} />
      <TextField label="Descrição" error={errors.description} multiline {...field('description')} />
      <TextField label="Link do convite" error={errors.link} type="url" {...field('link')} />
      <div className="flex flex-wrap items-center gap-2 rounded-control border border-neutral-200 p-3">
        <LinkStatusBadge group={linkState} />
        <LinkStatusLine group={linkState} />
        <CheckLinkButton group={linkState} onChecked={setLinkState} />
      </div>
      <Field label="Categoria" error={errors.category}>
        {(p) => (
          <Select {...p} value={form.category} onChange={(e) => set('category')(e.target.value)}>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <TagPicker
        initial={group.tags ?? []}
        error={errors.tags}
        allowAdult={categories.data?.find((c) => c.name === form.category)?.adult ?? false}
        onChange={setTags}
      />
      <div className="rounded-control border border-neutral-200 px-3">
        <Switch
          label="Aprovado"
          description="Visível no site"
          checked={form.approved}
          onChange={set('approved')}
        />
      </div>
      <div className="rounded-control border border-neutral-200 px-3 pb-2">
        <Switch
          label="Destaque"
          description={
            group.featuringPausedAt && group.featuredUntil
              ? `Destaque pausado enquanto o grupo está fora do ar: ${countLabel(pausedDays(group.featuringPausedAt, group.featuredUntil), 'dia guardado', 'dias guardados')}`
              : group.featured && group.featuredUntil
                ? `Destacado até ${formatDate(group.featuredUntil)}`
                : 'Aparece no topo da página inicial'
          }
          checked={form.featured}
          onChange={set('featured')}
        />
        {form.featured && (
          <Field
            label={group.featured ? 'Adicionar ao destaque' : 'Duração do destaque'}
            hint={featureHint(group, days)}
          >
            {(p) => (
              <Select {...p} value={String(days)} onChange={(e) => setDays(Number(e.target.value))}>
                {group.featured && <option value="0">Não alterar</option>}
                {FEATURE_DURATIONS.map((d) => (
                  <option key={d} value={d}>
                    {group.featured ? '+ ' : ''}
                    {d === 1 ? '1 dia' : `${d} dias`}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
      </div>
      <GroupHoldsPanel groupId={group.id} />
      <GroupClaimsHistory groupId={group.id} />
    </FormDialog>
  );
}
