import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { listUserFeatureOrders, listUserGroups } from '#src/features/panel/panel.server.ts';
import { json, route } from '#src/lib/http.server.ts';

export default route({
  GET: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    const data = new URL(req.url).pathname.endsWith('/feature-orders')
      ? await listUserFeatureOrders(db, user.id)
      : await listUserGroups(db, user.id);
    return json(data);
  },
});

export const config: Config = { path: ['/api/user/groups', '/api/user/feature-orders'] };
