import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { listEligibleGroups } from '#src/features/payments/orders.server.ts';
import { listPlans } from '#src/features/payments/plans.server.ts';
import { json, route } from '#src/lib/http.server.ts';

export default route({
  GET: async (req: Request, context: Context) => {
    const db = await getDb();
    if (new URL(req.url).pathname.endsWith('/eligible-groups')) {
      const user = await requireUser(db, req, context);
      return json(await listEligibleGroups(db, user.id));
    }
    return json(await listPlans(db), 200, { 'cache-control': 'public, max-age=60' });
  },
});

export const config: Config = { path: ['/api/feature-plans', '/api/feature-plans/eligible-groups'] };
