// 'Denúncia jurídica': the notice a person sends about a group, and the admin's decision. Shared by the
// form (/denuncia-juridica), the admin screen and the functions; messages in pt-BR.
import { z } from 'zod';
import type { LegalNoticeKind } from '#db/schema.ts';
import { multiLineText, singleLineText } from '#src/lib/text.ts';

// Same list as db/schema.ts (a type check keeps them equal) without pulling drizzle into islands.
export const LEGAL_NOTICE_KINDS = [
  'intimate_images',
  'child_abuse',
  'illegal_content',
  'other',
] as const satisfies readonly LegalNoticeKind[];

export const LEGAL_NOTICE_KIND_LABELS: Record<LegalNoticeKind, string> = {
  intimate_images: 'Imagens íntimas sem consentimento',
  child_abuse: 'Abuso ou exploração sexual de crianças e adolescentes',
  illegal_content: 'Outro conteúdo ilegal',
  other: 'Outro assunto jurídico',
};

export const LEGAL_NOTICE_MESSAGES = {
  kind: 'Escolha o tipo de denúncia',
  groupUrl: 'Informe o endereço do grupo',
  groupUrlLong: 'O endereço deve ter no máximo 500 caracteres',
  name: 'Informe seu nome',
  nameLong: 'O nome deve ter no máximo 120 caracteres',
  email: 'Informe um e-mail válido',
  description: 'Descreva o problema com pelo menos 20 caracteres',
  descriptionLong: 'A descrição deve ter no máximo 5000 caracteres',
  declaration: 'Confirme que as informações são verdadeiras',
  decision: 'Escolha remover ou manter',
  reason: 'Escreva o motivo com pelo menos 10 caracteres',
  reasonLong: 'O motivo deve ter no máximo 2000 caracteres',
} as const;

const M = LEGAL_NOTICE_MESSAGES;

/**
 * The declaration of truth, each version as the form showed it. The notice stores the version the form
 * sent and its text (a form older than the versions sends none: it showed version '1'). A new wording
 * is a new version here; the old ones stay, so every stored notice keeps the words its sender ticked.
 */
export const LEGAL_NOTICE_DECLARATIONS = {
  '1': 'Declaro que as informações desta denúncia são verdadeiras e que sei que uma denúncia falsa pode ter consequências legais.',
} as const;
export type DeclarationVersion = keyof typeof LEGAL_NOTICE_DECLARATIONS;
/** The version the form shows now. */
export const LEGAL_NOTICE_DECLARATION_VERSION: DeclarationVersion = '1';
const DECLARATION_VERSIONS = Object.keys(LEGAL_NOTICE_DECLARATIONS) as [DeclarationVersion];

export const LegalNoticeSchema = z.object({
  kind: z.enum(LEGAL_NOTICE_KINDS, { error: M.kind }),
  groupUrl: singleLineText({ error: M.groupUrl }).trim().min(1, M.groupUrl).max(500, M.groupUrlLong),
  name: singleLineText({ error: M.name }).trim().min(2, M.name).max(120, M.nameLong),
  email: z.string({ error: M.email }).trim().max(254, M.email).pipe(z.email(M.email)),
  description: multiLineText({ error: M.description })
    .trim()
    .min(20, M.description)
    .max(5000, M.descriptionLong),
  declaration: z.literal(true, { error: M.declaration }),
  declarationVersion: z.enum(DECLARATION_VERSIONS, { error: M.declaration }).default('1'),
});
export type LegalNoticeInput = z.input<typeof LegalNoticeSchema>;

/** POST /api/legal-notices/confirm: the token of the link e-mailed to the notifier. */
export const LegalNoticeConfirmSchema = z.object({
  token: z.string({ error: 'Link inválido' }).trim().min(10, 'Link inválido').max(200, 'Link inválido'),
});

export const LEGAL_NOTICE_DECISIONS = ['remove', 'keep'] as const;
export type LegalNoticeDecision = (typeof LEGAL_NOTICE_DECISIONS)[number];

/** The agencies a child-abuse report usually goes to (the dialog's suggestions; any name is accepted). */
export const AUTHORITY_AGENCIES = [
  'SaferNet Brasil (Central Nacional de Denúncias)',
  'Polícia Federal',
  'Ministério Público',
  'Polícia Civil',
] as const;

/**
 * The report to the authorities of a child-abuse notice (ECA art. 241-A; /termos promises it): the
 * day it was made, the agency and its protocol. Required to remove a child-abuse notice's group.
 */
export const AuthorityReportSchema = z.object({
  reportedOn: z.iso.date({ error: 'Informe a data da comunicação' }),
  agency: singleLineText({ error: 'Informe o órgão' })
    .trim()
    .min(3, 'Informe o órgão')
    .max(200, 'O órgão deve ter no máximo 200 caracteres'),
  protocol: singleLineText({ error: 'Informe o protocolo' })
    .trim()
    .min(3, 'Informe o protocolo da comunicação')
    .max(120, 'O protocolo deve ter no máximo 120 caracteres'),
});

export const AUTHORITY_MESSAGES = {
  required:
    'Para remover um grupo denunciado por abuso infantil, registre a comunicação às autoridades: data, órgão e protocolo.',
  future: 'A data da comunicação não pode estar no futuro.',
} as const;

/** The admin's decision on a notice, with the reason sent to the notifier (and the owner on removal). */
export const LegalNoticeDecisionSchema = z.object({
  decision: z.enum(LEGAL_NOTICE_DECISIONS, { error: M.decision }),
  reason: multiLineText({ error: M.reason }).trim().min(10, M.reason).max(2000, M.reasonLong),
  authorityReport: AuthorityReportSchema.optional(),
});

/** Hours within which a notice should be decided: the admin queue's clock turns red after it. */
export const LEGAL_NOTICE_TARGET_HOURS = 24;

/** Where the notice form lives; `?grupo=` prefills the group's address. */
export const LEGAL_NOTICE_PAGE = '/denuncia-juridica';
