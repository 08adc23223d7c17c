// The public random-ads query, an advertisement's public JSON, and the admin's ad form.
import { z } from 'zod';
import { boolish } from '#src/lib/form-values.ts';
import { multiLineText, singleLineText, visibleText } from '#src/lib/text.ts';
import { DEFAULT_CARDS_PER_AD, MAX_CARDS_PER_AD, MIN_CARDS_PER_AD } from './ads.ts';

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
/** An ad without a picture is never active (#45): the server refuses it, the form says so first. */
export const AD_IMAGE_REQUIRED =
  'Envie uma imagem para ativar o anúncio: sem imagem ele não aparece no site.';

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

// --- The placement setting (/admin/anuncios) -------------------------------------------------------

export const CARDS_PER_AD_MESSAGE = `Informe um número inteiro de ${MIN_CARDS_PER_AD} a ${MAX_CARDS_PER_AD}`;

/** PUT /api/admin/ad-settings {cardsPerAd}: at most one ad in this many cards of a list. */
export const AdSettingsSchema = z.object({
  cardsPerAd: z.coerce
    .number({ error: CARDS_PER_AD_MESSAGE })
    .int(CARDS_PER_AD_MESSAGE)
    .min(MIN_CARDS_PER_AD, CARDS_PER_AD_MESSAGE)
    .max(MAX_CARDS_PER_AD, CARDS_PER_AD_MESSAGE)
    .default(DEFAULT_CARDS_PER_AD),
});
export type AdSettingsJson = z.output<typeof AdSettingsSchema>;
