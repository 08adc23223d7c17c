// The active holds of a group as the admin sees them (#40): reason, source and age of each, and where it
// is lifted. In the group's dialog the admin places an admin hide or a court order and lifts those two,
// one at a time; the others only name the decision that lifts them (the notice, the reports, the link).
import { Gavel, ShieldOff, Unlock } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Select } from '#src/components/ui/Field.tsx';
import { api } from '#src/lib/api.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';
import { APPEAL_STATUS_LABELS } from '../appeals/appeals.ts';
import {
  ADMIN_HOLD_REASONS,
  type AdminHoldReason,
  HOLD_LIFTED_BY,
  HOLD_REASON_LABELS,
} from '../holds/holds.ts';
import { TextField, useAction } from './admin-kit.tsx';

/** An owner's appeal against a hold, as its trail shows it. */
interface HoldAppealItem {
  status: keyof typeof APPEAL_STATUS_LABELS;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionReason: string | null;
}

/** One hold as GET /api/admin/groups/{id}/holds and the notices list send it. */
export interface HoldItem {
  id: string;
  reason: keyof typeof HOLD_REASON_LABELS;
  noticeProtocol: string | null;
  note: string | null;
  placedBy: string | null;
  placedAt: string;
  /** the group's dialog only: the owner's appeals against it, oldest first */
  appeals?: HoldAppealItem[];
}

/** The hold's appeals: when contested, the outcome, who decided and why. */
function AppealTrail({ appeals }: { appeals?: HoldAppealItem[] }) {
  if (!appeals?.length) return null;
  return (
    <ul className="mt-1 flex flex-col gap-0.5" aria-label="Contestações">
      {appeals.map((a) => (
        <li key={a.createdAt} className="break-words text-neutral-600">
          Contestada em {formatDateTime(a.createdAt)} · {APPEAL_STATUS_LABELS[a.status]}
          {a.decidedAt && ` · ${formatDateTime(a.decidedAt)} por ${a.decidedBy ?? 'admin'}`}
          {a.decisionReason && `: ${a.decisionReason}`}
        </li>
      ))}
    </ul>
  );
}

