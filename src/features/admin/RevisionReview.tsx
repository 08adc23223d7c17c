// The moderation list's 'Revisões': owners' pending changes to approved groups, the public version and
// the proposed one side by side for the changed fields (highlighted), the unchanged ones folded; approved
// at once or rejected with a reason.
import { Check, ChevronRight, ExternalLink, FileDiff, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { ConfirmDialog } from '#src/components/ui/ConfirmDialog.tsx';
import { cx } from '#src/components/ui/classes.ts';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Field, TextArea } from '#src/components/ui/Field.tsx';
import { Pagination } from '#src/components/ui/Pagination.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { groupThumbnail } from '#src/features/images/group-image.ts';
import { api, fieldsOf, messageOf } from '#src/lib/api.ts';
import { formatDate } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';

interface Version {
  title: string;
  description: string;
  category: string;
  image: string | null;
  /** the tags (#43) */
  tags?: { slug: string; name: string }[];
}
interface Revision {
  id: string;
  groupId: string;
  createdAt: string;
  ownerEmail: string | null;
  current: Version & { link: string; path: string };
  proposed: Version;
  changed: Record<'title' | 'description' | 'category' | 'image' | 'tags', boolean>;
}
interface RevisionList {
  revisions: Revision[];
  pagination: { total: number; pages: number };
}

const FIELDS: { key: keyof Revision['changed']; label: string }[] = [
  { key: 'title', label: 'Título' },
  { key: 'description', label: 'Descrição' },
  { key: 'category', label: 'Categoria' },
  { key: 'image', label: 'Imagem' },
  { key: 'tags', label: 'Tags' },
];

function show(version: Version, key: keyof Revision['changed']): ReactNode {
  if (key === 'tags')
    return version.tags?.length ? (
      version.tags.map((tag) => tag.name).join(', ')
    ) : (
      <span className="text-neutral-500">Sem tags</span>
    );
  if (key !== 'image') return version[key];
  return version.image ? (
    <img
      src={groupThumbnail(version.image)}
      alt=""
      width={64}
      height={64}
      className="size-16 rounded-control object-cover"
    />
  ) : (
    <span className="text-neutral-500">Sem imagem</span>
  );
}

function Side({ label, changed, children }: { label: string; changed: boolean; children: ReactNode }) {
  return (
    <div
      className={cx(
        'min-w-0 rounded-control border p-3 text-sm break-words whitespace-pre-line',
        changed
          ? 'border-amber-300 bg-amber-50 text-neutral-900'
          : 'border-neutral-200 bg-white text-neutral-700',
      )}
    >
      <p className="mb-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase">{label}</p>
      {children}
    </div>
  );
}

