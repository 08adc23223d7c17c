// /admin/notificacoes-juridicas: the legal notices queue, those past the site-wide bound on automatic
// hides first (counted in the header), then oldest first. Each shows a clock from receipt (target 24 h,
// red when overdue), the group with its picture and active holds, the notifier, what they wrote and the
// audit trail; the decision 'Remover' / 'Manter' takes a reason e-mailed to the notifier (and the owner).
import { EyeOff, Scale, ShieldCheck, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import type { BadgeVariant } from '#src/components/ui/classes.ts';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { api } from '#src/lib/api.ts';
import { checkForm } from '#src/lib/form-errors.ts';
import { formatDateTime, formatDay } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import {
  AUTHORITY_AGENCIES,
  LEGAL_NOTICE_KIND_LABELS,
  LEGAL_NOTICE_TARGET_HOURS,
  type LegalNoticeDecision,
  LegalNoticeDecisionSchema,
} from '../legal-notices/legal-notices.schema.ts';
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
import { type HoldItem, HoldList } from './GroupHolds.tsx';
import { adminScreen } from './RequireAdmin.tsx';

type Kind = keyof typeof LEGAL_NOTICE_KIND_LABELS;

interface NoticeView {
  id: string;
  protocol: string;
  kind: Kind;
  status: 'pending' | 'removed' | 'kept';
  group: {
    id: string;
    title: string;
    path: string;
    hidden: boolean;
    approved: boolean;
    image: string | null;
    holds: HoldItem[];
    /** the owner's content changes, newest first (kept while the notice stands) */
    revisions: {
      title: string;
      description: string;
      image: string | null;
      status: string;
      createdAt: string;
    }[];
  } | null;
  /** came past the site-wide daily bound on automatic hides: first in the queue */
  pastCap: boolean;
  groupTitle: string;
  groupUrl: string;
  notifier: { name: string; email: string; confirmed: boolean };
  description: string;
  receivedAt: string;
  dueAt: string;
  decidedAt: string | null;
  decisionReason: string | null;
  declaration: { version: string | null; text: string } | null;
  authorityReport: { reportedOn: string; agency: string | null; protocol: string | null } | null;
  events: { action: string; actor: string | null; detail: string | null; at: string }[];
}

const KIND_BADGE: Record<Kind, BadgeVariant> = {
  child_abuse: 'red',
  intimate_images: 'red',
  illegal_content: 'yellow',
  other: 'grey',
};

/** Short enough for a badge on a phone (the full label would overflow the card). */
const KIND_SHORT: Record<Kind, string> = {
  child_abuse: 'Abuso infantil',
  intimate_images: 'Imagens íntimas',
  illegal_content: 'Conteúdo ilegal',
  other: 'Outro assunto',
};

const EVENT_LABELS: Record<string, string> = {
  received: 'Recebida',
  email_confirmed: 'E-mail confirmado',
  group_hidden: 'Grupo ocultado',
  hide_skipped: 'Ocultação automática não aplicada',
  removed: 'Decisão: remover',
  kept: 'Decisão: manter',
  authority_reported: 'Comunicado às autoridades',
  appealed: 'Contestada pelo dono',
  appeal_decided: 'Contestação decidida',
};

const DECISIONS: Record<LegalNoticeDecision, { title: string; submit: string; hint: string; done: string }> =
  {
    remove: {
      title: 'Remover o grupo',
      submit: 'Remover',
      hint: 'O grupo sai do site de vez. O motivo vai por e-mail para quem denunciou e para o dono do grupo.',
      done: 'Grupo removido',
    },
    keep: {
      title: 'Manter o grupo',
      submit: 'Manter',
      hint: 'A retenção desta notificação sai; o grupo volta ao site se nenhuma outra retenção o segurar. O motivo vai por e-mail para quem denunciou.',
      done: 'Grupo mantido',
    },
  };

const REVISION_STATUS: Record<string, string> = {
  pending: 'aguardando',
  approved: 'aprovada',
  rejected: 'recusada',
};

/** The group's content changes as its owner sent them: what the group showed over time. */
function GroupRevisionsList({ revisions }: { revisions: NonNullable<NoticeView['group']>['revisions'] }) {
  return (
    <ul className="flex flex-col gap-2">
      {revisions.map((r) => (
        <li key={r.createdAt} className="flex gap-2 text-sm">
          {r.image && (
            <img
              src={r.image}
              alt=""
              width={40}
              height={40}
              className="size-10 rounded-control object-cover"
            />
          )}
          <div className="min-w-0">
            <p className="break-words font-medium text-neutral-900">{r.title}</p>
            <p className="break-words text-neutral-600">{r.description}</p>
            <p className="text-neutral-500">
              {formatDateTime(r.createdAt)} · {REVISION_STATUS[r.status] ?? r.status}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function NoticeCard({
  notice,
  now,
  onDecide,
}: {
  notice: NoticeView;
  now: number;
  onDecide?: (decision: LegalNoticeDecision) => void;
}) {
  return (
    <Card as="li" className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="font-mono text-lg font-bold text-neutral-900">{notice.protocol}</h2>
          <p className="text-sm text-neutral-600">Recebida em {formatDateTime(notice.receivedAt)}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant={KIND_BADGE[notice.kind]}>
            <span title={LEGAL_NOTICE_KIND_LABELS[notice.kind]}>{KIND_SHORT[notice.kind]}</span>
          </Badge>
          {notice.pastCap && <Badge variant="red">Acima do limite diário</Badge>}
          {notice.group?.hidden && <Badge variant="grey">Grupo oculto</Badge>}
          {notice.kind === 'intimate_images' && (
            <Badge variant={notice.notifier.confirmed ? 'green' : 'yellow'}>
              {notice.notifier.confirmed ? 'E-mail confirmado' : 'E-mail não confirmado'}
            </Badge>
          )}
          {notice.status === 'removed' && <Badge variant="red">Removido</Badge>}
          {notice.status === 'kept' && <Badge variant="green">Mantido</Badge>}
        </div>
      </div>
      {notice.status === 'pending' && (
        <DecisionClock
          receivedAt={notice.receivedAt}
          dueAt={notice.dueAt}
          now={now}
          hours={LEGAL_NOTICE_TARGET_HOURS}
        />
      )}
      <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-medium text-neutral-500">Grupo</dt>
        <dd className="min-w-0 break-words text-neutral-900">
          {notice.group?.image && (
            <img
              src={notice.group.image}
              alt=""
              width={64}
              height={64}
              className="mb-1 size-16 rounded-control object-cover"
            />
          )}
          {notice.group ? (
            <a
              href={notice.group.path}
              target="_blank"
              rel="noopener"
              className="font-medium hover:underline"
            >
              <bdi>{notice.group.title}</bdi>
            </a>
          ) : (
            <span>
              <bdi>{notice.groupTitle}</bdi> (excluído)
            </span>
          )}
          <span className="block text-neutral-500">Endereço informado: {notice.groupUrl}</span>
        </dd>
        {notice.group && (
          <>
            <dt className="font-medium text-neutral-500">Retenções</dt>
            <dd className="min-w-0">
              <HoldList holds={notice.group.holds} />
            </dd>
            {notice.group.revisions.length > 0 && (
              <>
                <dt className="font-medium text-neutral-500">Alterações</dt>
                <dd className="min-w-0">
                  <GroupRevisionsList revisions={notice.group.revisions} />
                </dd>
              </>
            )}
          </>
        )}
        <dt className="font-medium text-neutral-500">Denunciante</dt>
        <dd className="min-w-0 break-words text-neutral-900">
          <bdi>{notice.notifier.name}</bdi> ·{' '}
          <a href={`mailto:${notice.notifier.email}`}>{notice.notifier.email}</a>
        </dd>
        <dt className="font-medium text-neutral-500">Descrição</dt>
        <dd dir="auto" className="min-w-0 whitespace-pre-wrap break-words text-neutral-800">
          {notice.description}
        </dd>
        {notice.declaration && (
          <>
            <dt className="font-medium text-neutral-500">Declaração</dt>
            <dd className="min-w-0 break-words text-neutral-800">
              “{notice.declaration.text}” (versão {notice.declaration.version})
            </dd>
          </>
        )}
        {notice.authorityReport && (
          <>
            <dt className="font-medium text-neutral-500">Autoridades</dt>
            <dd className="min-w-0 break-words text-neutral-800">
              {notice.authorityReport.agency} · {formatDay(notice.authorityReport.reportedOn)} · protocolo{' '}
              {notice.authorityReport.protocol}
            </dd>
          </>
        )}
        {notice.decisionReason && (
          <>
            <dt className="font-medium text-neutral-500">Motivo da decisão</dt>
            <dd className="min-w-0 whitespace-pre-wrap break-words text-neutral-800">
              {notice.decisionReason}
            </dd>
          </>
        )}
      </dl>
      <details className="rounded-control bg-neutral-50 p-3 text-sm" open={notice.status === 'pending'}>
        <summary className="cursor-pointer font-medium text-neutral-800">
          Histórico ({notice.events.length})
        </summary>
        <ol className="mt-2 flex flex-col gap-1.5">
          {notice.events.map((e) => (
            <li key={`${e.at}-${e.action}`} className="text-neutral-700">
              <span className="text-neutral-500">{formatDateTime(e.at)}</span> ·{' '}
              <span className="font-medium text-neutral-900">{EVENT_LABELS[e.action] ?? e.action}</span> ·{' '}
              {e.actor ?? 'Sistema'}
              {e.detail && <span className="block break-words text-neutral-600">{e.detail}</span>}
            </li>
          ))}
        </ol>
      </details>
      {onDecide && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="danger" onClick={() => onDecide('remove')}>
            <Trash2 aria-hidden="true" />
            Remover
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onDecide('keep')}>
            <ShieldCheck aria-hidden="true" />
            Manter
          </Button>
        </div>
      )}
    </Card>
  );
}

/**
 * The report to the authorities a child-abuse removal records (date, agency, protocol): what /termos
 * promises, kept with the decision.
 */
function AuthorityReportFields({
  value,
  onChange,
  errors,
}: {
  value: { reportedOn: string; agency: string; protocol: string };
  onChange: (value: { reportedOn: string; agency: string; protocol: string }) => void;
  errors: Record<string, string | undefined>;
}) {
  const error = (field: string) => errors[`authorityReport.${field}`] ?? errors[field];
  return (
    <fieldset className="flex flex-col gap-3 rounded-control border border-red-200 bg-red-50/50 p-3">
      <legend className="px-1 text-sm font-semibold text-neutral-900">Comunicação às autoridades</legend>
      <p className="text-sm text-neutral-700">
        Abuso infantil é comunicado às autoridades (ECA, art. 241-A). Registre a comunicação feita.
      </p>
      {errors.authorityReport && <p className="text-sm font-medium text-red-700">{errors.authorityReport}</p>}
      <TextField
        label="Data da comunicação"
        type="date"
        value={value.reportedOn}
        onChange={(reportedOn) => onChange({ ...value, reportedOn })}
        error={error('reportedOn')}
      />
      <TextField
        label="Órgão"
        list="orgaos-autoridades"
        value={value.agency}
        onChange={(agency) => onChange({ ...value, agency })}
        error={error('agency')}
        hint="Por exemplo, SaferNet Brasil ou Polícia Federal."
      />
      <datalist id="orgaos-autoridades">
        {AUTHORITY_AGENCIES.map((agency) => (
          <option key={agency} value={agency} />
        ))}
      </datalist>
      <TextField
        label="Protocolo da comunicação"
        value={value.protocol}
        onChange={(protocol) => onChange({ ...value, protocol })}
        error={error('protocol')}
      />
    </fieldset>
  );
}

function DecisionDialog({
  notice,
  decision,
  onClose,
  onDone,
}: {
  notice: NoticeView;
  decision: LegalNoticeDecision;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [report, setReport] = useState({ reportedOn: '', agency: '', protocol: '' });
  const { errors, busy, save } = useSave(onDone);
  const text = DECISIONS[decision];
  const asksReport = decision === 'remove' && notice.kind === 'child_abuse';
  function submit() {
    let found: Record<string, string> = {};
    const values = { decision, reason, ...(asksReport ? { authorityReport: report } : {}) };
    const body = checkForm(LegalNoticeDecisionSchema, values, (e) => {
      found = e;
    });
    void save(
      found,
      () => api(`/api/admin/legal-notices/${notice.id}`, { method: 'POST', body: body ?? {} }),
      { title: text.done, description: notice.protocol },
      failure('Não foi possível registrar a decisão'),
    );
  }
  return (
    <FormDialog
      id="decisao-notificacao"
      title={`${text.title}: ${notice.protocol}`}
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
        hint="Escreva para quem vai ler: o que foi verificado e por que esta é a decisão."
      />
      {asksReport && <AuthorityReportFields value={report} onChange={setReport} errors={errors} />}
    </FormDialog>
  );
}

function LegalNoticesAdmin() {
  const list = useApi<{ pending: NoticeView[]; decided: NoticeView[]; pastCap: number }>(
    '/api/admin/legal-notices',
    60_000,
  );
  const [now, setNow] = useState(() => Date.now());
  const [deciding, setDeciding] = useState<{ notice: NoticeView; decision: LegalNoticeDecision } | null>(
    null,
  );
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const pending = list.data?.pending ?? [];
  const decided = list.data?.decided ?? [];
  const overdue = pending.filter((n) => new Date(n.dueAt).getTime() < now).length;
  return (
    <>
      <PageHeader
        title="Notificações jurídicas"
        description={`Denúncias de imagens íntimas, abuso infantil e conteúdo ilegal. Decida cada uma em até ${LEGAL_NOTICE_TARGET_HOURS} horas.`}
      />
      <ListView
        list={list}
        items={list.data ? [...pending, ...decided] : undefined}
        skeleton={
          <div className="flex flex-col gap-3">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-56" />
            ))}
          </div>
        }
        errorTitle="Não foi possível carregar as notificações"
        empty={{
          icon: Scale,
          title: 'Nenhuma notificação jurídica',
          text: 'Quando alguém enviar uma denúncia jurídica, ela aparecerá aqui.',
        }}
      >
        {() => (
          <DecisionQueue
            overdue={overdue}
            badges={
              (list.data?.pastCap ?? 0) > 0 && (
                <Badge variant="red" data-past-cap={list.data?.pastCap}>
                  {list.data?.pastCap === 1
                    ? '1 acima do limite diário de ocultações'
                    : `${list.data?.pastCap} acima do limite diário de ocultações`}
                </Badge>
              )
            }
            idle={
              <p className="flex items-center gap-2 text-sm text-neutral-600">
                <EyeOff aria-hidden="true" className="size-4" /> Nenhuma notificação esperando decisão.
              </p>
            }
            queued={pending.map((n) => (
              <NoticeCard
                key={n.id}
                notice={n}
                now={now}
                onDecide={(decision) => setDeciding({ notice: n, decision })}
              />
            ))}
            decided={decided.map((n) => <NoticeCard key={n.id} notice={n} now={now} />)}
          />
        )}
      </ListView>
      {deciding && (
        <DecisionDialog
          notice={deciding.notice}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            list.reload();
          }}
        />
      )}
    </>
  );
}

export default adminScreen(LegalNoticesAdmin);