/** 'há 3 h' / 'há 2 dias' from a date. */
function age(iso: string): string {
  const minutes = Math.max(0, Math.floor((Date.now() - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `há ${minutes} min`;
  if (minutes < 48 * 60) return `há ${Math.floor(minutes / 60)} h`;
  return `há ${Math.floor(minutes / 1440)} dias`;
}

const source = (h: HoldItem) =>
  [h.noticeProtocol && `Notificação ${h.noticeProtocol}`, h.note, h.placedBy ?? 'Sistema']
    .filter(Boolean)
    .join(' · ');

/** The list; `onLift` adds 'Liberar' to the holds an admin lifts from here. */
export function HoldList({ holds, onLift }: { holds: HoldItem[]; onLift?: (hold: HoldItem) => void }) {
  if (!holds.length)
    return <p className="text-sm text-neutral-600">Nenhuma retenção ativa: o grupo pode aparecer no site.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Retenções ativas">
      {holds.map((h) => (
        <li
          key={h.id}
          className="flex flex-wrap items-start justify-between gap-2 text-sm"
          data-hold={h.reason}
        >
          <div className="min-w-0">
            <Badge variant={h.reason === 'dead_link' ? 'yellow' : 'red'}>
              {HOLD_REASON_LABELS[h.reason]}
            </Badge>{' '}
            <span className="text-neutral-700" title={formatDateTime(h.placedAt)}>
              {age(h.placedAt)}
            </span>
            <p className="break-words text-neutral-600">{source(h)}</p>
            <AppealTrail appeals={h.appeals} />
            {!(onLift && (ADMIN_HOLD_REASONS as readonly string[]).includes(h.reason)) && (
              <p className="text-neutral-500">{HOLD_LIFTED_BY[h.reason]}</p>
            )}
          </div>
          {onLift && (ADMIN_HOLD_REASONS as readonly string[]).includes(h.reason) && (
            <Button type="button" size="sm" variant="secondary" onClick={() => onLift(h)}>
              <Unlock aria-hidden="true" />
              Liberar
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A lifted hold: what held the group, and who lifted it, when and why. */
export interface LiftedHoldItem extends HoldItem {
  liftedAt: string;
  liftedBy: string | null;
  liftReason: string | null;
}

/** The trail of lifted holds, under the active ones. */
function LiftedHolds({ lifted }: { lifted: LiftedHoldItem[] }) {
  if (!lifted.length) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-neutral-700">Retenções liberadas ({lifted.length})</summary>
      <ul className="mt-1 flex flex-col gap-1">
        {lifted.map((h) => (
          <li key={h.id} className="break-words text-neutral-600">
            <span className="font-medium text-neutral-800">{HOLD_REASON_LABELS[h.reason]}</span> · {source(h)}{' '}
            · liberada em {formatDateTime(h.liftedAt)} por {h.liftedBy ?? 'Sistema'}
            {h.liftReason && `: ${h.liftReason}`}
            <AppealTrail appeals={h.appeals} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Place an admin hide or a court order (its process number), inside the group's dialog. */
function PlaceHoldForm({
  busy,
  onPlace,
}: {
  busy: boolean;
  onPlace: (reason: AdminHoldReason, note: string) => void;
}) {
  const [reason, setReason] = useState<AdminHoldReason>('admin');
  const [note, setNote] = useState('');
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Select
        aria-label="Tipo de retenção"
        value={reason}
        onChange={(e) => setReason(e.target.value as AdminHoldReason)}
      >
        {ADMIN_HOLD_REASONS.map((r) => (
          <option key={r} value={r}>
            {HOLD_REASON_LABELS[r]}
          </option>
        ))}
      </Select>
      <div className="min-w-48 flex-1">
        <TextField
          label={reason === 'court_order' ? 'Número do processo' : 'Motivo da retenção'}
          value={note}
          onChange={setNote}
        />
      </div>
      <Button type="button" size="sm" variant="danger" disabled={busy} onClick={() => onPlace(reason, note)}>
        <Gavel aria-hidden="true" />
        Reter
      </Button>
    </div>
  );
}

/** Why a hold is lifted (kept in its row), asked before 'Liberar' takes effect. */
function LiftHoldForm({
  hold,
  busy,
  onLift,
  onCancel,
}: {
  hold: HoldItem;
  busy: boolean;
  onLift: (why: string) => void;
  onCancel: () => void;
}) {
  const [why, setWhy] = useState('');
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-control bg-neutral-50 p-2">
      <div className="min-w-48 flex-1">
        <TextField
          label={`Por que liberar "${HOLD_REASON_LABELS[hold.reason]}"?`}
          value={why}
          onChange={setWhy}
        />
      </div>
      <Button type="button" size="sm" variant="secondary" disabled={busy} onClick={() => onLift(why)}>
        <Unlock aria-hidden="true" />
        Confirmar liberação
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
        Cancelar
      </Button>
    </div>
  );
}

/** The holds section of the group's edit dialog: list, place, lift (each with its why). */
export function GroupHoldsPanel({ groupId }: { groupId: string }) {
  const holds = useApi<{ holds: HoldItem[]; lifted: LiftedHoldItem[] }>(`/api/admin/groups/${groupId}/holds`);
  const [lifting, setLifting] = useState<HoldItem | null>(null);
  const { busy, act } = useAction(() => {
    setLifting(null);
    holds.reload();
  });
  const base = `/api/admin/groups/${groupId}/holds`;
  const place = (reason: AdminHoldReason, note: string) =>
    void act(
      () => api(base, { method: 'POST', body: { reason, note } }),
      'Retenção colocada',
      'Não foi possível reter o grupo',
    );
  const lift = (hold: HoldItem, why: string) =>
    void act(
      () => api(`${base}/${hold.id}/lift`, { method: 'POST', body: { reason: why } }),
      'Retenção liberada',
      'Não foi possível liberar',
    );
  return (
    <section
      aria-label="Retenções"
      className="flex flex-col gap-2 rounded-control border border-neutral-200 p-3"
    >
      <h3 className="flex items-center gap-1.5 text-sm font-semibold text-neutral-900">
        <ShieldOff aria-hidden="true" className="size-4" /> Retenções (por que o grupo está fora do site)
      </h3>
      {holds.error && <p className="text-sm text-red-700">Não foi possível carregar as retenções.</p>}
      {holds.data && <HoldList holds={holds.data.holds} onLift={setLifting} />}
      {holds.data && <LiftedHolds lifted={holds.data.lifted} />}
      {lifting ? (
        <LiftHoldForm
          key={lifting.id}
          hold={lifting}
          busy={busy}
          onLift={(why) => lift(lifting, why)}
          onCancel={() => setLifting(null)}
        />
      ) : (
        <PlaceHoldForm key={holds.data?.holds.length ?? 0} busy={busy} onPlace={place} />
      )}
    </section>
  );
}
