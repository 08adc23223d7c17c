// /admin/pwa-settings (Configurações PWA): tabs Geral (switch, name, description, colours) and Ícones
// (PNG 192x192 and 512x512). The manifest and service worker are rebuilt from these settings.
import { ImageUp, LoaderCircle, Save, Smartphone } from 'lucide-react';
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Field, TextInput } from '#src/components/ui/Field.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { Spinner } from '#src/components/ui/Spinner.tsx';
import { Switch } from '#src/components/ui/Switch.tsx';
import { Tabs } from '#src/components/ui/Tabs.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api, fieldsOf, messageOf } from '#src/lib/api.ts';
import { fieldErrors } from '#src/lib/form-errors.ts';
import { useApi } from '#src/lib/use-api.ts';
import { PWA_ICON_SIZES, PwaSettingsSchema } from '../pwa/pwa.schema.ts';
import { PageHeader, TextField } from './admin-kit.tsx';
import { adminScreen } from './RequireAdmin.tsx';

interface Pwa {
  enabled: boolean;
  appName: string;
  description: string;
  themeColor: string;
  backgroundColor: string;
  icon192: string | null;
  icon512: string | null;
}

function ColorField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const valid = /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(value);
  return (
    <Field label={label} error={error}>
      {(p) => (
        <div className="flex gap-2">
          <span
            aria-hidden="true"
            className="size-11 shrink-0 rounded-control border border-neutral-300"
            style={{ background: valid ? value : 'transparent' }}
          />
          <TextInput
            {...p}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className="font-mono"
            maxLength={7}
          />
          <input
            type="color"
            aria-label={`${label}: escolher`}
            value={valid && value.length === 7 ? value : '#000000'}
            onChange={(e) => onChange(e.target.value.toUpperCase())}
            className="h-11 w-12 shrink-0 cursor-pointer rounded-control border border-neutral-300 bg-white p-1"
          />
        </div>
      )}
    </Field>
  );
}

/** Send a PNG as the icon of `size`, toasting the outcome; the saved settings, or null when it failed. */
async function sendIcon(size: 192 | 512, file: File): Promise<Pwa | null> {
  if (file.type !== 'image/png' && !file.name.toLowerCase().endsWith('.png')) {
    toast({
      title: 'Formato inválido',
      description: 'O ícone deve ser uma imagem PNG',
      variant: 'destructive',
    });
    return null;
  }
  const body = new FormData();
  body.set('icon', file);
  try {
    const result = await api<{ path: string; settings: Pwa }>(`/api/admin/pwa-settings/icon/${size}`, {
      method: 'POST',
      body,
    });
    toast({ title: `Ícone ${size}x${size} atualizado com sucesso`, variant: 'success' });
    return result.settings;
  } catch (error) {
    toast({
      title: 'Não foi possível enviar o ícone',
      description: messageOf(error, ''),
      variant: 'destructive',
    });
    return null;
  }
}

function IconUpload({
  size,
  current,
  onUploaded,
}: {
  size: 192 | 512;
  current: string | null;
  onUploaded: (settings: Pwa) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    const settings = await sendIcon(size, file);
    setBusy(false);
    if (input.current) input.current.value = '';
    if (settings) onUploaded(settings);
  }
  return (
    <Card className="flex items-center gap-4">
      <div className="grid size-24 shrink-0 place-items-center overflow-hidden rounded-card border border-neutral-200 bg-neutral-50">
        {current ? (
          <img src={current} alt={`Ícone ${size}x${size} atual`} className="size-full object-contain" />
        ) : (
          <Smartphone aria-hidden="true" className="size-8 text-neutral-400" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-neutral-900">
          Ícone {size}x{size}
        </h3>
        <p className="text-sm text-neutral-600">
          Recomendado: PNG quadrada de {size}x{size} pixels.
        </p>
        <input
          ref={input}
          type="file"
          accept="image/png"
          className="sr-only"
          id={`icon-${size}`}
          onChange={(e) => upload(e.target.files?.[0])}
        />
        <Button
          size="sm"
          variant="secondary"
          className="mt-2"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <ImageUp aria-hidden="true" />
          )}
          Enviar ícone
        </Button>
      </div>
    </Card>
  );
}

