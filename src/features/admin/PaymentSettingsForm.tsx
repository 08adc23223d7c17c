// /admin/payment-settings (Configurações de Pagamento): provider switches, preferred method, keys per
// provider (secrets come back masked; leaving the mask keeps the stored secret) and the URLs.
import { AlertTriangle, ExternalLink } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Field, TextInput } from '#src/components/ui/Field.tsx';
import { Spinner } from '#src/components/ui/Spinner.tsx';
import { Tabs } from '#src/components/ui/Tabs.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { adminScreen } from '#src/features/admin/RequireAdmin.tsx';
import { api } from '#src/lib/api.ts';
import { useApi } from '#src/lib/use-api.ts';
import type { PaymentSettingsInput } from '../payments/payments.schema.ts';

type Settings = Required<{ [K in keyof PaymentSettingsInput]: NonNullable<PaymentSettingsInput[K]> }>;
type Tab = 'mercadopago' | 'stripe' | 'urls';

const EMPTY: Settings = {
  mercadoPagoAccessToken: '',
  mercadoPagoWebhookSecret: '',
  mercadoPagoPublicKey: '',
  stripeSecretKey: '',
  stripePublicKey: '',
  stripeWebhookSecret: '',
  callbackUrl: '',
  returnUrl: '',
  mode: 'sandbox',
  preferredPaymentMethod: 'mercadopago',
  mercadopagoEnabled: true,
  stripeEnabled: false,
};

/** The settings typed freely (keys and addresses), not the ones chosen from a list. */
type TextKey = { [K in keyof Settings]: string extends Settings[K] ? K : never }[keyof Settings];

/** Each tab's keys and addresses, in the order the form shows them. */
const TAB_FIELDS: Record<Tab, { key: TextKey; label: string; hint?: string; secret?: boolean }[]> = {
  mercadopago: [
    {
      key: 'mercadoPagoAccessToken',
      label: 'Token de acesso',
      hint: 'No Mercado Pago: Access Token. Começa com APP_USR-',
      secret: true,
    },
    { key: 'mercadoPagoPublicKey', label: 'Chave pública', hint: 'No Mercado Pago: Public Key' },
    {
      key: 'mercadoPagoWebhookSecret',
      label: 'Assinatura secreta das notificações',
      hint: 'No Mercado Pago: Webhook Secret (confere o x-signature de cada notificação)',
      secret: true,
    },
  ],
  stripe: [
    {
      key: 'stripeSecretKey',
      label: 'Chave secreta',
      hint: 'No Stripe: Secret Key. Começa com sk_test_ ou sk_live_',
      secret: true,
    },
    {
      key: 'stripePublicKey',
      label: 'Chave pública',
      hint: 'No Stripe: Publishable Key. Começa com pk_test_ ou pk_live_',
    },
    {
      key: 'stripeWebhookSecret',
      label: 'Segredo do webhook',
      hint: 'No Stripe: Signing secret do webhook. Começa com whsec_',
      secret: true,
    },
  ],
  urls: [
    {
      key: 'returnUrl',
      label: 'URL de retorno',
      hint: 'Endereço do site para onde o comprador volta após pagar, com https://',
    },
    {
      key: 'callbackUrl',
      label: 'URL de callback (webhook)',
      hint: 'Endereço de notificação do Mercado Pago, ex.: https://seusite.com.br/api/payments/webhook/mercadopago. No Stripe, cadastre /api/payments/webhook/stripe.',
    },
  ],
};

/** A key or URL of a provider: monospace, never autofilled, a secret hidden as typed. */
function KeyField({
  label,
  hint,
  value,
  onChange,
  secret,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  secret?: boolean;
}) {
  return (
    <Field label={label} hint={hint}>
      {(props) => (
        <TextInput
          {...props}
          type={secret ? 'password' : 'text'}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="font-mono"
        />
      )}
    </Field>
  );
}

function PanelLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 underline"
    >
      {children} <ExternalLink aria-hidden="true" className="size-4" />
    </a>
  );
}

function PaymentSettingsForm() {
  const { data, error } = useApi<Partial<Settings>>('/api/admin/payment-settings');
  const [settings, setSettings] = useState<Settings | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!data) return;
    const merged = { ...EMPTY };
    for (const key of Object.keys(EMPTY) as (keyof Settings)[]) {
      const value = data[key];
      if (value !== null && value !== undefined) (merged as Record<string, unknown>)[key] = value;
    }
    setSettings(merged);
  }, [data]);
  useEffect(() => {
    if (error)
      toast({
        title: 'Erro ao carregar configurações',
        description: error.message || 'Ocorreu um erro ao carregar as configurações de pagamento.',
        variant: 'destructive',
      });
  }, [error]);

  if (!settings) return <Spinner />;

  const set: SetSetting = (key, value) => setSettings({ ...settings, [key]: value });
  const toggle = (provider: 'mercadopago' | 'stripe') => {
    const key = provider === 'mercadopago' ? 'mercadopagoEnabled' : 'stripeEnabled';
    const next = { ...settings, [key]: !settings[key] };
    // A preferred provider can only be one that is on.
    if (!next[key] && next.preferredPaymentMethod === provider) {
      const other = provider === 'mercadopago' ? 'stripe' : 'mercadopago';
      if (next[other === 'mercadopago' ? 'mercadopagoEnabled' : 'stripeEnabled'])
        next.preferredPaymentMethod = other;
    }
    setSettings(next);
  };

  async function save() {
    setSaving(true);
    try {
      const saved = await api<Settings>('/api/admin/payment-settings', { method: 'PUT', body: settings });
      setSettings({
        ...EMPTY,
        ...Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== null)),
      } as Settings);
      toast({
        title: 'Configurações salvas',
        description: 'As configurações de pagamento foram atualizadas com sucesso.',
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Erro ao salvar configurações',
        description:
          (error instanceof Error && error.message) ||
          'Ocorreu um erro ao salvar as configurações de pagamento.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-neutral-900">Configurações de Pagamento</h1>
      <ProviderList settings={settings} set={set} toggle={toggle} />
      <ProviderKeys settings={settings} set={set} />
      <div className="flex justify-end">
        <Button size="lg" onClick={save} disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar Configurações'}
        </Button>
      </div>
    </div>
  );
}

