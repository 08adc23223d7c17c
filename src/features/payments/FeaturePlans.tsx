// /planos-destaque: pick one of your approved groups and one plan; 'Continuar para Pagamento' makes the
// order (or reuses the pending one of that group and plan) and opens its review step, /pagar-destaque/{id},
// the one page with the contract summary before the provider's checkout. Renewal mode
// (?renew=true&orderId=) names the group of the active order being extended.
import { useStore } from '@nanostores/react';
import { Check, Crown, LoaderCircle, Receipt, Rocket } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { cx } from '#src/components/ui/classes.ts';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { AdultDeclaration } from '#src/features/auth/AdultDeclaration.tsx';
import { ADULT_CHECKOUT_MESSAGE } from '#src/features/auth/auth.schema.ts';
import { $session, loadSession } from '#src/features/auth/session.store.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { formatBRL } from '#src/lib/format.ts';
import { $paymentsUnavailable, $selectedPlan, goLoginKeeping, isPaymentsDisabled } from './payments.store.ts';
import { MESSAGES, perDaysLabel } from './payments.ts';
import type { PlanJson } from './plans.server.ts';
import { UnavailableNotice } from './UnavailableNotice.tsx';

type Plan = PlanJson;
interface EligibleGroup {
  id: string;
  title: string;
  category: string;
}
interface OrderView {
  id: string;
  groupId: string;
  group_title: string | null;
  endDate: string | null;
}

// Idempotency keys of this page's order attempts, one per group and plan: a second press (or a retry
// after a timeout) sends the same key, and the server answers with the order the first one created.
const orderKeys = new Map<string, string>();
function orderKey(groupId: string, planId: number | string) {
  const choice = `${groupId}:${planId}`;
  const key = orderKeys.get(choice) ?? crypto.randomUUID();
  orderKeys.set(choice, key);
  return key;
}

function readQuery() {
  const params = new URLSearchParams(location.search);
  return {
    groupId: params.get('groupId'),
    renew: params.get('renew') === 'true',
    orderId: params.get('orderId'),
  };
}

interface PageData {
  plans: Plan[] | null;
  eligible: EligibleGroup[] | null;
  renewal: OrderView | null;
  loadError: string | null;
}

