// Appeals ('Contestar', #41) as the owner and the admin read them (pt-BR), shared by islands and server. Pure.
import type { AppealStatus } from '#db/schema.ts';
import { CONTESTABLE_REASONS } from '#src/features/holds/holds.ts';
import { LEGAL_NOTICE_TARGET_HOURS } from '#src/features/legal-notices/legal-notices.schema.ts';

/** The longest appeal text (characters a reader sees). */
export const APPEAL_TEXT_MAX = 2000;

/** Every hold the owner is told of, removals included; a dead link is fixed with 'Atualizar link'. */
export const APPEALABLE_REASONS = CONTESTABLE_REASONS;

/** Hours within which an appeal should be decided: the same clock as legal notices (red after it). */
export const APPEAL_TARGET_HOURS = LEGAL_NOTICE_TARGET_HOURS;

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