type SetSetting = <K extends keyof Settings>(key: K, value: Settings[K]) => void;

/** 'Métodos de pagamento': each provider on or off, and the preferred one. */
function ProviderList(props: {
  settings: Settings;
  set: SetSetting;
  toggle: (provider: 'mercadopago' | 'stripe') => void;
}) {
  const { settings, set } = props;
  const providers = [
    { id: 'mercadopago' as const, name: 'Mercado Pago', enabled: settings.mercadopagoEnabled },
    { id: 'stripe' as const, name: 'Stripe', enabled: settings.stripeEnabled },
  ];
  return (
    <Card>
      <h2 className="font-semibold">Métodos de pagamento</h2>
      <ul className="mt-3 divide-y divide-neutral-200">
        {providers.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="flex items-center gap-3">
              <span className="font-medium">{p.name}</span>
              <Badge variant={p.enabled ? 'green' : 'grey'}>{p.enabled ? 'Ativo' : 'Inativo'}</Badge>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant={settings.preferredPaymentMethod === p.id ? 'primary' : 'secondary'}
                aria-pressed={settings.preferredPaymentMethod === p.id}
                disabled={!p.enabled}
                onClick={() => set('preferredPaymentMethod', p.id)}
              >
                {settings.preferredPaymentMethod === p.id ? 'Preferido' : 'Tornar preferido'}
              </Button>
              <Button
                size="sm"
                variant={p.enabled ? 'danger' : 'secondary'}
                onClick={() => props.toggle(p.id)}
              >
                {p.enabled ? 'Desativar' : 'Ativar'}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {!settings.mercadopagoEnabled && !settings.stripeEnabled && <NoProviderAlert />}
    </Card>
  );
}

function NoProviderAlert() {
  return (
    <div
      role="alert"
      className="mt-3 flex gap-3 rounded-card border border-red-200 bg-red-50 p-4 text-red-900"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
      <div>
        <p className="font-semibold">Atenção: Nenhum método de pagamento ativo</p>
        <p className="mt-1 text-sm">
          O sistema não consegue processar pagamentos. Ative pelo menos um método.
        </p>
      </div>
    </div>
  );
}

const TABS: { value: Tab; label: string }[] = [
  { value: 'mercadopago', label: 'Mercado Pago' },
  { value: 'stripe', label: 'Stripe' },
  { value: 'urls', label: 'URLs' },
];

/** The keys of each provider, and the site's URLs, one tab each. */
function ProviderKeys({ settings, set }: { settings: Settings; set: SetSetting }) {
  const [tab, setTab] = useState<Tab>('mercadopago');
  return (
    <Card>
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="Configurações por provedor" />
      <div role="tabpanel" aria-label={TABS.find((t) => t.value === tab)?.label} className="space-y-4 pt-4">
        {tab !== 'urls' && <ModeToggle mode={settings.mode} onMode={(mode) => set('mode', mode)} />}
        {TAB_FIELDS[tab].map((field) => (
          <KeyField
            key={field.key}
            label={field.label}
            hint={field.hint}
            value={settings[field.key]}
            onChange={(v) => set(field.key, v)}
            secret={field.secret}
          />
        ))}
        {tab === 'mercadopago' && (
          <PanelLink href="https://www.mercadopago.com.br/developers/panel/app">
            Painel de desenvolvedor do Mercado Pago
          </PanelLink>
        )}
        {tab === 'stripe' && (
          <PanelLink href="https://dashboard.stripe.com/apikeys">Painel de desenvolvedor do Stripe</PanelLink>
        )}
      </div>
      <p className="mt-4 text-xs text-neutral-600">
        Chaves secretas são guardadas criptografadas e aparecem mascaradas; deixe a máscara para manter a
        chave atual.
      </p>
    </Card>
  );
}

function ModeToggle({ mode, onMode }: { mode: Settings['mode']; onMode: (mode: Settings['mode']) => void }) {
  const modes = [
    ['sandbox', 'Sandbox (Teste)'],
    ['production', 'Produção'],
  ] as const;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-neutral-900">Modo</legend>
      <div className="mt-1 flex gap-2">
        {modes.map(([value, label]) => (
          <Button
            key={value}
            size="sm"
            variant={mode === value ? 'primary' : 'secondary'}
            aria-pressed={mode === value}
            onClick={() => onMode(value)}
          >
            {label}
          </Button>
        ))}
      </div>
      <p className="mt-1 text-xs text-neutral-600">O modo vale para o Mercado Pago e para o Stripe.</p>
    </fieldset>
  );
}

export default adminScreen(PaymentSettingsForm);
