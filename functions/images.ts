import type { Config, Context } from '@netlify/functions';
import { readImage } from '#src/features/images/stored-images.server.ts';
import { AppError, route } from '#src/lib/http.server.ts';

export default route({
  GET: async (_req: Request, context: Context) => {
    const key = context.params?.key ?? '';
    if (!/^[0-9a-f-]{36}(-\d+)?\.webp$/.test(key)) throw new AppError('NOT_FOUND', 'Imagem não encontrada.');
    const data = await readImage(key);
    if (!data) throw new AppError('NOT_FOUND', 'Imagem não encontrada.');
    // Keys are random and never rewritten: the bytes can be cached forever.
    return new Response(data, {
      headers: {
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      },
    });
  },
});

export const config: Config = { path: ['/api/images/:key', '/images/:key'] };
