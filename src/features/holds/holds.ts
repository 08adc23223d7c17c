// Holds as the screens and answers name them (pt-BR), shared by the admin islands and the server. Pure.
import type { HoldReason } from '#db/schema.ts';

/** Each hold's reason as the admin reads it. */
export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  legal_notice: 'Denúncia jurídica',
  court_order: 'Ordem judicial',
  admin: 'Ocultado pelo admin',
  reports: 'Denúncias de visitantes',
  dead_link: 'Link quebrado',
};

/** Where each hold is lifted: its own decision, never another's. */
export const HOLD_LIFTED_BY: Record<HoldReason, string> = {
  legal_notice: "Só a decisão 'Manter' da notificação, em Notificações jurídicas, libera.",
  court_order: 'Libere quando a ordem for revogada (informe o motivo).',
  admin: 'Libere aqui quando o motivo deixar de valer.',
  reports: "Sai com 'Descartar' na fila de denúncias.",
  dead_link: 'Sai quando o link volta a funcionar (ou com Restaurar em Links quebrados).',
};

/** Holds an admin places and lifts from the group's dialog; the others follow their own decision. */
export const ADMIN_HOLD_REASONS = ['admin', 'court_order'] as const satisfies readonly HoldReason[];
export type AdminHoldReason = (typeof ADMIN_HOLD_REASONS)[number];

export const HOLD_MESSAGES = {
  evidenceDelete:
    'Este grupo não pode ser excluído agora: ele é objeto de uma denúncia jurídica ou de uma ordem judicial, e precisamos guardá-lo como prova enquanto ela estiver em análise ou em vigor (ele continua fora do site). Para contestar, escreva para o e-mail de contato informado nos Termos de Uso (/termos), com o nome do grupo e os seus argumentos.',
  evidenceDeleteAdmin:
    'Este grupo é prova de uma denúncia jurídica ou de uma ordem judicial e não pode ser excluído. Ele continua oculto; decida a denúncia em Notificações jurídicas ou libere a ordem judicial.',
  evidenceLink:
    'O link deste grupo não pode ser trocado agora: ele é objeto de uma denúncia jurídica ou de uma ordem judicial, e o grupo fica guardado como está enquanto ela estiver em análise ou em vigor. Para contestar, escreva para o e-mail de contato informado nos Termos de Uso (/termos).',
  holdNotFound: 'Esta retenção não existe ou já foi liberada.',
  notLiftableHere:
    'Esta retenção só sai pela decisão que a colocou (a notificação, a fila de denúncias ou o link).',
  noteRequired: 'Informe o motivo (para uma ordem judicial, o número do processo).',
  liftReasonRequired: 'Informe por que a retenção está sendo liberada.',
} as const;
