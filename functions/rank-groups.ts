// Every ten minutes: the ranking's score ('Relevância') and growth ('Em alta') of the groups whose
// signals can have changed (decision 0021); never a full-table job, never in a request's path.
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { rankGroups } from '#src/features/ranking/ranking.server.ts';
import { json } from '#src/lib/http.server.ts';

export default async () => json(await rankGroups(await getDb()));

export const config: Config = { schedule: '*/10 * * * *' };
