// GET /og/{groupId}/{version}.png: a public group's 1200x630 share card, drawn on first request and
// then kept by the CDN (the version in the address changes with what the card shows). Any other
// version redirects to the current one without drawing anything.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { groupById } from '#src/features/groups/group-lists.server.ts';
import { shareCardCacheHeaders } from '#src/features/rebuilds/page-cache.ts';
import { ogImageOf } from '#src/features/share/og.ts';
import { renderOgCard } from '#src/features/share/og-card.server.ts';
import { AppError, param, route } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND } from '#src/lib/ids.ts';

export default route({
  GET: async (_req: Request, context: Context) => {
    if (!/^[0-9a-z]{1,13}\.png$/.test(param(context, 'file')))
      throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
    const group = await groupById(await getDb(), param(context, 'id'));
    // Only the current version is drawn: any other string in the address would cost a render each and
    // fill the durable cache. An old or made-up version goes to the current card; a group whose page
    // shares a picture from elsewhere has no card at all.
    const current = ogImageOf(group).path;
    if (!current.startsWith('/og/')) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
    if (current !== `/og/${group.id}/${param(context, 'file')}`)
      return new Response(null, {
        status: 302,
        headers: { location: current, 'cache-control': 'public, max-age=300' },
      });
    const png = await renderOgCard(group);
    return new Response(new Uint8Array(png), {
      headers: {
        'content-type': 'image/png',
        // The CDN keeps the card under the group's cache ID (purged when it changes or is held); a
        // browser a minute at most, since no takedown reaches its copy (decision 0015).
        ...shareCardCacheHeaders(group.id),
        'x-content-type-options': 'nosniff',
      },
    });
  },
});

export const config: Config = { path: '/og/:id/:file', method: 'GET' };
