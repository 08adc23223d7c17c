// GET /api/admin/images/{key}: any stored group picture, for an admin only, never cached. The public
// address refuses a held group's picture (and an 18+ one to an unverified visitor, decisions 0010 and
// 0015); the admin still needs to see it to review the notice or the reports that hid it.
import type { Config } from '@netlify/functions';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { readImage } from '#src/features/images/stored-images.server.ts';
import { AppError, route } from '#src/lib/http.server.ts';

const NOT_FOUND = 'Imagem não encontrada.';

export default route({
  GET: asAdmin(async ({ context }) => {
    const key = context.params?.key ?? '';
    if (!/^[0-9a-f-]{36}(-\d+)?\.webp$/.test(key)) throw new AppError('NOT_FOUND', NOT_FOUND);
    const data = await readImage(key);
    if (!data) throw new AppError('NOT_FOUND', NOT_FOUND);
    return new Response(data, {
      headers: {
        'content-type': 'image/webp',
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  }),
});

export const config: Config = { path: '/api/admin/images/:key', method: 'GET' };
