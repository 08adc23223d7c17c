// The link checker's figures above the 'Links quebrados' queue (GET /api/admin/groups/link-checks):
// checks today, dead links found today, how far behind the queue is, and whether WhatsApp is pushing
// back (429 answers today, the pause in force); below, the checks by what asked for them over 24 hours
// or 7 days, to hold against the simulation's (docs/link-health.md).
import { Activity, Clock, Link2Off, ShieldAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Card } from '#src/components/ui/Card.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { countLabel, formatCount, formatDateTime, formatRelative } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import {
  CHECK_CAUSES,
  type CheckCause,
  type LinkCheckFigures as Figures,
  type TallyByCause,
} from '../links/link-health.ts';

function Figure({
  icon,
  label,
  value,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  note?: string;
}) {
  return (
    <div className="flex items-start gap-3 p-4">
      <span className="mt-0.5 text-neutral-500" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-sm text-neutral-600">{label}</dt>
        <dd className="text-lg font-semibold text-neutral-900">{value}</dd>
        {note && <dd className="text-sm text-neutral-600">{note}</dd>}
      </div>
    </div>
  );
}

/** The checker's figures, refreshed every minute. */
export default function LinkCheckFigures() {
  const figures = useApi<Figures>('/api/admin/groups/link-checks', 60_000);
  if (!figures.data)
    return figures.error ? (
      <p className="text-sm text-neutral-600" role="status">
        Não foi possível carregar os números da verificação de links.
      </p>
    ) : (
      <Skeleton className="h-24" />
    );
  const f = figures.data;
  const now = new Date();
  const behind = f.oldestDueAt && new Date(f.oldestDueAt) < now;
  const pushback = f.pausedUntil
    ? `Pausado até ${formatDateTime(f.pausedUntil)}`
    : f.rateLimitedToday > 0
      ? 'Respondendo de novo'
      : 'Respondendo normalmente';
  return (
    <Card padding="none" data-link-check-figures>
      <h2 className="sr-only">Verificação de links</h2>
      <dl className="grid divide-neutral-100 sm:grid-cols-2 sm:divide-x lg:grid-cols-4">
        <Figure
          icon={<Activity className="size-5" />}
          label="Verificações hoje"
          value={formatCount(f.checksToday)}
          note={
            f.lastRunAt ? `Última execução ${formatRelative(f.lastRunAt, now)}` : 'Nenhuma execução ainda'
          }
        />
        <Figure
          icon={<Link2Off className="size-5" />}
          label="Links quebrados encontrados hoje"
          value={formatCount(f.deadToday)}
        />
        <Figure
          icon={<Clock className="size-5" />}
          label="Verificação mais atrasada"
          value={!f.oldestDueAt ? '—' : behind ? `Prevista ${formatRelative(f.oldestDueAt, now)}` : 'Em dia'}
          note={
            f.waitingFirst > 0
              ? `${countLabel(f.waitingFirst, 'grupo', 'grupos')} com prioridade na fila (denúncia, entradas ou nunca verificado)`
              : undefined
          }
        />
        <Figure
          icon={<ShieldAlert className="size-5" />}
          label="WhatsApp"
          value={pushback}
          note={
            f.rateLimitedToday === 0
              ? 'Nenhuma recusa por excesso de pedidos (429) hoje'
              : `${countLabel(f.rateLimitedToday, 'recusa por excesso de pedidos', 'recusas por excesso de pedidos')} (429) hoje`
          }
        />
      </dl>
      <CauseTable byCause={f.byCause} />
    </Card>
  );
}

const CAUSE_LABELS: Record<CheckCause, string> = {
  scheduled: 'Execuções agendadas',
  spare: 'Vaga livre após uma entrada',
  join: 'Entradas (antes de enviar)',
  report: 'Denúncias de link quebrado',
  admin: "'Verificar agora'",
  submission: 'Envios e links trocados',
  claim: 'Reivindicações',
};

const WINDOWS = { day: 'Últimas 24 horas', week: 'Últimos 7 dias' } as const;

/** Dead links found per 1,000 checks, with one decimal ('—' with no checks). */
const perThousand = (dead: number, checks: number) =>
  checks ? ((dead * 1000) / checks).toLocaleString('pt-BR', { maximumFractionDigits: 1 }) : '—';

