// What the owner sends to contest a hold and what the admin sends to decide it (zod, shared by the
// islands and the functions); messages in pt-BR.
import { z } from 'zod';
import { multiLineText, singleLineText, visibleLength } from '#src/lib/text.ts';
import { APPEAL_MESSAGES, APPEAL_TEXT_MAX } from './appeals.ts';

export const AppealSchema = z.object({
  text: multiLineText({ error: APPEAL_MESSAGES.textRequired })
    .trim()
    .refine((t) => visibleLength(t) >= 10, APPEAL_MESSAGES.textRequired)
    .refine((t) => visibleLength(t) <= APPEAL_TEXT_MAX, APPEAL_MESSAGES.textTooLong),
  /** which hold, when the group has more than one that can be contested; none: the strongest */
  holdId: z.uuid().optional(),
});

export const AppealDecisionSchema = z.object({
  decision: z.enum(['restore', 'keep'], { error: 'Escolha restaurar ou manter' }),
  reason: singleLineText()
    .trim()
    .min(3, APPEAL_MESSAGES.reasonRequired)
    .max(1000, 'Escreva no máximo 1000 caracteres'),
});
