// A visitor's report about a group ('Denunciar'); messages are the spec's.
import { z } from 'zod';
import { REPORT_REASONS, type ReportReason } from '#db/report-reasons.ts';
import { multiLineText } from '#src/lib/text.ts';

export { REPORT_REASONS };

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  inappropriate_content: 'Conteúdo impróprio',
  spam: 'Spam',
  scam: 'Golpe ou fraude',
  illegal: 'Conteúdo ilegal',
  underage: 'Envolve menores de idade',
  duplicate: 'Grupo duplicado',
  other: 'Outro motivo',
  broken_link: 'Link quebrado ou revogado',
};

/** The same reasons in a word or two, for the admin's report queue. */
export const REPORT_REASON_SHORT_LABELS: Record<ReportReason, string> = {
  inappropriate_content: 'Conteúdo impróprio',
  spam: 'Spam',
  scam: 'Golpe',
  illegal: 'Conteúdo ilegal',
  underage: 'Menores de idade',
  duplicate: 'Duplicado',
  other: 'Outro',
  broken_link: 'Link quebrado',
};

export const ReportSchema = z.object({
  reason: z.enum(REPORT_REASONS, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? 'Motivo da denúncia é obrigatório'
        : 'Motivo inválido',
  }),
  description: multiLineText({ error: 'Forneça uma descrição com pelo menos 5 caracteres' })
    .trim()
    .min(5, 'Forneça uma descrição com pelo menos 5 caracteres')
    .max(500, 'A descrição deve ter no máximo 500 caracteres'),
});
export type ReportInput = z.input<typeof ReportSchema>;

/** The admin's decision on a group's pending reports. */
export const REPORT_ACTIONS = ['dismiss', 'hide', 'delete'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const ReportActionSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { message: 'Ação inválida' }),
});
export const REPORT_NOT_FOUND = 'Nenhuma denúncia pendente para este grupo';
