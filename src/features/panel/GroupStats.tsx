// A group's joins (clicks) and shares over the last 30 days: totals, the change against the 30 days
// before, and a chart whose library is fetched only when the stats are opened.
import { BarChart3, Trophy } from 'lucide-react';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { withQuery } from '#src/lib/api.ts';
import { countLabel } from '#src/lib/format.ts';
import { useLoad } from '#src/lib/use-api.ts';
import { ordinal, RANKING_PAGE, type Standing } from '../ranking/ranking.ts';
import { changeLabel, STATS_DEFAULT_DAYS, type GroupStats as Stats, type StatsDay } from './engage.ts';

const StatsChart = lazy(() => import('./StatsChart.tsx')) as ComponentType<{ days: StatsDay[] }>;

const DAYS = STATS_DEFAULT_DAYS;

function Total({ label, value, previous }: { label: string; value: number; previous: number }) {
  const change = changeLabel(value, previous, DAYS);
  return (
    <div className="rounded-control border border-neutral-200 p-3">
      <p className="text-sm text-neutral-600">{label}</p>
      <p className="text-2xl font-bold text-neutral-900 tabular-nums">{value.toLocaleString('pt-BR')}</p>
      <p className="text-xs text-neutral-600">
        {change ??
          (previous === 0 && value > 0 ? `Nada nos ${DAYS} dias anteriores` : `Nos últimos ${DAYS} dias`)}
      </p>
    </div>
  );
}

/** Where the group stands this week in 'Relevância': '2º de 35 em Esportes', and in each of its tags. */
function Standings({ standings }: { standings: Standing[] }) {
  if (standings.length === 0) return null;
  return (
    <div className="rounded-control border border-neutral-200 p-3">
      <p className="flex items-center gap-1.5 text-sm text-neutral-600">
        <Trophy aria-hidden="true" className="size-4 text-brand-700" /> Posição nesta semana
      </p>
      <ul className="mt-1 flex flex-col gap-1">
        {standings.map((standing) => (
          <li key={`${standing.kind}-${standing.slug}`} className="text-neutral-900">
            <span className="text-lg font-bold tabular-nums">{ordinal(standing.position)}</span> de{' '}
            {standing.total.toLocaleString('pt-BR')} em{' '}
            <a
              href={standing.kind === 'category' ? `/categoria/${standing.slug}` : `/tag/${standing.slug}`}
              className="font-medium text-brand-800 underline underline-offset-2"
            >
              {standing.name}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-neutral-600">
        Na ordem 'Relevância', pelas entradas desta semana.{' '}
        <a href={RANKING_PAGE} className="underline underline-offset-2">
          Como ordenamos
        </a>
      </p>
    </div>
  );
}

/** The heading of the 30 days' figures (this week's position sits above it, under its own title). */
const PeriodHeading = () => <h3 className="text-sm font-semibold text-neutral-900">Últimos {DAYS} dias</h3>;

function StatsBody({ groupId }: { groupId: string }) {
  const [load, retry] = useLoad<Stats>(withQuery(`/api/user/groups/${groupId}/stats`, { days: DAYS }));

  if (load.state === 'loading')
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <span className="sr-only">Carregando estatísticas…</span>
        <PeriodHeading />
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
        <Skeleton className="h-56" />
      </div>
    );
  if (load.state === 'error')
    return (
      <EmptyState
        title="Não foi possível carregar as estatísticas"
        text="Verifique sua conexão e tente novamente."
        action={<Button onClick={retry}>Tentar novamente</Button>}
      />
    );
  const { days, totals, standings = [] } = load.data;
  if (totals.clicks === 0 && totals.shares === 0)
    return (
      <div className="flex flex-col gap-3">
        <Standings standings={standings} />
        <PeriodHeading />
        <p className="rounded-control bg-neutral-50 p-4 text-center text-sm text-neutral-600">
          Ainda não há cliques nem compartilhamentos.
        </p>
      </div>
    );
  return (
    <div className="flex flex-col gap-3">
      <Standings standings={standings} />
      <PeriodHeading />
      {/* Side by side from 420 px: at 390 'Compartilhamentos' did not fit half the card. */}
      <div className="grid gap-3 min-[420px]:grid-cols-2">
        <Total label="Entradas no grupo" value={totals.clicks} previous={totals.previousClicks} />
        <Total label="Compartilhamentos" value={totals.shares} previous={totals.previousShares} />
      </div>
      <figure
        className="m-0"
        aria-label={`Entradas e compartilhamentos por dia nos últimos ${DAYS} dias: ${countLabel(totals.clicks, 'entrada', 'entradas')} e ${countLabel(totals.shares, 'compartilhamento', 'compartilhamentos')}.`}
      >
        <Suspense fallback={<Skeleton className="h-56" />}>
          <StatsChart days={days} />
        </Suspense>
      </figure>
    </div>
  );
}

export function GroupStats({ groupId, title }: { groupId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const panelId = `stats-${groupId}`;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <BarChart3 aria-hidden="true" /> {open ? 'Ocultar estatísticas' : 'Estatísticas'}
      </Button>
      {open && (
        <section id={panelId} aria-label={`Estatísticas de ${title}`} className="order-last w-full">
          <StatsBody groupId={groupId} />
        </section>
      )}
    </>
  );
}
