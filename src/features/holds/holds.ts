// Holds as the screens and answers name them (pt-BR), shared by the admin islands and the server. Pure.
import type { HoldReason } from '#db/schema.ts';

/** Each hold's reason as the admin reads it. */
export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  legal_notice: 'Denúncia jurídica',
  court_order: 'Ordem judicial',
  removed: 'Removido pelo admin',
  admin: 'Ocultado pelo admin',
  reports: 'Denúncias de visitantes',
  dead_link: 'Link quebrado',
};

/** Where each hold is lifted: its own decision, never another's. */
export const HOLD_LIFTED_BY: Record<HoldReason, string> = {
  legal_notice: "Só a decisão 'Manter' da notificação, em Notificações jurídicas, libera.",
  court_order: 'Libere quando a ordem for revogada (informe o motivo).',
  removed: "Só sai com 'Restaurar' numa contestação do dono, em Contestações.",
  admin: 'Libere aqui quando o motivo deixar de valer.',
  reports: "Sai com 'Descartar' na fila de denúncias.",
  dead_link: 'Sai quando o link volta a funcionar (ou com Restaurar em Links quebrados).',
};

/**
 * Holds whose owner is told the reason with a 'Contestar' link, and may contest: all but a dead link,
 * which has its own message and is fixed with 'Atualizar link'.
 */
export const CONTESTABLE_REASONS = [
  'legal_notice',
  'court_order',
  'removed',
  'admin',
  'reports',
] as const satisfies readonly HoldReason[];

/** The reason as the owner's e-mail gives it (plain pt-BR; never who notified or reported). */
export const OWNER_REASONS = {
  legal_notice:
    'Recebemos uma denúncia jurídica sobre o conteúdo deste grupo. Ele fica fora do ar enquanto a equipe analisa.',
  reports: 'Recebemos várias denúncias de golpe ou conteúdo ilegal sobre este grupo.',
  admin: 'A equipe ocultou o grupo depois de analisar denúncias sobre ele.',
  removed: 'A equipe removeu o grupo do diretório por não seguir os Termos de Uso.',
  removedAfterReports: 'A equipe removeu o grupo do diretório depois de analisar denúncias sobre ele.',
  court_order: 'O grupo foi retirado do ar por ordem judicial.',
} as const;

/** The owner's reason for a hold: the admin's note where they wrote one, else the reason's wording. */
export function ownerReason(reason: HoldReason, note?: string | null): string {
  if (reason === 'court_order')
    return note ? `O grupo foi retirado do ar por ordem judicial (${note}).` : OWNER_REASONS.court_order;
  if (reason === 'removed' && note) return `A equipe removeu o grupo do diretório: ${note}`;
  if (reason === 'admin' && note) return `A equipe ocultou o grupo: ${note}`;
  return reason === 'dead_link' ? '' : OWNER_REASONS[reason];
}

/** Holds an admin places and lifts from the group's dialog; the others follow their own decision. */
export const ADMIN_HOLD_REASONS = ['admin', 'court_order'] as const satisfies readonly HoldReason[];
export type AdminHoldReason = (typeof ADMIN_HOLD_REASONS)[number];

export const HOLD_MESSAGES = {
  evidenceDelete:
    'Este grupo não pode ser excluído agora: ele é objeto de uma denúncia jurídica ou de uma ordem judicial, e precisamos guardá-lo como prova enquanto ela estiver em análise ou em vigor (ele continua fora do site). Se discordar, você pode contestar: use "Contestar" no cartão do grupo.',
  evidenceDeleteAdmin:
    'Este grupo é prova de uma denúncia jurídica ou de uma ordem judicial e não pode ser excluído. Ele continua oculto; decida a denúncia em Notificações jurídicas ou libere a ordem judicial.',
  evidenceLink:
    'O link deste grupo não pode ser trocado agora: ele é objeto de uma denúncia jurídica ou de uma ordem judicial, e o grupo fica guardado como está enquanto ela estiver em análise ou em vigor. Se discordar, você pode contestar: use "Contestar" no cartão do grupo.',
  holdNotFound: 'Esta retenção não existe ou já foi liberada.',
  notLiftableHere:
    'Esta retenção só sai pela decisão que a colocou (a notificação, a fila de denúncias ou o link).',
  noteRequired: 'Informe o motivo (para uma ordem judicial, o número do processo).',
  removalAppealOpen:
    'O dono contestou a remoção deste grupo. Decida a contestação em Contestações antes de excluí-lo de vez.',
  removed: 'Grupo removido do site. O dono recebeu o motivo por e-mail e pode contestar.',
  deleted: 'Grupo excluído com sucesso',
  liftReasonRequired: 'Informe por que a retenção está sendo liberada.',
} as const;
