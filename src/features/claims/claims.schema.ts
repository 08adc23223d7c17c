// 'Reivindicar grupo': the request shared by the claim dialog and POST /api/group-claims, and the
// pt-BR answers.
import { z } from 'zod';
import { INVITE_LINK_MESSAGE, normalizeInviteLink } from '#src/features/groups/groups.ts';

export const ClaimRequestSchema = z.object({
  link: z
    .string({ error: INVITE_LINK_MESSAGE })
    .trim()
    .max(500, INVITE_LINK_MESSAGE)
    .refine((v) => normalizeInviteLink(v) !== null, INVITE_LINK_MESSAGE),
});
export type ClaimRequest = z.input<typeof ClaimRequestSchema>;

/** POST /api/group-claims: what the claimant gets. */
export interface ClaimStarted {
  claimId: string;
  code: string;
  expiresAt: string;
  steps: string[];
}

/** POST /api/group-claims/{id}/verify, when the name shows the code. */
export interface ClaimVerified {
  groupId: string;
  title: string;
  approved: boolean;
  message: string;
}

/** GET /api/admin/group-claims: one claim as the admin sees it (a group's ownership history). */
export interface AdminClaim {
  id: string;
  createdAt: string;
  status: 'pending' | 'expired' | 'verified';
  code: string;
  claimant: string | null;
  previousOwner: string | null;
  groupState: string | null;
  attempts: number;
  seenName: string | null;
  verifiedAt: string | null;
}

export const CLAIM_MESSAGES = {
  notInCatalogue: 'Este link ainda não está no catálogo. Você pode enviá-lo como um grupo novo.',
  alreadyYours: 'Este grupo já é seu: ele está no seu painel.',
  tooManyClaims: 'Você pediu muitos códigos em pouco tempo. Tente novamente mais tarde.',
  tooManyForLink: 'Muitos pedidos de código para este grupo agora. Tente novamente mais tarde.',
  tooManyChecks: 'Você verificou muitas vezes em pouco tempo. Aguarde alguns minutos e tente novamente.',
  attemptsUsed: 'Este código já foi verificado muitas vezes. Gere um novo código.',
  notFound: 'Reivindicação não encontrada.',
  expired: 'Este código expirou. Gere um novo código e coloque-o no nome do grupo.',
  done: 'Esta reivindicação já foi confirmada.',
  linkChanged: 'O link de convite deste grupo mudou desde que o código foi gerado. Gere um novo código.',
  groupGone: 'Este grupo não está mais no catálogo.',
  whatsappBusy:
    'O WhatsApp não respondeu agora. Tente verificar de novo em alguns instantes: o código continua valendo.',
  dead: 'O WhatsApp diz que este link de convite foi revogado ou não existe. Confira o link do grupo.',
} as const;

/** 409 when the group's name does not show the code yet: what the page showed, quoted. */
export function nameNotYetMessage(seen: string): string {
  return `O nome do grupo ainda é "${seen}". Coloque o código no nome, salve no WhatsApp e toque em 'Verificar' de novo.`;
}

/** What the claimant reads once the group is theirs. */
export function claimedMessage(code: string): string {
  return `Pronto: o grupo agora é seu e está no seu painel. Já pode tirar o código ${code} do nome do grupo no WhatsApp.`;
}
