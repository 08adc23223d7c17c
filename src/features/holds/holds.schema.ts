// What the admin sends to place or lift a hold from the group's dialog (zod, shared by the island and
// the function); messages in pt-BR.
import { z } from 'zod';
import { singleLineText } from '#src/lib/text.ts';
import { ADMIN_HOLD_REASONS, HOLD_MESSAGES } from './holds.ts';

export const PlaceHoldSchema = z.object({
  reason: z.enum(ADMIN_HOLD_REASONS, { error: 'Escolha ocultar ou ordem judicial' }),
  /** the court order's reference (process number) or the admin's reason */
  note: singleLineText()
    .trim()
    .min(3, HOLD_MESSAGES.noteRequired)
    .max(500, 'Escreva no máximo 500 caracteres'),
});

export const LiftHoldSchema = z.object({
  reason: singleLineText()
    .trim()
    .min(3, HOLD_MESSAGES.liftReasonRequired)
    .max(500, 'Escreva no máximo 500 caracteres'),
});
