// Why one of the owner's groups is hidden, under its card in /painel: reports (with their reasons, never
// who reported) or a dead invite link. The 'Em análise' badge beside the title says that it is hidden.
import type { ReactNode } from 'react';
import type { ReportReason } from '#db/schema.ts';
import { DEAD_LINK_NEXT_STEP } from '#src/features/groups/groups.ts';

/** The reasons as they read inside a sentence ('denúncias de golpe e conteúdo ilegal'). */
const REASON_WORDS: Record<ReportReason, string> = {
  inappropriate_content: 'conteúdo impróprio',
  spam: 'spam',
  scam: 'golpe',
  illegal: 'conteúdo ilegal',
  underage: 'envolvimento de menores',
  duplicate: 'grupo duplicado',
  other: 'outros motivos',
  broken_link: 'link quebrado',
};

function listed(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} e ${words.at(-1)}`;
}

/** The sentence for a hidden group. */
export function hiddenExplanation(reason: string | null, reportReasons: readonly ReportReason[]): string {
  if (reason === 'dead_link')
    return `Ocultado porque o link de convite não abre mais no WhatsApp. ${DEAD_LINK_NEXT_STEP}`;
  if (reason === 'legal_notice') return 'Ocultado após uma denúncia jurídica; nossa equipe vai analisar.';
  if (reason === 'court_order') return 'Ocultado por ordem judicial.';
  if (reason === 'admin') return 'Ocultado pela nossa equipe de moderação.';
  if (reason === 'removed') return 'Removido do diretório pela nossa equipe de moderação.';
  const words = reportReasons.map((r) => REASON_WORDS[r]).filter(Boolean);
  return words.length
    ? `Ocultado após denúncias de ${listed(words)}; nossa equipe vai revisar.`
    : 'Ocultado após denúncias; nossa equipe vai revisar.';
}

/** The latest appeal's state as the owner reads it. */
function appealLine(appeal: { status: 'open' | 'restored' | 'kept'; decisionReason: string | null }): string {
  if (appeal.status === 'open') return 'Contestação enviada: em análise pela equipe.';
  const why = appeal.decisionReason ? ` Motivo: “${appeal.decisionReason}”.` : '';
  return appeal.status === 'kept'
    ? `Contestação analisada: decisão mantida.${why}`
    : `Contestação aceita.${why}`;
}

export function HiddenNotice({
  reason,
  reportReasons = [],
  note = null,
  appeal = null,
  action = null,
  featuringPaused = false,
}: {
  reason: string | null;
  reportReasons?: readonly ReportReason[];
  /** what the admin wrote (an admin's reason, a court order's number) */
  note?: string | null;
  appeal?: { status: 'open' | 'restored' | 'kept'; decisionReason: string | null } | null;
  /** 'Contestar', when a hold can be contested now */
  action?: ReactNode;
  /** the paid featuring is paused while the group is off the site (#41) */
  featuringPaused?: boolean;
}) {
  return (
    <div className="mt-2 flex flex-col gap-2 rounded-control border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p>
        {hiddenExplanation(reason, reportReasons)}
        {note && (reason === 'admin' || reason === 'removed' || reason === 'court_order')
          ? ` Motivo: “${note}”.`
          : ''}
      </p>
      {featuringPaused && (
        <p>Seu destaque pago está pausado: os dias que faltam voltam a contar quando o grupo voltar ao ar.</p>
      )}
      {appeal && <p className="break-words">{appealLine(appeal)}</p>}
      {action && <div>{action}</div>}
    </div>
  );
}