/** The plans, the caller's eligible groups and the order being renewed, once the session is known. */
function usePlansData(query: ReturnType<typeof readQuery> | null, status: string): PageData {
  const [data, setData] = useState<PageData>({ plans: null, eligible: null, renewal: null, loadError: null });
  useEffect(() => {
    if (!query || status === 'loading') return;
    if (status === 'anonymous') {
      goLoginKeeping(query.groupId);
      return;
    }
    let cancelled = false;
    (async () => {
      try {
        const [methods, plans, eligible, renewal] = await Promise.all([
          api<{ active: boolean }>('/api/active-payment-methods'),
          api<Plan[]>('/api/feature-plans'),
          api<EligibleGroup[]>('/api/feature-plans/eligible-groups'),
          query.renew && query.orderId
            ? api<OrderView>(`/api/feature-orders/${encodeURIComponent(query.orderId)}`).catch(() => null)
            : null,
        ]);
        if (cancelled) return;
        $paymentsUnavailable.set(!methods.active);
        setData({ plans, eligible, renewal, loadError: null });
      } catch (error) {
        if (cancelled) return;
        if (isPaymentsDisabled(error)) $paymentsUnavailable.set(true);
        setData((d) => ({ ...d, loadError: error instanceof Error ? error.message : String(error) }));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [query, status]);
  return data;
}

/**
 * 'Continuar para Pagamento': make the order (one key per group and plan: pressing again after a timeout
 * gets the same order) and open its review step. A refusal (a hold, a report, a recent withdrawal, ADR
 * 0020) is the server's pt-BR message in a toast. Returns false when nothing was opened.
 */
async function submitOrder(
  group: EligibleGroup | null,
  plan: Plan | undefined,
  renewing: OrderView | null,
  adult: boolean,
): Promise<boolean | 'age'> {
  if (!group || !plan) {
    toast({ title: 'Erro', description: MESSAGES.selectGroupAndPlan, variant: 'destructive' });
    return false;
  }
  try {
    const metadata = renewing ? JSON.stringify({ isRenewal: true, originalOrderId: renewing.id }) : undefined;
    const { id } = await api<{ id: string }>('/api/feature-orders', {
      method: 'POST',
      idempotencyKey: orderKey(group.id, plan.id),
      body: {
        groupId: group.id,
        planId: plan.id,
        status: 'pending',
        price: plan.priceCents / 100,
        metadata,
        ...(adult ? { adult: true } : {}),
      },
    });
    $selectedPlan.set({ name: plan.name, days: plan.days, price: plan.priceCents });
    location.assign(`/pagar-destaque/${id}`);
    return true;
  } catch (error) {
    const message = error instanceof ApiError ? error.message : MESSAGES.createOrderFailed;
    if (isPaymentsDisabled(error)) $paymentsUnavailable.set(true);
    toast({ title: MESSAGES.createOrderFailed, description: message, variant: 'destructive' });
    // An account made before the age rule declares it here, once (the checkbox appears).
    return message === ADULT_CHECKOUT_MESSAGE ? 'age' : false;
  }
}

function Spinner() {
  return (
    <div className="grid place-items-center py-16" role="status">
      <span className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" />
      <span className="sr-only">Carregando…</span>
    </div>
  );
}

function RenewalNotice({ renewing }: { renewing: OrderView }) {
  return (
    <div role="status" className="rounded-card border border-brand-200 bg-brand-50 p-4 text-brand-900">
      <p className="font-semibold">Renovação de destaque</p>
      <p className="mt-1 text-sm">
        Você está renovando o destaque do grupo <strong>{renewing.group_title ?? renewing.groupId}</strong>.
        Os dias do novo plano serão somados ao tempo que ainda resta.
      </p>
    </div>
  );
}

function SelectedGroup({ group, renewing }: { group: EligibleGroup; renewing: boolean }) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <p className="text-sm text-neutral-600">Grupo Selecionado</p>
        <p dir="auto" className="font-semibold">
          {group.title}
        </p>
        {group.category && <p className="text-sm text-neutral-600">{group.category}</p>}
      </div>
      {!renewing && (
        <Button variant="secondary" size="sm" href="/planos-destaque">
          Alterar
        </Button>
      )}
    </Card>
  );
}

function PlansLoading() {
  return (
    <div className="grid gap-4 sm:grid-cols-3" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-40" />
      ))}
    </div>
  );
}

function LoadFailed({ message }: { message: string }) {
  return (
    <EmptyState
      title="Não foi possível carregar os planos"
      text={message}
      action={<Button onClick={() => location.reload()}>Tentar novamente</Button>}
    />
  );
}

