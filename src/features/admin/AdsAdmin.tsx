// /admin/anuncios: the placement setting ('no máximo 1 anúncio a cada N cartões'), card grid (6 per page),
// create and edit dialogs with the image (required to be active: the server refuses otherwise, #45),
// delete confirmation and an active toggle on each card.
import { ExternalLink, ImageOff, Megaphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Field } from '#src/components/ui/Field.tsx';
import { Pagination } from '#src/components/ui/Pagination.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { Switch } from '#src/components/ui/Switch.tsx';
import { api, messageOf } from '#src/lib/api.ts';
import { fieldErrors } from '#src/lib/form-errors.ts';
import { countLabel } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import {
  AD_IMAGE_REQUIRED,
  ADS_PAGE_SIZE,
  type AdminAdJson as Ad,
  AdFormSchema,
  type AdSettingsJson,
  AdSettingsSchema,
} from '../ads/ads.schema.ts';
import { MAX_CARDS_PER_AD, MIN_CARDS_PER_AD } from '../ads/ads.ts';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_LABEL,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from '../images/group-image.ts';
import {
  FormDialog,
  ListView,
  NewButton,
  PageHeader,
  RowActions,
  TextField,
  toggleActive,
  useConfirmedDelete,
  useFormFields,
  useSave,
} from './admin-kit.tsx';
import { adminScreen } from './RequireAdmin.tsx';

interface AdPage {
  advertisements: Ad[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

/** The picture as the lists show it (3:1, ad-card.ts); a missing one is why the ad cannot be active. */
function AdImage({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed)
    return (
      <div className="grid aspect-[3/1] place-items-center bg-neutral-100 text-neutral-400">
        <ImageOff aria-hidden="true" className="size-8" />
      </div>
    );
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(true)}
      className="aspect-[3/1] w-full object-cover"
    />
  );
}

function AdDialog({ ad, onClose, onSaved }: { ad: Ad | null; onClose: () => void; onSaved: () => void }) {
  const { form, set, field } = useFormFields({
    title: ad?.title ?? '',
    description: ad?.description ?? '',
    link: ad?.link ?? '',
    active: ad?.active ?? true,
  });
  const [file, setFile] = useState<File | null>(null);
  const { errors, busy, save } = useSave(onSaved);
  const verb = ad ? 'atualizar' : 'criar';

  function onSubmit() {
    const parsed = AdFormSchema.safeParse(form);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (file && file.size > IMAGE_MAX_BYTES) found.image = IMAGE_TOO_LARGE_MESSAGE;
    if (file && !file.type.startsWith('image/')) found.image = IMAGE_TYPE_MESSAGE;
    if (form.active && !file && !ad?.image) found.image = AD_IMAGE_REQUIRED;
    const body = new FormData();
    body.set('title', form.title);
    body.set('description', form.description);
    body.set('link', form.link);
    body.set('active', String(form.active));
    if (file) body.set('image', file);
    void save(
      found,
      () =>
        api(ad ? `/api/admin/advertisements/${ad.id}` : '/api/admin/advertisements', {
          method: ad ? 'PATCH' : 'POST',
          body,
        }),
      { title: ad ? 'Anúncio atualizado' : 'Anúncio criado' },
      (error) => ({ title: `Erro ao ${verb} anúncio: ${messageOf(error, 'tente novamente')}` }),
    );
  }

  return (
    <FormDialog
      id="anuncio-form"
      title={ad ? 'Editar anúncio' : 'Novo anúncio'}
      submitLabel={ad ? 'Salvar' : 'Criar anúncio'}
      size="lg"
      busy={busy}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <TextField label="Título" error={errors.title} {...field('title')} />
      <TextField label="Descrição" error={errors.description} multiline rows={3} {...field('description')} />
      <TextField
        label="Link"
        error={errors.link}
        hint="Endereço completo, com https://"
        type="url"
        inputMode="url"
        {...field('link')}
      />
      <Field
        label="Imagem"
        error={errors.image}
        hint={`Obrigatória para o anúncio ficar ativo. JPG, PNG, WebP ou GIF até ${IMAGE_MAX_LABEL}, na proporção 3:1 (ex.: 1200×400). Convertida para WebP.`}
      >
        {(p) => (
          <input
            {...p}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-neutral-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-control file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
          />
        )}
      </Field>
      {ad?.image && !file && (
        <img src={ad.image} alt="Imagem atual" className="max-h-40 rounded-control object-cover" />
      )}
      <div className="rounded-control border border-neutral-200 px-3">
        <Switch
          label="Ativo"
          description="Exibido nas listas de grupos, com a imagem e o selo 'Patrocinado'"
          checked={form.active}
          onChange={set('active')}
        />
      </div>
    </FormDialog>
  );
}

