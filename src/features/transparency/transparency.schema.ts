// GET /api/transparency?year=YYYY: the year asked (the current one when absent), checked in pt-BR.
import { z } from 'zod';
import { TRANSPARENCY_FIRST_YEAR, TRANSPARENCY_MESSAGES } from './transparency.ts';

/** The query for `lastYear` (the current São Paulo year): a four-digit year the report covers. */
export function transparencyQuery(lastYear: number) {
  const message = TRANSPARENCY_MESSAGES.badYear(lastYear);
  return z.object({
    year: z
      .string({ error: message })
      .regex(/^\d{4}$/, message)
      .transform(Number)
      .refine((y) => y >= TRANSPARENCY_FIRST_YEAR && y <= lastYear, message)
      .optional(),
  });
}
