// The link checker's figures above the 'Links quebrados' queue (GET /api/admin/groups/link-checks):
// checks today, dead links found today, how far behind the queue is, and whether WhatsApp is pushing
// back (429 answers today, the pause in force).
import { Activity, Clock, Link2Off, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '#src/components/ui/Card.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { countLabel, formatCount, formatDateTime, formatRelative } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import type { LinkCheckFigures as Figures } from '../links/link-health.ts';

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
    </Card>
  );
}
