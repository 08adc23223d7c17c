// The stats query (GET /api/user/groups/{id}/stats?days=30).
import { z } from 'zod';
import { STATS_DEFAULT_DAYS, STATS_MAX_DAYS } from './engage.ts';

const DAYS_MESSAGE = `Informe um número de dias entre 1 e ${STATS_MAX_DAYS}.`;

export const StatsQuerySchema = z.object({
  days: z.coerce
    .number({ error: DAYS_MESSAGE })
    .int(DAYS_MESSAGE)
    .min(1, DAYS_MESSAGE)
    .max(STATS_MAX_DAYS, DAYS_MESSAGE)
    .default(STATS_DEFAULT_DAYS),
});

/** The panel's renewal reminder setting (PUT /api/user/renewal-reminders). */
export const RenewalRemindersSchema = z.object({
  enabled: z.boolean({ error: 'Informe se quer os avisos.' }),
});
