// /admin: metric cards, categories, click statistics (refreshed every 60 s), the publication status
// with 'Publicar alterações', and the group management below.

import type { LucideIcon } from 'lucide-react';
import {
  CircleCheck,
  Clock,
  Crown,
  Layers,
  MousePointerClick,
  RefreshCw,
  Rocket,
  TrendingUp,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api, messageOf } from '#src/lib/api.ts';
import { countLabel, formatCount, formatRelative } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import { PageHeader } from './admin-kit.tsx';
import { GroupsManager } from './GroupsManager.tsx';
import { MailOutboxCard } from './MailOutboxCard.tsx';
import { adminScreen } from './RequireAdmin.tsx';

export const METRICS_REFRESH_MS = 60_000;

interface Metrics {
  queues: {
    legalNotices: { pending: number; overdue: number };
    appeals: { open: number; overdue: number };
  };
  groups: { total: number; pending: number; approved: number; featured: number };
  categories: {
    popular: { id: number; name: string; count: number; totalClicks: number }[];
    mostPopulated: { id: number; name: string; count: number }[];
  };
  clicks: {
    periodDays: number;
    total: number;
    today: number;
    averagePerDay: number;
    distinctGroupsToday: number;
    topGroups: { id: string; title: string; category: string; cliques: number }[];
  };
}
interface Rebuild {
  last: {
    status: 'pending' | 'running' | 'done' | 'failed';
    requestedAt: string;
    startedAt: string | null;
    finishedAt: string | null;
    error: string | null;
  } | null;
  waiting: number;
}

function Metric({
  label,
  value,
  icon: Icon,
  tone = 'brand',
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  tone?: 'brand' | 'amber' | 'gold' | 'blue';
}) {
  const tones = {
    brand: 'bg-brand-50 text-brand-700',
    amber: 'bg-amber-50 text-amber-700',
    gold: 'bg-gold-50 text-gold-800',
    blue: 'bg-blue-50 text-blue-700',
  };
  return (
    <Card
      padding="sm"
      className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-3 sm:p-4"
    >
      <span
        className={`grid size-9 shrink-0 place-items-center rounded-full sm:size-11 [&_svg]:size-5 ${tones[tone]}`}
      >
        <Icon aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm leading-tight text-neutral-600">{label}</p>
        <div className="text-2xl font-bold tracking-tight text-neutral-900">{value}</div>
      </div>
    </Card>
  );
}

const REBUILD_LABEL: Record<string, { text: string; variant: 'green' | 'blue' | 'yellow' | 'red' }> = {
  pending: { text: 'Aguardando publicação', variant: 'yellow' },
  running: { text: 'Publicação enviada', variant: 'blue' },
  done: { text: 'Publicado', variant: 'green' },
  failed: { text: 'Falhou (nova tentativa em breve)', variant: 'red' },
};

