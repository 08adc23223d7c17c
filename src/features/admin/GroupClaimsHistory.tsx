// The admin's view of a group's claims ('Reivindicar grupo'), in the group's edit dialog: who asked,
// when, what WhatsApp showed, and for verified ones whom the group came from and in what state.
import { Badge } from '#src/components/ui/Badge.tsx';
import type { BadgeVariant } from '#src/components/ui/classes.ts';
import type { AdminClaim } from '#src/features/claims/claims.schema.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';

const STATUS: Record<AdminClaim['status'], { label: string; tone: BadgeVariant }> = {
  verified: { label: 'Confirmada', tone: 'green' },
  pending: { label: 'Aguardando', tone: 'yellow' },
  expired: { label: 'Expirada', tone: 'neutral' },
};

const STATE: Record<string, string> = { approved: 'aprovado', pending: 'pendente', hidden: 'oculto' };

export function GroupClaimsHistory({ groupId }: { groupId: string }) {
  const { data, error, loading } = useApi<{ claims: AdminClaim[] }>(
    `/api/admin/group-claims?groupId=${encodeURIComponent(groupId)}`,
  );
  return (
    <section aria-label="Reivindicações" className="rounded-control border border-neutral-200 p-3">
      <h3 className="text-sm font-semibold text-neutral-900">Reivindicações</h3>
      {loading && !data && <p className="mt-1 text-sm text-neutral-600">Carregando…</p>}
      {error && <p className="mt-1 text-sm text-red-700">Não foi possível carregar as reivindicações.</p>}
      {data && data.claims.length === 0 && (
        <p className="mt-1 text-sm text-neutral-600">Ninguém reivindicou este grupo.</p>
      )}
      {data && data.claims.length > 0 && (
        <ul className="mt-2 flex flex-col gap-2">
          {data.claims.map((c) => (
            <li key={c.id} className="text-sm text-neutral-700">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={STATUS[c.status].tone}>{STATUS[c.status].label}</Badge>
                <span className="font-mono">{c.code}</span>
                <span>{formatDateTime(c.verifiedAt ?? c.createdAt)}</span>
              </div>
              <p className="break-words">
                Por {c.claimant ?? 'conta excluída'}
                {c.status === 'verified' &&
                  ` · antes: ${c.previousOwner ?? 'sem dono'} (grupo ${STATE[c.groupState ?? ''] ?? '—'})`}
              </p>
              {c.seenName !== null && (
                <p className="break-words text-neutral-600">Nome visto no WhatsApp: “{c.seenName}”</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