/** The settings as loaded and edited, their errors, and save (validated here, then on the server). */
function usePwaForm(onInvalid: () => void) {
  const loaded = useApi<Pwa>('/api/admin/pwa-settings');
  const [form, setForm] = useState<Pwa | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (loaded.data) setForm(loaded.data);
  }, [loaded.data]);
  useEffect(() => {
    if (loaded.error)
      toast({
        title: 'Não foi possível carregar as configurações PWA',
        description: loaded.error.message,
        variant: 'destructive',
      });
  }, [loaded.error]);

  async function save(event?: SubmitEvent) {
    event?.preventDefault();
    if (!form) return;
    const parsed = PwaSettingsSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      onInvalid();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await api<Pwa>('/api/admin/pwa-settings', { method: 'PUT', body: parsed.data });
      setForm(saved);
      toast({
        title: 'Configurações PWA atualizadas com sucesso',
        description: 'O site será publicado com as novas configurações.',
        variant: 'success',
      });
    } catch (error) {
      setErrors(fieldsOf(error));
      toast({
        title: 'Não foi possível salvar as configurações PWA',
        description: messageOf(error, ''),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  const set =
    <K extends keyof Pwa>(key: K) =>
    (value: Pwa[K]) =>
      setForm((f) => (f ? { ...f, [key]: value } : f));

  return { loaded, form, setForm, errors, busy, save, set };
}

function PwaAdmin() {
  const [tab, setTab] = useState<'geral' | 'icones'>('geral');
  const { loaded, form, setForm, errors, busy, save, set } = usePwaForm(() => setTab('geral'));

  return (
    <>
      <PageHeader
        title="Configurações PWA"
        description="Permita que os visitantes instalem o site como um aplicativo."
      />
      {!form ? (
        loaded.error ? (
          <LoadFailed onRetry={loaded.reload} />
        ) : (
          <Skeleton className="h-96" />
        )
      ) : (
        <>
          <Tabs
            className="mb-4"
            label="Configurações PWA"
            value={tab}
            onChange={setTab}
            tabs={[
              { value: 'geral', label: 'Geral' },
              { value: 'icones', label: 'Ícones' },
            ]}
          />
          {tab === 'geral' ? (
            <GeneralSettings form={form} errors={errors} set={set} busy={busy} onSubmit={save} />
          ) : (
            <IconSettings
              form={form}
              onUploaded={setForm}
              busy={busy}
              onBack={() => setTab('geral')}
              onSave={save}
            />
          )}
        </>
      )}
      {busy && <Spinner className="sr-only" label="Salvando…" />}
    </>
  );
}

type SetField = <K extends keyof Pwa>(key: K) => (value: Pwa[K]) => void;

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Card>
      <p className="text-neutral-700">Não foi possível carregar as configurações PWA.</p>
      <Button className="mt-3" onClick={onRetry}>
        Tentar de novo
      </Button>
    </Card>
  );
}

/** 'Geral': the switch, the name, the description and the two colours. */
function GeneralSettings(props: {
  form: Pwa;
  errors: Record<string, string>;
  set: SetField;
  busy: boolean;
  onSubmit: (event?: SubmitEvent) => void;
}) {
  const { form, errors, set } = props;
  return (
    <Card className="max-w-2xl">
      <form onSubmit={props.onSubmit} noValidate className="flex flex-col gap-4">
        <div className="rounded-control border border-neutral-200 px-3">
          <Switch
            label="Ativar PWA"
            description="Permite que os usuários instalem o site como um aplicativo"
            checked={form.enabled}
            onChange={set('enabled')}
          />
        </div>
        <TextField
          label="Nome do aplicativo"
          error={errors.appName}
          value={form.appName}
          onChange={set('appName')}
        />
        <TextField
          label="Descrição"
          error={errors.description}
          multiline
          rows={3}
          value={form.description}
          onChange={set('description')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <ColorField
            label="Cor do tema"
            value={form.themeColor}
            onChange={set('themeColor')}
            error={errors.themeColor}
          />
          <ColorField
            label="Cor de fundo"
            value={form.backgroundColor}
            onChange={set('backgroundColor')}
            error={errors.backgroundColor}
          />
        </div>
        <Button type="submit" disabled={props.busy} className="self-start">
          {props.busy ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <Save aria-hidden="true" />
          )}
          Salvar configurações
        </Button>
      </form>
    </Card>
  );
}

/** 'Ícones': one upload per size, then back to 'Geral' or save. */
function IconSettings(props: {
  form: Pwa;
  onUploaded: (settings: Pwa) => void;
  busy: boolean;
  onBack: () => void;
  onSave: () => void;
}) {
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      {PWA_ICON_SIZES.map((size) => (
        <IconUpload
          key={size}
          size={size}
          current={size === 192 ? props.form.icon192 : props.form.icon512}
          onUploaded={props.onUploaded}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={props.onBack}>
          Voltar para Geral
        </Button>
        <Button onClick={props.onSave} disabled={props.busy}>
          <Save aria-hidden="true" />
          Salvar configurações
        </Button>
      </div>
    </div>
  );
}

export default adminScreen(PwaAdmin);
