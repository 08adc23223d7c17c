// The public random-ads query, an advertisement's public JSON, and the admin's ad form.
import { z } from 'zod';
import { boolish } from '#src/lib/form-values.ts';
import { multiLineText, singleLineText, visibleText } from '#src/lib/text.ts';

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

/** An ad as the admin's API answers it: what the public sees, and its state and clicks. */
export interface AdminAdJson extends AdvertisementJson {
  cliques: number;
  active: boolean;
  createdAt: string;
}

// --- The admin's ad form ------------------------------------------------------------------------

export const ADS_PAGE_SIZE = 6;
export const AD_NOT_FOUND = 'Anúncio não encontrado';

const adFields = {
  title: visibleText(1, 'O título é obrigatório').max(120, 'O título deve ter no máximo 120 caracteres'),
  description: multiLineText()
    .trim()
    .min(1, 'A descrição é obrigatória')
    .max(500, 'A descrição deve ter no máximo 500 caracteres'),
  link: singleLineText()
    .trim()
    .max(500)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'O link deve ser uma URL válida'),
  active: boolish,
};
export const AdFormSchema = z.object({ ...adFields, active: adFields.active.default(true) });
/** PATCH: any subset, no defaults. */
export const AdPatchSchema = z.object(adFields).partial();
export type AdForm = z.output<typeof AdFormSchema>;
export type AdPatch = z.output<typeof AdPatchSchema>;