/** One pending revision: who asked and when, the changed fields side by side, the others folded. */
function RevisionCard({
  revision,
  busy,
  onApprove,
  onReject,
}: {
  revision: Revision;
  busy: string | null;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <Card padding="md" data-revision-id={revision.id} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h3 dir="auto" className="truncate font-semibold text-neutral-900" title={revision.current.title}>
            {revision.current.title}
          </h3>
          <p className="text-sm text-neutral-600">
            Pedido em {formatDate(revision.createdAt)}
            {revision.ownerEmail && <span className="break-all"> por {revision.ownerEmail}</span>}
          </p>
        </div>
        <a
          href={revision.current.path}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 shrink-0 items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
        >
          Ver página atual <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </div>
      {/* What changed, Atual beside Proposto; the fields left as they were folded below. */}
      <dl className="flex flex-col gap-3">
        {FIELDS.filter(({ key }) => revision.changed[key]).map(({ key, label }) => (
          <div key={key} data-field={key} data-changed="true">
            <dt className="mb-1 flex items-center gap-2 text-sm font-semibold text-neutral-800">
              {label}
              <Badge variant="yellow">Alterado</Badge>
            </dt>
            <dd className="grid gap-2 sm:grid-cols-2">
              <Side label="Atual" changed={false}>
                {show(revision.current, key)}
              </Side>
              <Side label="Proposto" changed>
                {show(revision.proposed, key)}
              </Side>
            </dd>
          </div>
        ))}
      </dl>
      {FIELDS.some(({ key }) => !revision.changed[key]) && (
        <details className="group rounded-control border border-neutral-200">
          {/* A flex summary loses the browser's triangle: the chevron says that it opens. */}
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 text-sm text-neutral-700 [&::-webkit-details-marker]:hidden">
            <ChevronRight
              aria-hidden="true"
              className="size-4 shrink-0 text-neutral-500 transition-transform group-open:rotate-90"
            />
            <span>
              Sem alteração:{' '}
              {FIELDS.filter(({ key }) => !revision.changed[key])
                .map(({ label }) => label.toLowerCase())
                .join(', ')}
            </span>
          </summary>
          <dl className="flex flex-col gap-3 border-t border-neutral-200 p-3">
            {FIELDS.filter(({ key }) => !revision.changed[key]).map(({ key, label }) => (
              <div key={key} data-field={key} data-changed="false">
                <dt className="mb-1 text-sm font-semibold text-neutral-800">{label}</dt>
                <dd>
                  <Side label="Atual e proposto" changed={false}>
                    {show(revision.current, key)}
                  </Side>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy !== null} onClick={onReject}>
          <X aria-hidden="true" /> Recusar
        </Button>
        <Button disabled={busy !== null} onClick={onApprove}>
          <Check aria-hidden="true" /> {busy === revision.id ? 'Aprovando…' : 'Aprovar alteração'}
        </Button>
      </div>
    </Card>
  );
}

export function RevisionReview({ onChanged }: { onChanged?: () => void }) {
  const [page, setPage] = useState(1);
  const list = useApi<RevisionList>(`/api/admin/group-revisions?page=${page}`);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<Revision | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  async function decide(revision: Revision, action: 'approve' | 'reject') {
    setBusy(revision.id);
    try {
      const result = await api<{ message: string }>(`/api/admin/group-revisions/${revision.id}/${action}`, {
        method: 'POST',
        body: action === 'reject' ? { reason } : undefined,
      });
      toast({
        title: action === 'approve' ? 'Alteração aprovada' : 'Alteração recusada',
        description: result.message,
        variant: 'success',
      });
      setRejecting(null);
      list.reload();
      onChanged?.();
    } catch (error) {
      setReasonError(fieldsOf(error).reason);
      toast({
        title: 'Não foi possível concluir',
        description: messageOf(error, 'Tente novamente.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  if (list.loading && !list.data)
    return (
      <div className="flex flex-col gap-3" role="status" aria-label="Carregando revisões">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-56" />
        ))}
      </div>
    );
  if (list.error && !list.data)
    return (
      <EmptyState
        title="Não foi possível carregar as revisões"
        text="Verifique sua conexão e tente de novo."
        action={<Button onClick={list.reload}>Tentar de novo</Button>}
      />
    );
  if (!list.data?.revisions.length)
    return (
      <EmptyState
        icon={FileDiff}
        title="Nenhuma revisão pendente"
        text="Quando um dono alterar um grupo aprovado, a alteração aparece aqui."
      />
    );

  return (
    <section
      aria-label="Revisões pendentes"
      className={cx('flex flex-col gap-4', list.loading && 'opacity-60')}
    >
      {list.data.revisions.map((revision) => (
        <RevisionCard
          key={revision.id}
          revision={revision}
          busy={busy}
          onApprove={() => decide(revision, 'approve')}
          onReject={() => {
            setReason('');
            setReasonError(undefined);
            setRejecting(revision);
          }}
        />
      ))}
      <Pagination page={page} pages={list.data.pagination.pages} onChange={setPage} disabled={list.loading} />
      <ConfirmDialog
        open={rejecting !== null}
        title="Recusar alteração?"
        description="A versão atual continua publicada. O dono verá o motivo."
        confirmLabel="Recusar alteração"
        busy={busy !== null}
        onCancel={() => setRejecting(null)}
        onConfirm={() => rejecting && decide(rejecting, 'reject')}
      >
        <Field label="Motivo da recusa" required error={reasonError}>
          {(props) => (
            <TextArea {...props} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          )}
        </Field>
      </ConfirmDialog>
    </section>
  );
}
