// /admin/planos: feature plans ('Planos de Destaque'): list, create, edit, activate/deactivate.
import { Pencil, Star } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { Switch } from '#src/components/ui/Switch.tsx';
import { api } from '#src/lib/api.ts';
import { fieldErrors } from '#src/lib/form-errors.ts';
import { formatBRL } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import { PlanFormSchema } from '../payments/plans.schema.ts';
import type { PlanJson } from '../payments/plans.server.ts';
import {
  FormDialog,
  failure,
  ListView,
  NewButton,
  PageHeader,
  TextField,
  toggleActive,
  useFormFields,
  useSave,
} from './admin-kit.tsx';
import { adminScreen } from './RequireAdmin.tsx';

type Plan = PlanJson;

function PlanDialog({
  plan,
  onClose,
  onSaved,
}: {
  plan: Plan | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { form, set, field } = useFormFields({
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    days: plan ? String(plan.days) : '7',
    price: plan ? (plan.priceCents / 100).toFixed(2).replace('.', ',') : '',
    active: plan?.active ?? true,
  });
  const { errors, busy, save } = useSave(onSaved);

  function onSubmit() {
    const parsed = PlanFormSchema.safeParse(form);
    void save(
      parsed.success ? {} : fieldErrors(parsed.error),
      () =>
        api(plan ? `/api/admin/feature-plans/${plan.id}` : '/api/admin/feature-plans', {
          method: plan ? 'PATCH' : 'POST',
          body: form,
        }),
      { title: plan ? 'Plano atualizado' : 'Plano criado' },
      failure('Erro ao salvar plano'),
    );
  }

  return (
    <FormDialog
      id="plano-form"
      title={plan ? 'Editar plano' : 'Novo plano'}
      busy={busy}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <TextField label="Nome" error={errors.name} {...field('name')} />
      <TextField label="Descrição" error={errors.description} multiline rows={2} {...field('description')} />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Duração (dias)" error={errors.days} inputMode="numeric" {...field('days')} />
        <TextField
          label="Preço (R$)"
          error={errors.price}
          hint="Ex.: 19,90"
          inputMode="decimal"
          {...field('price')}
        />
      </div>
      <div className="rounded-control border border-neutral-200 px-3">
        <Switch
          label="Ativo"
          description="Oferecido aos usuários em Planos de Destaque"
          checked={form.active}
          onChange={set('active')}
        />
      </div>
    </FormDialog>
  );
}

function PlansAdmin() {
  const list = useApi<Plan[]>('/api/admin/feature-plans');
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);

  const toggle = (plan: Plan) =>
    toggleActive(
      `/api/admin/feature-plans/${plan.id}`,
      !plan.active,
      { on: 'Plano ativado', off: 'Plano desativado', failed: failure('Erro ao salvar plano') },
      list.reload,
    );

  return (
    <>
      <PageHeader
        title="Planos de Destaque"
        description="Planos que os donos de grupos podem comprar para aparecer em destaque."
        actions={<NewButton label="Novo plano" onClick={() => setEditing('new')} />}
      />
      <ListView
        list={list}
        items={list.data}
        skeleton={
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-48" />
            ))}
          </div>
        }
        errorTitle="Não foi possível carregar os planos"
        empty={{ icon: Star, title: 'Nenhum plano', text: 'Crie o primeiro plano de destaque.' }}
      >
        {(plans) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {plans.map((plan) => (
              <Card as="li" key={plan.id} className="flex flex-col gap-3">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="text-lg font-semibold text-neutral-900">{plan.name}</h2>
                  {plan.active ? <Badge variant="green">Ativo</Badge> : <Badge variant="grey">Inativo</Badge>}
                </div>
                <p className="text-3xl font-bold tracking-tight text-neutral-900">
                  {formatBRL(plan.priceCents)}
                </p>
                <p className="text-sm text-neutral-600">
                  {plan.days === 1 ? '1 dia' : `${plan.days} dias`} de destaque
                  {plan.description && ` · ${plan.description}`}
                </p>
                <div className="mt-auto flex items-center justify-between gap-2 border-t border-neutral-100 pt-2">
                  <Switch label="Ativo" checked={plan.active} onChange={() => toggle(plan)} />
                  <Button size="sm" variant="secondary" onClick={() => setEditing(plan)}>
                    <Pencil aria-hidden="true" />
                    Editar
                  </Button>
                </div>
              </Card>
            ))}
          </ul>
        )}
      </ListView>
      {editing && (
        <PlanDialog
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
    </>
  );
}

export default adminScreen(PlansAdmin);
