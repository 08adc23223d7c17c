// /admin/payment-settings (Configurações de Pagamento): provider switches, preferred method, keys per
// provider (secrets come back masked; leaving the mask keeps the stored secret) and the URLs.
import { AlertTriangle, ExternalLink } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { cx } from '#src/components/ui/classes.ts';
import { toast } from '#src/components/ui/toast.store.ts';
import { api } from '#src/lib/api.ts';
import type { PaymentSettingsInput } from '../payments.schema.ts';
import { useAdminSession } from './useAdminSession.ts';

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

function Field({
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
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-900">
        {label}
      </label>
      <input
        id={id}
        type={secret ? 'password' : 'text'}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 block min-h-11 w-full rounded-control border border-neutral-300 bg-white px-3 font-mono text-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-600">
          {hint}
        </p>
      )}
    </div>
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

export default function PaymentSettingsForm() {
  const isAdmin = useAdminSession();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [tab, setTab] = useState<Tab>('mercadopago');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!isAdmin) return;
    api<Partial<Settings>>('/api/admin/payment-settings')
      .then((data) => {
        const merged = { ...EMPTY };
        for (const key of Object.keys(EMPTY) as (keyof Settings)[]) {
          const value = data[key];
          if (value !== null && value !== undefined) (merged as Record<string, unknown>)[key] = value;
        }
        setSettings(merged);
      })
      .catch((error: unknown) =>
        toast({
          title: 'Erro ao carregar configurações',
          description:
            (error instanceof Error && error.message) ||
            'Ocorreu um erro ao carregar as configurações de pagamento.',
          variant: 'destructive',
        }),
      );
  }, [isAdmin]);

  if (!isAdmin || !settings) {
    return (
      <div className="grid place-items-center py-16" role="status">
        <span className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" />
        <span className="sr-only">Carregando…</span>
      </div>
    );
  }

  const set = <K extends keyof Settings>(key: K, value: Settings[K]) =>
    setSettings({ ...settings, [key]: value });
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

  const providers = [
    { id: 'mercadopago' as const, name: 'Mercado Pago', enabled: settings.mercadopagoEnabled },
    { id: 'stripe' as const, name: 'Stripe', enabled: settings.stripeEnabled },
  ];
  const tabs: { id: Tab; label: string }[] = [
    { id: 'mercadopago', label: 'Mercado Pago' },
    { id: 'stripe', label: 'Stripe' },
    { id: 'urls', label: 'URLs' },
  ];
  const modeToggle = (
    <fieldset>
      <legend className="text-sm font-medium text-neutral-900">Modo</legend>
      <div className="mt-1 flex gap-2">
        {(
          [
            ['sandbox', 'Sandbox (Teste)'],
            ['production', 'Produção'],
          ] as const
        ).map(([value, label]) => (
          <Button
            key={value}
            size="sm"
            variant={settings.mode === value ? 'primary' : 'secondary'}
            aria-pressed={settings.mode === value}
            onClick={() => set('mode', value)}
          >
            {label}
          </Button>
        ))}
      </div>
      <p className="mt-1 text-xs text-neutral-600">O modo vale para o Mercado Pago e para o Stripe.</p>
    </fieldset>
  );

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-neutral-900">Configurações de Pagamento</h1>

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
                <Button size="sm" variant={p.enabled ? 'danger' : 'secondary'} onClick={() => toggle(p.id)}>
                  {p.enabled ? 'Desativar' : 'Ativar'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {!settings.mercadopagoEnabled && !settings.stripeEnabled && (
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
        )}
      </Card>

      <Card>
        <div
          role="tablist"
          aria-label="Configurações por provedor"
          className="flex gap-1 overflow-x-auto border-b border-neutral-200"
        >
          {tabs.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`panel-${t.id}`}
              onClick={() => setTab(t.id)}
              className={cx(
                '-mb-px min-h-11 border-b-2 px-4 text-sm font-semibold whitespace-nowrap',
                tab === t.id
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-neutral-600 hover:text-neutral-900',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="space-y-4 pt-4">
          {tab === 'mercadopago' && (
            <>
              {modeToggle}
              <Field
                label="Access Token"
                hint="Começa com APP_USR-"
                value={settings.mercadoPagoAccessToken}
                onChange={(v) => set('mercadoPagoAccessToken', v)}
                secret
              />
              <Field
                label="Public Key"
                value={settings.mercadoPagoPublicKey}
                onChange={(v) => set('mercadoPagoPublicKey', v)}
              />
              <Field
                label="Webhook Secret"
                hint="Assinatura secreta das notificações (x-signature)"
                value={settings.mercadoPagoWebhookSecret}
                onChange={(v) => set('mercadoPagoWebhookSecret', v)}
                secret
              />
              <PanelLink href="https://www.mercadopago.com.br/developers/panel/app">
                Painel de desenvolvedor do Mercado Pago
              </PanelLink>
            </>
          )}
          {tab === 'stripe' && (
            <>
              {modeToggle}
              <Field
                label="Secret Key"
                hint="Começa com sk_test_ ou sk_live_"
                value={settings.stripeSecretKey}
                onChange={(v) => set('stripeSecretKey', v)}
                secret
              />
              <Field
                label="Public Key"
                hint="Começa com pk_test_ ou pk_live_"
                value={settings.stripePublicKey}
                onChange={(v) => set('stripePublicKey', v)}
              />
              <Field
                label="Webhook Secret"
                hint="Começa com whsec_"
                value={settings.stripeWebhookSecret}
                onChange={(v) => set('stripeWebhookSecret', v)}
                secret
              />
              <PanelLink href="https://dashboard.stripe.com/apikeys">
                Painel de desenvolvedor do Stripe
              </PanelLink>
            </>
          )}
          {tab === 'urls' && (
            <>
              <Field
                label="URL de retorno"
                hint="Endereço do site para onde o comprador volta após pagar, com https://"
                value={settings.returnUrl}
                onChange={(v) => set('returnUrl', v)}
              />
              <Field
                label="URL de callback (webhook)"
                hint="Endereço de notificação do Mercado Pago, ex.: https://seusite.com.br/api/payments/webhook/mercadopago. No Stripe, cadastre /api/payments/webhook/stripe."
                value={settings.callbackUrl}
                onChange={(v) => set('callbackUrl', v)}
              />
            </>
          )}
        </div>
        <p className="mt-4 text-xs text-neutral-600">
          Chaves secretas são guardadas criptografadas e aparecem mascaradas; deixe a máscara para manter a
          chave atual.
        </p>
      </Card>

      <div className="flex justify-end">
        <Button size="lg" onClick={save} disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar Configurações'}
        </Button>
      </div>
    </div>
  );
}
