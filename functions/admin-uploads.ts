// GET /uploads/ads/:file and /uploads/pwa/:file: admin-uploaded pictures from Netlify Blobs. Public
// (ads and app icons are shown to everyone); names carry a content hash, so they never change.
import type { Config } from '@netlify/functions';
import { readUpload } from '#src/features/images/uploads.server.ts';
import { AppError, MESSAGES, route } from '#src/lib/http.server.ts';

export default route({
  GET: async (req, context) => {
    const folder = new URL(req.url).pathname.split('/')[2];
    const file = context.params?.file ?? '';
    if ((folder !== 'ads' && folder !== 'pwa') || !/^[a-f0-9]{24}\.(?:webp|png)$/.test(file))
      throw new AppError('NOT_FOUND', MESSAGES.notFound);
    const found = await readUpload(`${folder}/${file}`);
    if (!found) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    return new Response(found.body, {
      headers: {
        'content-type': found.contentType,
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      },
    });
  },
});

export const config: Config = { path: ['/uploads/ads/:file', '/uploads/pwa/:file'] };