function RebuildCard({ version }: { version: number }) {
  const status = useApi<Rebuild>('/api/admin/rebuild', 15_000);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the "something changed" signal.
  useEffect(() => {
    if (version) status.reload();
  }, [version]);
  async function publish() {
    setBusy(true);
    try {
      await api('/api/admin/rebuild', { method: 'POST' });
      toast({
        title: 'Publicação solicitada',
        description: 'O site será atualizado em instantes.',
        variant: 'success',
      });
      status.reload();
    } catch (error) {
      toast({
        title: 'Erro ao publicar',
        description: messageOf(error, 'Não foi possível solicitar a publicação.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }
  const last = status.data?.last;
  const label = last ? REBUILD_LABEL[last.status] : undefined;
  return (
    <Card padding="sm" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:p-4">
      <div className="flex min-w-0 items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-neutral-100 text-neutral-700">
          <Rocket aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="font-semibold text-neutral-900">Publicação do site</p>
          {status.loading && !status.data ? (
            <Skeleton className="mt-1 h-4 w-48" />
          ) : last && label ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-600">
              <Badge variant={label.variant}>{label.text}</Badge>
              <span>última solicitação {formatRelative(last.requestedAt)}</span>
            </p>
          ) : (
            <p className="text-sm text-neutral-600">Nenhuma publicação solicitada ainda.</p>
          )}
        </div>
      </div>
      <Button onClick={publish} disabled={busy}>
        <RefreshCw aria-hidden="true" className={busy ? 'animate-spin' : undefined} />
        Publicar alterações
      </Button>
    </Card>
  );
}

/** What waits for a decision on the 24-hour clock: legal notices and owners' appeals (#41). */
function QueueCard({ queues }: { queues?: Metrics['queues'] }) {
  const rows = [
    {
      href: '/admin/notificacoes-juridicas',
      label: 'Notificações jurídicas pendentes',
      count: queues?.legalNotices.pending,
      overdue: queues?.legalNotices.overdue,
    },
    {
      href: '/admin/contestacoes',
      label: 'Contestações em análise',
      count: queues?.appeals.open,
      overdue: queues?.appeals.overdue,
    },
  ];
  return (
    <Card className="mt-4">
      <h2 className="font-semibold text-neutral-900">Aguardando decisão</h2>
      <p className="mb-3 text-xs text-neutral-600">Prazo de 24 horas desde o recebimento.</p>
      <ul className="flex flex-col gap-2">
        {rows.map((row) => (
          <li key={row.href} className="flex flex-wrap items-center justify-between gap-2">
            <a href={row.href} className="text-sm font-medium text-brand-800 hover:underline">
              {row.label}
            </a>
            {queues ? (
              <span className="flex items-center gap-2">
                <span className="text-lg font-bold text-neutral-900">{formatCount(row.count ?? 0)}</span>
                {(row.overdue ?? 0) > 0 && (
                  <Badge variant="red">{formatCount(row.overdue ?? 0)} atrasada(s)</Badge>
                )}
              </span>
            ) : (
              <Skeleton className="h-6 w-10" />
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function RankList({
  title,
  period,
  items,
  empty,
}: {
  title: string;
  /** what the figures count, under the title ('Cliques nos últimos 30 dias') */
  period: string;
  items: { key: string; label: string; sub?: string; value: string }[];
  empty: string;
}) {
  return (
    <Card>
      <h2 className="font-semibold text-neutral-900">{title}</h2>
      <p className="mb-3 text-xs text-neutral-600">{period}</p>
      {items.length === 0 ? (
        <p className="text-sm text-neutral-600">{empty}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {items.map((item, index) => (
            <li key={item.key} className="flex items-center gap-3">
              <span className="grid size-7 shrink-0 place-items-center rounded-full bg-neutral-100 text-xs font-bold text-neutral-700">
                {index + 1}
              </span>
              <span className="min-w-0 flex-1">
                {/* Two lines, then the full title on hover: cut short, two groups looked the same. */}
                <span
                  className="line-clamp-2 text-sm font-medium break-words text-neutral-900"
                  title={item.label}
                >
                  {item.label}
                </span>
                {item.sub && <span className="block truncate text-xs text-neutral-500">{item.sub}</span>}
              </span>
              <span className="shrink-0 text-sm font-semibold text-neutral-700">{item.value}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function Dashboard() {
  const metrics = useApi<Metrics>('/api/admin/dashboard-metrics', METRICS_REFRESH_MS);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (metrics.error)
      toast({
        title: 'Erro ao carregar métricas',
        description: messageOf(metrics.error, 'Tente novamente em instantes.'),
        variant: 'destructive',
      });
  }, [metrics.error]);
  const m = metrics.data;
  const loading = !m;
  const days = m?.clicks.periodDays ?? 30;
  const value = (n: number | undefined) =>
    loading ? <Skeleton className="mt-1 h-7 w-16" /> : formatCount(n ?? 0);

  return (
    <>
      <PageHeader title="Dashboard" description="Visão geral do diretório e moderação dos grupos." />
      <RebuildCard version={version} />
      <MailOutboxCard />
      <div className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Metric label="Total de grupos" value={value(m?.groups.total)} icon={Layers} />
        <Metric label="Pendentes" value={value(m?.groups.pending)} icon={Clock} tone="amber" />
        <Metric label="Aprovados" value={value(m?.groups.approved)} icon={CircleCheck} />
        <Metric label="Em destaque" value={value(m?.groups.featured)} icon={Crown} tone="gold" />
      </div>
      <QueueCard queues={m?.queues} />
      <h2 className="mt-8 text-lg font-bold text-neutral-900">Cliques</h2>
      <p className="mb-3 text-sm text-neutral-600">
        Entradas nos grupos nos últimos {days} dias (uma por visitante, grupo e dia).
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Metric
          label={`Cliques em ${days} dias`}
          value={value(m?.clicks.total)}
          icon={MousePointerClick}
          tone="blue"
        />
        <Metric label="Cliques hoje" value={value(m?.clicks.today)} icon={TrendingUp} tone="blue" />
        <Metric
          label={`Média por dia (${days} dias)`}
          value={loading ? value(0) : (m?.clicks.averagePerDay ?? 0).toLocaleString('pt-BR')}
          icon={TrendingUp}
          tone="blue"
        />
        <Metric
          label="Grupos clicados hoje"
          value={value(m?.clicks.distinctGroupsToday)}
          icon={Layers}
          tone="blue"
        />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        {loading ? (
          Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders.
            <Skeleton key={i} className="h-64" />
          ))
        ) : (
          <>
            <RankList
              title="Top 5 grupos mais clicados"
              period={`Cliques nos últimos ${days} dias`}
              empty={`Nenhum clique nos últimos ${days} dias.`}
              items={m.clicks.topGroups.map((g) => ({
                key: g.id,
                label: g.title,
                sub: g.category,
                value: formatCount(g.cliques),
              }))}
            />
            <RankList
              title="Categorias populares"
              period={`Cliques nos últimos ${days} dias`}
              empty="Nenhuma categoria."
              items={m.categories.popular.map((c) => ({
                key: String(c.id),
                label: c.name,
                sub: countLabel(c.count, 'grupo', 'grupos'),
                value: formatCount(c.totalClicks),
              }))}
            />
            <RankList
              title="Categorias com mais grupos"
              period="Todos os grupos cadastrados, em qualquer status"
              empty="Nenhuma categoria."
              items={m.categories.mostPopulated.map((c) => ({
                key: String(c.id),
                label: c.name,
                value: formatCount(c.count),
              }))}
            />
          </>
        )}
      </div>
      <GroupsManager
        onChanged={() => {
          metrics.reload();
          setVersion((v) => v + 1);
        }}
      />
    </>
  );
}

export default adminScreen(Dashboard);
