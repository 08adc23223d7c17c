// Adult (18+) content in search: the filter's texts. 18+ groups reach only visitors whose age an
// OpenID Connect provider verified (src/features/age-verification, decision 0010); the filter shows only
// where the operator configured one. Pure and client-safe.

/** The search filter that asks for adult groups (honoured only for an age-verified visitor). */
export const ADULT_FILTER_LABEL = 'Incluir conteúdo adulto (18+)';
/** What an empty search says when adult groups were left out. */
export const ADULT_FILTER_HINT = `Grupos de conteúdo adulto ficam fora da busca: verifique sua idade na categoria 18+ e marque "${ADULT_FILTER_LABEL}" nos filtros para incluí-los.`;