/** The checks by cause over 24 hours or 7 days, and the joins stopped, inconclusive answers and 429s. */
function CauseTable({ byCause }: { byCause: { day: TallyByCause; week: TallyByCause } }) {
  const [span, setSpan] = useState<keyof typeof WINDOWS>('day');
  const rows = byCause[span];
  const total = (key: 'checks' | 'inconclusive' | 'rateLimited' | 'stopped') =>
    CHECK_CAUSES.reduce((n, cause) => n + rows[cause][key], 0);
  return (
    <div className="border-t border-neutral-100 p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-neutral-900">Verificações por origem</h3>
        <fieldset className="flex gap-1 rounded-control bg-neutral-100 p-1">
          <legend className="sr-only">Período</legend>
          {(Object.keys(WINDOWS) as (keyof typeof WINDOWS)[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={span === key}
              onClick={() => setSpan(key)}
              className="min-h-9 cursor-pointer rounded-[0.6rem] px-3 text-sm font-semibold text-neutral-600 aria-pressed:bg-white aria-pressed:text-neutral-900 aria-pressed:shadow-card"
            >
              {WINDOWS[key]}
            </button>
          ))}
        </fieldset>
      </div>
      {/* A phone gets a line per origin; wider screens the table. */}
      <CauseLines rows={rows} />
      <CauseGrid rows={rows} />
      <p className="mt-3 text-sm text-neutral-600">
        {countLabel(total('checks'), 'verificação', 'verificações')} ·{' '}
        {countLabel(total('stopped'), 'entrada interrompida', 'entradas interrompidas')} (link quebrado) ·{' '}
        {countLabel(total('inconclusive'), 'resposta inconclusiva', 'respostas inconclusivas')} ·{' '}
        {countLabel(total('rateLimited'), 'pausa por 429', 'pausas por 429')}
      </p>
    </div>
  );
}

/** The checks of each origin as a line of text (phones). */
function CauseLines({ rows }: { rows: TallyByCause }) {
  return (
    <ul className="divide-y divide-neutral-100 text-sm sm:hidden">
      {CHECK_CAUSES.map((cause) => (
        <li key={cause} className="py-2">
          <p className="font-medium text-neutral-800">{CAUSE_LABELS[cause]}</p>
          <p className="text-neutral-600 tabular-nums">
            {rows[cause].checks === 0 ? (
              'Nenhuma verificação'
            ) : (
              <>
                <span className="whitespace-nowrap">
                  {countLabel(rows[cause].checks, 'verificação', 'verificações')}
                </span>{' '}
                ·{' '}
                <span className="whitespace-nowrap">
                  {perThousand(rows[cause].dead, rows[cause].checks)} quebrados por mil
                </span>{' '}
                ·{' '}
                <span className="whitespace-nowrap">
                  {countLabel(rows[cause].inconclusive, 'inconclusiva', 'inconclusivas')}
                </span>
              </>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The checks of each origin as a table (from 640 px). */
function CauseGrid({ rows }: { rows: TallyByCause }) {
  return (
    <table className="hidden w-full text-sm sm:table" data-link-check-causes>
      <thead className="text-left text-xs font-semibold tracking-wide text-neutral-500 uppercase">
        <tr>
          <th className="py-2 pr-3 font-semibold">Origem</th>
          <th className="px-3 py-2 text-right font-semibold">Verificações</th>
          <th className="px-3 py-2 text-right font-semibold">Quebrados por mil</th>
          <th className="py-2 pl-3 text-right font-semibold">Inconclusivas</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-100">
        {CHECK_CAUSES.map((cause) => (
          <tr key={cause}>
            <th scope="row" className="py-2 pr-3 text-left font-medium text-neutral-800">
              {CAUSE_LABELS[cause]}
            </th>
            <td className="px-3 py-2 text-right tabular-nums">{formatCount(rows[cause].checks)}</td>
            <td className="px-3 py-2 text-right tabular-nums">
              {perThousand(rows[cause].dead, rows[cause].checks)}
            </td>
            <td className="py-2 pl-3 text-right tabular-nums">{formatCount(rows[cause].inconclusive)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
