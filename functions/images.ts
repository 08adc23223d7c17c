// GET /api/images/{key}: a stored group picture. A held group's picture is never served (the takedown
// edge answers 410 before this runs; this checks the same list, for a request that reaches it anyway),
// and an 18+ group's only to an age-verified visitor, privately (decisions 0010 and 0015).
import type { Config, Context } from '@netlify/functions';
import { cookiesOf, isAgeVerified } from '#src/features/age-verification/age-verification.server.ts';
import { readImage } from '#src/features/images/stored-images.server.ts';
import { pictureCacheHeaders } from '#src/features/rebuilds/page-cache.ts';
import { currentTakedowns } from '#src/features/takedowns/takedown-store.ts';
import { pictureKeyOf } from '#src/features/takedowns/takedowns.ts';
import { AppError, route } from '#src/lib/http.server.ts';

const NOT_FOUND = 'Imagem não encontrada.';

export default route({
  GET: async (req: Request, context: Context) => {
    const key = context.params?.key ?? '';
    if (!/^[0-9a-f-]{36}(-\d+)?\.webp$/.test(key)) throw new AppError('NOT_FOUND', NOT_FOUND);
    const picture = pictureKeyOf(`/api/images/${key}`);
    const { list, sets } = await currentTakedowns();
    if (picture && sets.images.has(picture)) throw new AppError('NOT_FOUND', NOT_FOUND);
    const adult = !!picture && list.adultImages.includes(picture);
    if (adult && !(await isAgeVerified(cookiesOf(context)))) throw new AppError('NOT_FOUND', NOT_FOUND);
    // Keys are never rewritten: a browser's copy that names this key is current (a revalidation).
    if (!adult && req.headers.get('if-none-match') === `"${key}"`)
      return new Response(null, { status: 304, headers: pictureCacheHeaders(key) });
    const data = await readImage(key);
    if (!data) throw new AppError('NOT_FOUND', NOT_FOUND);
    return new Response(data, {
      headers: {
        'content-type': 'image/webp',
        'x-content-type-options': 'nosniff',
        ...(adult ? { 'cache-control': 'private, no-store' } : pictureCacheHeaders(key)),
      },
    });
  },
});

export const config: Config = { path: ['/api/images/:key', '/images/:key'] };
