// /admin/contestacoes ('Contestações', #41): owners' appeals against a hold, oldest first, each with the
// group, the hold contested (reason, note, who placed it) and the owner's text; 'Restaurar' lifts that
// hold only, 'Manter' leaves it, both with a reason e-mailed to the owner. An appeal on a hold this admin
// placed or decided waits for another admin (when there is one).
import { MessageSquareWarning, RotateCcw, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { AppealDecisionSchema } from '#src/features/appeals/appeals.schema.ts';
import { APPEAL_MESSAGES, APPEAL_STATUS_LABELS, APPEAL_TARGET_HOURS } from '#src/features/appeals/appeals.ts';
import { api } from '#src/lib/api.ts';
import { checkForm } from '#src/lib/form-errors.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import {
  DecisionClock,
  DecisionQueue,
  FormDialog,
  failure,
  ListView,
  PageHeader,
  TextField,
  useSave,
} from './admin-kit.tsx';
import { adminScreen } from './RequireAdmin.tsx';

type Decision = 'restore' | 'keep';
interface AppealView {
  id: string;
  status: 'open' | 'restored' | 'kept';
  text: string;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionReason: string | null;
  group: { id: string; title: string };
  owner: { email: string; name: string | null } | null;
  hold: {
    reasonLabel: string;
    note: string | null;
    noticeProtocol: string | null;
    placedAt: string;
    placedBy: string | null;
    active: boolean;
  };
  canDecide: boolean;
  dueAt: string;
  overdue: boolean;
}

const DECISIONS: Record<Decision, { title: string; submit: string; hint: string; done: string }> = {
  restore: {
    title: 'Restaurar o grupo',
    submit: 'Restaurar',
    hint: 'A retenção contestada sai; o grupo volta ao site se nenhuma outra o segurar. O motivo vai por e-mail ao dono.',
    done: 'Contestação aceita',
  },
  keep: {
    title: 'Manter a decisão',
    submit: 'Manter',
    hint: 'A retenção fica. O motivo vai por e-mail ao dono.',
    done: 'Contestação recusada',
  },
};

function AppealCard({
  appeal,
  now,
  onDecide,
}: {
  appeal: AppealView;
  now: number;
  onDecide?: (d: Decision) => void;
}) {
  return (
    <Card as="li" className="flex flex-col gap-3" data-appeal={appeal.id}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-bold text-neutral-900">{appeal.group.title}</h2>
          <p className="text-sm text-neutral-600">Contestada em {formatDateTime(appeal.createdAt)}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="grey">{appeal.hold.reasonLabel}</Badge>
          <Badge
            variant={appeal.status === 'open' ? 'yellow' : appeal.status === 'restored' ? 'green' : 'red'}
          >
            {APPEAL_STATUS_LABELS[appeal.status]}
          </Badge>
        </div>
      </div>
      {appeal.status === 'open' && (
        <DecisionClock
          receivedAt={appeal.createdAt}
          dueAt={appeal.dueAt}
          now={now}
          hours={APPEAL_TARGET_HOURS}
        />
      )}
      <dl className="grid gap-2 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="font-medium text-neutral-700">Retenção</dt>
        <dd className="break-words text-neutral-900">
          {appeal.hold.reasonLabel}
          {appeal.hold.noticeProtocol && ` · ${appeal.hold.noticeProtocol}`}
          {appeal.hold.note && ` · “${appeal.hold.note}”`} · {formatDateTime(appeal.hold.placedAt)} ·{' '}
          {appeal.hold.placedBy ?? 'Sistema'}
        </dd>
        <dt className="font-medium text-neutral-700">Dono</dt>
        <dd className="break-words text-neutral-900">
          {appeal.owner ? `${appeal.owner.name ?? ''} <${appeal.owner.email}>` : 'Conta excluída'}
        </dd>
        <dt className="font-medium text-neutral-700">Argumentos</dt>
        <dd className="whitespace-pre-line break-words text-neutral-900">{appeal.text}</dd>
        {appeal.decidedAt && (
          <>
            <dt className="font-medium text-neutral-700">Decisão</dt>
            <dd className="break-words text-neutral-900">
              {formatDateTime(appeal.decidedAt)} · {appeal.decidedBy ?? ''} · {appeal.decisionReason}
            </dd>
          </>
        )}
      </dl>
      {appeal.status === 'open' &&
        (onDecide && appeal.canDecide ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => onDecide('restore')}>
              <RotateCcw aria-hidden="true" />
              Restaurar
            </Button>
            <Button size="sm" variant="secondary" onClick={() => onDecide('keep')}>
              <ShieldCheck aria-hidden="true" />
              Manter
            </Button>
          </div>
        ) : (
          <p className="text-sm text-neutral-600">{APPEAL_MESSAGES.sameAdmin}</p>
        ))}
    </Card>
  );
}

function DecisionDialog({
  appeal,
  decision,
  onClose,
  onDone,
}: {
  appeal: AppealView;
  decision: Decision;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const { errors, busy, save } = useSave(onDone);
  const text = DECISIONS[decision];
  function submit() {
    let found: Record<string, string> = {};
    const body = checkForm(AppealDecisionSchema, { decision, reason }, (e) => {
      found = e;
    });
    void save(
      found,
      () => api(`/api/admin/appeals/${appeal.id}`, { method: 'POST', body: body ?? {} }),
      { title: text.done, description: appeal.group.title },
      failure('Não foi possível registrar a decisão'),
    );
  }
  return (
    <FormDialog
      id="decisao-contestacao"
      title={text.title}
      submitLabel={text.submit}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <p className="text-sm text-neutral-700">{text.hint}</p>
      <TextField
        label="Motivo"
        multiline
        rows={4}
        value={reason}
        onChange={setReason}
        error={errors.reason}
      />
    </FormDialog>
  );
}

function AppealsAdmin() {
  const list = useApi<{ open: AppealView[]; decided: AppealView[] }>('/api/admin/appeals', 60_000);
  const [deciding, setDeciding] = useState<{ appeal: AppealView; decision: Decision }>();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const all = list.data ? [...list.data.open, ...list.data.decided] : undefined;
  const overdue = (list.data?.open ?? []).filter((a) => new Date(a.dueAt).getTime() < now).length;
  return (
    <>
      <PageHeader
        title="Contestações"
        description={`Donos que contestam a ocultação ou a remoção do grupo. Decida cada uma em até ${APPEAL_TARGET_HOURS} horas, com um motivo: ele vai por e-mail ao dono.`}
      />
      <ListView
        list={list}
        items={all}
        skeleton={<Skeleton className="h-48" />}
        errorTitle="Não foi possível carregar as contestações"
        empty={{
          icon: MessageSquareWarning,
          title: 'Nenhuma contestação',
          text: "Quando um dono usar 'Contestar' no painel, a contestação aparecerá aqui.",
        }}
      >
        {() => (
          <DecisionQueue
            overdue={overdue}
            queued={(list.data?.open ?? []).map((a) => (
              <AppealCard
                key={a.id}
                appeal={a}
                now={now}
                onDecide={(decision) => setDeciding({ appeal: a, decision })}
              />
            ))}
            decided={(list.data?.decided ?? []).map((a) => <AppealCard key={a.id} appeal={a} now={now} />)}
          />
        )}
      </ListView>
      {deciding && (
        <DecisionDialog
          appeal={deciding.appeal}
          decision={deciding.decision}
          onClose={() => setDeciding(undefined)}
          onDone={() => {
            setDeciding(undefined);
            list.reload();
          }}
        />
      )}
    </>
  );
}

export default adminScreen(AppealsAdmin);
