// GET /api/takedowns?ids=a,b,c: which of these groups are taken down now (decision 0015). The search
// box asks before it shows suggestions from the Pagefind index, which is as old as the last build.
import type { Config } from '@netlify/functions';
import { currentTakedowns } from '#src/features/takedowns/takedown-store.ts';
import { AppError, json, route } from '#src/lib/http.server.ts';
import { UUID_SOURCE } from '#src/lib/ids.ts';

const ID = new RegExp(`^${UUID_SOURCE}$`);
/** A search box shows five suggestions; a little room, and no more. */
const MAX_IDS = 20;

export default route({
  GET: async (req: Request) => {
    const ids = (new URL(req.url).searchParams.get('ids') ?? '').split(',').filter(Boolean);
    if (ids.length > MAX_IDS || !ids.every((id) => ID.test(id)))
      throw new AppError('BAD_REQUEST', 'Lista de grupos inválida.');
    const { sets } = await currentTakedowns();
    return json({ held: ids.filter((id) => sets.groups.has(id)) }, 200, { 'cache-control': 'no-store' });
  },
});

export const config: Config = { path: '/api/takedowns', method: 'GET' };
