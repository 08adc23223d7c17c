// Adult (18+) content under ECA Digital (Lei 15.211/2025, decision 0010): closed unless the operator
// configures an age-verification provider over OpenID Connect, and then open only to a visitor whose
// age that provider confirmed. A self-declared "sou maior de 18" never opens it. Pure and client-safe:
// the texts, the cookie names and their lifetimes.

/** The signed cookie that says a provider confirmed this browser's visitor is 18 or older. */
export const AGE_VERIFIED_COOKIE = 'age_verified';
/** How long a confirmation lasts before the visitor is asked again. */
export const AGE_VERIFIED_HOURS = 12;
/** The signed cookie that carries one verification's state, nonce and PKCE verifier to the callback. */
export const AGE_CHECK_COOKIE = 'age_check';
export const AGE_CHECK_MINUTES = 10;

export const AGE_START_PATH = '/api/age-verification/start';
export const AGE_CALLBACK_PATH = '/api/age-verification/callback';
export const AGE_STATUS_PATH = '/api/age-verification/status';

/** What the closed 18+ category page says, in one sentence. */
export const ADULT_CLOSED_TEXT =
  'Os grupos desta categoria não são exibidos: a lei (ECA Digital, Lei 15.211/2025) exige verificação de idade confiável para conteúdo adulto, e o site ainda não oferece essa verificação.';
/** What it says when a provider is configured but the visitor has not been verified. */
export const ADULT_VERIFY_TEXT =
  'Os grupos desta categoria são para maiores de 18 anos. A lei (ECA Digital) exige verificar a idade com um serviço confiável antes de mostrá-los.';
export const ADULT_VERIFY_LABEL = 'Verificar minha idade';
/** A submission or an edit into an adult category while it is closed. */
export const ADULT_SUBMISSION_CLOSED =
  'A categoria 18+ está fechada: o site não aceita grupos de conteúdo adulto enquanto não houver verificação de idade. Escolha outra categoria.';

/** The outcome the callback reports back to the page in `?idade=`. */
export const AGE_OUTCOMES = {
  negada:
    'O serviço de verificação não confirmou que você tem 18 anos ou mais. O conteúdo adulto continua fechado.',
  erro: 'Não foi possível verificar sua idade agora. Tente de novo em alguns minutos.',
} as const;
export type AgeOutcome = keyof typeof AGE_OUTCOMES;
