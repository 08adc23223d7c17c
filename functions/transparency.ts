// GET /api/transparency?year=YYYY: the public transparency report as JSON (#41), the current year so
// far by default; a closed year as it was kept when it ended. Counts only: no personal data.
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { transparencyQuery } from '#src/features/transparency/transparency.schema.ts';
import { transparencyReport } from '#src/features/transparency/transparency.server.ts';
import { yearOf } from '#src/features/transparency/transparency.ts';
import { json, parseQuery, route } from '#src/lib/http.server.ts';

export default route({
  GET: async (req: Request) => {
    const now = new Date();
    const { year } = parseQuery(transparencyQuery(yearOf(now)), req);
    const report = await transparencyReport(await getDb(), year, now);
    // A kept year never changes; the current one moves with every decision.
    const maxAge = report.complete ? 86_400 : 300;
    return json(report, 200, { 'cache-control': `public, max-age=${maxAge}` });
  },
});

export const config: Config = { path: '/api/transparency' };
