// The public random-ads query and an advertisement's public JSON (the admin form is in admin.schema.ts).
import { z } from 'zod';

export const MAX_RANDOM_ADS = 10;

/** GET /api/random-advertisements?count=3 */
export const RandomAdsQuerySchema = z.object({
  count: z.coerce
    .number({ error: 'Quantidade inválida' })
    .int('Quantidade inválida')
    .min(1, 'Quantidade inválida')
    .max(MAX_RANDOM_ADS, 'Quantidade inválida')
    .default(3),
});

/** The public JSON of an advertisement. */
export interface AdvertisementJson {
  id: string;
  title: string;
  description: string;
  link: string;
  image: string | null;
}
