// /admin/denuncias: the reports queue. Each group with open reports shows how many, why, and what the
// reporters wrote; the admin dismisses them, hides the group or deletes it (confirmed first).
import { EyeOff, Flag, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import type { ReportReason } from '#db/report-reasons.ts';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { ConfirmDialog } from '#src/components/ui/ConfirmDialog.tsx';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api, messageOf } from '#src/lib/api.ts';
import { formatDate, formatRelative } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import { REPORT_REASON_SHORT_LABELS, type ReportAction } from '../reports/reports.schema.ts';
import { PageHeader } from './admin-kit.tsx';
import { adminScreen } from './RequireAdmin.tsx';

interface QueueItem {
  group: {
    id: string;
    title: string;
    link: string;
    category: string;
    approved: boolean;
    hidden: boolean;
    keptUntil: string | null;
    path: string;
  };
  count: number;
  lastReportAt: string;
  reasons: Partial<Record<ReportReason, number>>;
  reports: { id: string; reason: ReportReason; description: string | null; createdAt: string }[];
}

const ACTIONS: Record<ReportAction, { title: string; description: string; label: string; danger: boolean }> =
  {
    dismiss: {
      title: 'Descartar denúncias?',
      description: 'As denúncias serão encerradas e o grupo volta a aparecer se estava oculto.',
      label: 'Descartar',
      danger: false,
    },
    hide: {
      title: 'Ocultar grupo?',
      description: 'O grupo deixa de aparecer no site até ser revisado de novo.',
      label: 'Ocultar grupo',
      danger: true,
    },
    delete: {
      title: 'Excluir grupo?',
      description: 'O grupo e suas denúncias serão excluídos definitivamente.',
      label: 'Excluir grupo',
      danger: true,
    },
  };

function ReportsAdmin() {
  const queue = useApi<{ reports: QueueItem[] }>('/api/admin/reports');
  const [pending, setPending] = useState<{ item: QueueItem; action: ReportAction } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    if (!pending) return;
    setBusy(true);
    try {
      const result = await api<{ message: string }>(`/api/admin/reports/${pending.item.group.id}`, {
        method: 'POST',
        body: { action: pending.action },
      });
      toast({ title: result.message, description: pending.item.group.title, variant: 'success' });
      setPending(null);
      queue.reload();
    } catch (error) {
      toast({
        title: 'Não foi possível revisar as denúncias',
        description: messageOf(error, 'Tente novamente.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  const items = queue.data?.reports ?? [];
  return (
    <>
      <PageHeader
        title="Denúncias"
        description="Grupos denunciados pelos visitantes, os mais denunciados primeiro."
      />
      {queue.loading && !queue.data ? (
        <div className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : queue.error ? (
        <EmptyState
          title="Não foi possível carregar as denúncias"
          text={queue.error.message}
          action={<Button onClick={queue.reload}>Tentar de novo</Button>}
        />
      ) : !items.length ? (
        <EmptyState
          icon={Flag}
          title="Nenhuma denúncia pendente"
          text="Quando visitantes denunciarem grupos, eles aparecerão aqui."
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <Card as="li" key={item.group.id} className="flex flex-col gap-3">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <h2 dir="auto" className="font-semibold text-neutral-900">
                    <a href={item.group.path} target="_blank" rel="noopener" className="hover:underline">
                      {item.group.title}
                    </a>
                  </h2>
                  <p className="text-sm text-neutral-600">
                    {item.group.category} · última denúncia {formatRelative(item.lastReportAt)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  <Badge variant="red">{item.count === 1 ? '1 denúncia' : `${item.count} denúncias`}</Badge>
                  {item.group.hidden && <Badge variant="grey">Oculto</Badge>}
                  {item.group.keptUntil && (
                    <Badge
                      variant="blue"
                      title={`Revisado e mantido: novas denúncias não o ocultam até ${formatDate(item.group.keptUntil)}.`}
                    >
                      Mantido até {formatDate(item.group.keptUntil)}
                    </Badge>
                  )}
                  {!item.group.approved && <Badge variant="yellow">Pendente</Badge>}
                </div>
              </div>
              <div className="flex flex-wrap gap-1.5">
                {(Object.entries(item.reasons) as [ReportReason, number][]).map(([reason, n]) => (
                  <Badge key={reason} variant="outline">
                    {REPORT_REASON_SHORT_LABELS[reason] ?? reason}: {n}
                  </Badge>
                ))}
              </div>
              <ul className="flex flex-col gap-1.5 rounded-control bg-neutral-50 p-3 text-sm">
                {item.reports.map((r) => (
                  <li key={r.id} className="text-neutral-700">
                    <span className="font-medium text-neutral-900">
                      {REPORT_REASON_SHORT_LABELS[r.reason] ?? r.reason}
                    </span>
                    <span className="text-neutral-500"> · {formatDate(r.createdAt)}</span>
                    {r.description && (
                      <span dir="auto" className="block break-words">
                        {r.description}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => setPending({ item, action: 'dismiss' })}>
                  <X aria-hidden="true" />
                  Descartar
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setPending({ item, action: 'hide' })}>
                  <EyeOff aria-hidden="true" />
                  Ocultar grupo
                </Button>
                <Button size="sm" variant="danger" onClick={() => setPending({ item, action: 'delete' })}>
                  <Trash2 aria-hidden="true" />
                  Excluir grupo
                </Button>
              </div>
            </Card>
          ))}
        </ul>
      )}
      {pending && (
        <ConfirmDialog
          open
          title={ACTIONS[pending.action].title}
          description={`“${pending.item.group.title}”: ${ACTIONS[pending.action].description}`}
          confirmLabel={ACTIONS[pending.action].label}
          danger={ACTIONS[pending.action].danger}
          busy={busy}
          onConfirm={run}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  );
}

export default adminScreen(ReportsAdmin);
