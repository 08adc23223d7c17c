// Appeals ('Contestar', #41) as the owner and the admin read them (pt-BR), shared by islands and server. Pure.
import type { AppealStatus, HoldReason } from '#db/schema.ts';

/** The longest appeal text (characters a reader sees). */
export const APPEAL_TEXT_MAX = 2000;

/** A dead link is not contested: the owner fixes it with 'Atualizar link'. */
export const APPEALABLE_REASONS = [
  'legal_notice',
  'court_order',
  'admin',
  'reports',
] as const satisfies readonly HoldReason[];

export const APPEAL_STATUS_LABELS: Record<AppealStatus, string> = {
  open: 'Em análise',
  restored: 'Aceita: grupo restaurado',
  kept: 'Recusada: grupo continua fora do ar',
};

export const APPEAL_MESSAGES = {
  textRequired: 'Explique por que o grupo deve voltar ao ar (pelo menos 10 caracteres).',
  textTooLong: `Escreva no máximo ${APPEAL_TEXT_MAX} caracteres.`,
  nothingToAppeal:
    'Este grupo não está oculto por uma decisão que possa ser contestada. Se o link de convite parou de funcionar, use "Atualizar link".',
  alreadyOpen: 'Você já contestou esta decisão. Aguarde a análise da equipe: avisaremos por e-mail.',
  appealNotFound: 'Esta contestação não existe ou já foi decidida.',
  sameAdmin:
    'Outro administrador deve decidir esta contestação: você colocou ou decidiu a retenção que ela contesta.',
  reasonRequired: 'Informe o motivo da decisão (ele vai por e-mail ao dono do grupo).',
  created: 'Contestação enviada. A equipe vai analisar e responder por e-mail.',
} as const;