/** A group chosen: the plans and the buttons. */
function PlanStep({
  group,
  plans,
  renewing,
}: {
  group: EligibleGroup;
  plans: Plan[];
  renewing: OrderView | null;
}) {
  const unavailable = useStore($paymentsUnavailable);
  const [planId, setPlanId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [askAge, setAskAge] = useState(false);
  const [adult, setAdult] = useState(false);
  async function submit() {
    setBusy(true);
    const done = await submitOrder(
      group,
      plans.find((p) => p.id === planId),
      renewing,
      adult,
    );
    if (done === 'age') setAskAge(true);
    if (done !== true) setBusy(false);
  }
  return (
    <>
      <SelectedGroup group={group} renewing={Boolean(renewing)} />
      <PlanChoice plans={plans} planId={planId} onPick={setPlanId} />
      {askAge && <AdultDeclaration checked={adult} onChange={setAdult} />}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" href="/painel">
          Cancelar
        </Button>
        <Button
          onClick={submit}
          disabled={planId === null || busy || unavailable || (askAge && !adult)}
          size="lg"
        >
          {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {busy ? 'Processando...' : 'Continuar para Pagamento'}
        </Button>
      </div>
    </>
  );
}

export default function FeaturePlans() {
  const session = useStore($session);
  const unavailable = useStore($paymentsUnavailable);
  const [query, setQuery] = useState<ReturnType<typeof readQuery> | null>(null);
  useEffect(() => {
    setQuery(readQuery());
    void loadSession();
  }, []);
  const { plans, eligible, renewal, loadError } = usePlansData(query, session.status);
  if (!query || session.status !== 'authenticated') return <Spinner />;
  const loading = plans === null || eligible === null;
  const renewing = query.renew && renewal ? renewal : null;
  const selectedGroup: EligibleGroup | null = renewing
    ? { id: renewing.groupId, title: renewing.group_title ?? renewing.groupId, category: '' }
    : (eligible?.find((g) => g.id === query.groupId) ?? null);
  return (
    <div className="space-y-6">
      {unavailable && <UnavailableNotice />}
      {renewing && <RenewalNotice renewing={renewing} />}
      <Pitch />
      {loadError && !unavailable && <LoadFailed message={loadError} />}
      {loading && !loadError && <PlansLoading />}
      {!loading && !selectedGroup && <GroupChoice groups={eligible} notFound={Boolean(query.groupId)} />}
      {!loading && selectedGroup && <PlanStep group={selectedGroup} plans={plans} renewing={renewing} />}
    </div>
  );
}

/** Why feature a group, in claims the site can stand behind. */
function Pitch() {
  return (
    <Card className="bg-gradient-to-br from-brand-50 to-white">
      <div className="flex gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800">
          <Rocket aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h2 className="text-lg font-semibold">Por que destacar seu grupo?</h2>
          <ul className="mt-2 space-y-1 text-sm text-neutral-700">
            <li className="flex gap-2">
              <Crown aria-hidden="true" className="size-4 shrink-0 text-gold-500" /> Grupos em destaque
              aparecem no topo da página inicial, antes de todos os outros.
            </li>
            <li className="flex gap-2">
              <Receipt aria-hidden="true" className="size-4 shrink-0 text-brand-700" /> Pagamento único: nada
              é cobrado de novo sem você pedir.
            </li>
          </ul>
        </div>
      </div>
    </Card>
  );
}

/** No group chosen yet: the caller's groups that may be featured. */
function GroupChoice({ groups, notFound }: { groups: EligibleGroup[]; notFound: boolean }) {
  return (
    <section aria-labelledby="escolha-grupo">
      <h2 id="escolha-grupo" className="mb-3 text-lg font-semibold">
        Escolha o grupo que deseja destacar
      </h2>
      {notFound && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {MESSAGES.groupNotFound}
        </p>
      )}
      {groups.length === 0 ? (
        <EmptyState
          title="Você não tem grupos que possam ser destacados"
          text="Apenas grupos aprovados e que ainda não estão em destaque podem ser destacados."
          action={<Button href="/enviar">Enviar Grupo</Button>}
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {groups.map((group) => (
            <li key={group.id}>
              <a
                href={`/planos-destaque?groupId=${group.id}`}
                className="flex min-h-16 flex-col justify-center rounded-card border border-neutral-200 bg-white p-4 shadow-card transition hover:border-brand-300 hover:shadow-raised"
              >
                <span dir="auto" className="font-semibold text-neutral-900">
                  {group.title}
                </span>
                <span className="text-sm text-neutral-600">{group.category}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The plans as cards, one pressed at a time. */
function PlanChoice({
  plans,
  planId,
  onPick,
}: {
  plans: Plan[];
  planId: number | null;
  onPick: (id: number) => void;
}) {
  return (
    <section aria-labelledby="planos">
      <h2 id="planos" className="mb-3 text-lg font-semibold">
        Escolha um plano
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {plans.map((plan) => {
          const selected = plan.id === planId;
          return (
            <button
              key={plan.id}
              type="button"
              aria-pressed={selected}
              onClick={() => onPick(plan.id)}
              className={cx(
                'relative flex min-h-40 flex-col rounded-card border-2 bg-white p-5 text-left shadow-card transition focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                selected ? 'border-brand-600 bg-brand-50' : 'border-neutral-200 hover:border-brand-300',
              )}
            >
              {selected && (
                <span className="absolute top-3 right-3 grid size-6 place-items-center rounded-full bg-brand-700 text-white">
                  <Check aria-hidden="true" className="size-4" />
                </span>
              )}
              <span className="pr-8 font-semibold text-neutral-900">{plan.name}</span>
              <span className="mt-1 text-sm text-neutral-600">{plan.description}</span>
              <span className="mt-auto pt-4 text-2xl font-bold text-neutral-900">
                {formatBRL(plan.priceCents)}
              </span>
              <span className="text-sm text-neutral-600">{perDaysLabel(plan.days)}</span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
