// GET /api/admin/group-claims?groupId=…: a group's claims ('Reivindicar grupo'), its ownership history.
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { listGroupClaims } from '#src/features/claims/claims.server.ts';
import { json, parseQuery, route } from '#src/lib/http.server.ts';

const Query = z.object({ groupId: z.string().max(64).catch('') });

export default route({
  GET: asAdmin(async ({ req, db }) => {
    const { groupId } = parseQuery(Query, req);
    return json({ claims: await listGroupClaims(db, groupId) });
  }),
});

export const config: Config = { path: '/api/admin/group-claims', method: 'GET' };