/** 'No máximo 1 anúncio a cada N cartões', the one setting of every list's ads (GET/PUT /api/admin/ad-settings). */
function AdFrequency() {
  const stored = useApi<AdSettingsJson>('/api/admin/ad-settings');
  const [draft, setDraft] = useState<string | null>(null);
  const { errors, busy, save } = useSave(() => {
    setDraft(null);
    stored.reload();
  });
  const value = draft ?? (stored.data ? String(stored.data.cardsPerAd) : '');
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = AdSettingsSchema.safeParse({ cardsPerAd: value });
    void save(
      parsed.success ? {} : fieldErrors(parsed.error),
      () => api('/api/admin/ad-settings', { method: 'PUT', body: parsed.data }),
      {
        title: 'Frequência dos anúncios salva',
        description: 'As listas do site são atualizadas em instantes.',
      },
      (error) => ({ title: `Erro ao salvar: ${messageOf(error, 'tente novamente')}` }),
    );
  }
  return (
    <Card as="section" aria-labelledby="frequencia-anuncios" className="mb-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <h2 id="frequencia-anuncios" className="font-semibold text-neutral-900">
            Frequência nas listas
          </h2>
          <p className="mt-1 text-sm text-neutral-600">
            Nunca nas três primeiras posições nem dois seguidos. Com 8, uma página de categoria (8 grupos)
            mostra 1 anúncio e a página inicial (18 grupos), 2.
          </p>
        </div>
        <div className="sm:w-56">
          <TextField
            label="No máximo 1 anúncio a cada"
            hint={`cartões (de ${MIN_CARDS_PER_AD} a ${MAX_CARDS_PER_AD})`}
            error={errors.cardsPerAd}
            type="number"
            inputMode="numeric"
            min={MIN_CARDS_PER_AD}
            max={MAX_CARDS_PER_AD}
            value={value}
            disabled={!stored.data}
            onChange={setDraft}
          />
        </div>
        <Button type="submit" disabled={busy || !stored.data} className="sm:mb-6">
          Salvar
        </Button>
      </form>
    </Card>
  );
}

function AdsAdmin() {
  const [page, setPage] = useState(1);
  const list = useApi<AdPage>(`/api/admin/advertisements?page=${page}&limit=${ADS_PAGE_SIZE}`);
  const [editing, setEditing] = useState<Ad | 'new' | null>(null);
  const failed = (action: string) => (error: unknown) => ({
    title: `Erro ao ${action} anúncio: ${messageOf(error, 'tente novamente')}`,
  });
  const toggle = (ad: Ad) =>
    toggleActive(
      `/api/admin/advertisements/${ad.id}`,
      !ad.active,
      { on: 'Anúncio ativado', off: 'Anúncio desativado', failed: failed('atualizar') },
      list.reload,
    );
  const remove = useConfirmedDelete<Ad>({
    path: (ad) => `/api/admin/advertisements/${ad.id}`,
    deleted: 'Anúncio excluído',
    failed: failed('excluir'),
    onDeleted: () => {
      if (list.data?.advertisements.length === 1 && page > 1) setPage(page - 1);
      else list.reload();
    },
  });

  return (
    <>
      <PageHeader
        title="Anúncios"
        description="Anúncios marcados como 'Patrocinado' nas listas de grupos."
        actions={<NewButton label="Novo anúncio" onClick={() => setEditing('new')} />}
      />
      <AdFrequency />
      <ListView
        list={list}
        items={list.data?.advertisements}
        skeleton={
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: ADS_PAGE_SIZE }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders.
              <Skeleton key={i} className="h-80" />
            ))}
          </div>
        }
        errorTitle="Não foi possível carregar os anúncios"
        empty={{ icon: Megaphone, title: 'Nenhum anúncio', text: 'Crie o primeiro anúncio.' }}
      >
        {(ads) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {ads.map((ad) => (
              <Card as="li" key={ad.id} padding="none" className="flex flex-col overflow-hidden">
                <AdImage src={ad.image} alt="" />
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <h2 dir="auto" className="line-clamp-2 font-semibold text-neutral-900">
                      {ad.title}
                    </h2>
                    {ad.active ? <Badge variant="green">Ativo</Badge> : <Badge variant="grey">Inativo</Badge>}
                  </div>
                  <p dir="auto" className="line-clamp-3 text-sm text-neutral-600">
                    {ad.description}
                  </p>
                  <a
                    href={ad.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center gap-1 truncate text-sm font-medium text-brand-800 hover:underline"
                  >
                    <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
                    <span className="truncate">{ad.link}</span>
                  </a>
                  <p className="text-xs text-neutral-500">{countLabel(ad.cliques, 'clique', 'cliques')}</p>
                  <div className="mt-auto flex items-center justify-between gap-2 border-t border-neutral-100 pt-2">
                    <Switch
                      label="Ativo"
                      description={ad.image ? undefined : 'Sem imagem: não pode ser ativado'}
                      checked={ad.active}
                      disabled={!ad.image && !ad.active}
                      onChange={() => toggle(ad)}
                    />
                    <div className="flex">
                      <RowActions
                        name={ad.title}
                        onEdit={() => setEditing(ad)}
                        onDelete={() => remove.ask(ad)}
                      />
                    </div>
                  </div>
                </div>
              </Card>
            ))}
          </ul>
        )}
      </ListView>
      <Pagination
        page={page}
        pages={list.data?.pagination.totalPages ?? 1}
        onChange={setPage}
        disabled={list.loading}
      />
      {editing && (
        <AdDialog
          ad={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {remove.dialog({
        title: 'Excluir anúncio?',
        description: (ad) => `O anúncio “${ad?.title ?? ''}” será excluído definitivamente.`,
      })}
    </>
  );
}

export default adminScreen(AdsAdmin);
