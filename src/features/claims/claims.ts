// Pure rules of 'Reivindicar grupo': the claim code and whether a group's name shows it. No IO.

/** Minutes a claim code stays valid. */
export const CLAIM_MINUTES = 30;
/** Letters and digits nobody confuses when typing them into a group's name (no 0/O, 1/I/L, 5/S, 2/Z). */
export const CLAIM_CODE_ALPHABET = '346789ABCDEFGHJKMNPQRTUVWXY';
const CLAIM_CODE_PREFIX = 'ZAP';
const CLAIM_CODE_LENGTH = 4;

/** A new code such as ZAP-7K3Q, from `random` bytes (crypto.getRandomValues in production). */
export function makeClaimCode(random: (n: number) => Uint8Array): string {
  const bytes = random(CLAIM_CODE_LENGTH * 2);
  let body = '';
  // Rejection sampling keeps every letter equally likely (256 is no multiple of the alphabet).
  const limit = 256 - (256 % CLAIM_CODE_ALPHABET.length);
  for (const byte of bytes) {
    if (byte >= limit) continue;
    body += CLAIM_CODE_ALPHABET[byte % CLAIM_CODE_ALPHABET.length];
    if (body.length === CLAIM_CODE_LENGTH) break;
  }
  if (body.length < CLAIM_CODE_LENGTH) return makeClaimCode(random);
  return `${CLAIM_CODE_PREFIX}-${body}`;
}

/** Letters and digits only, upper case: spaces, dashes and case do not matter when comparing. */
function compact(text: string): string {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** Whether a group's name shows the code anywhere (case-insensitive; spaces and dashes tolerated). */
export function nameShowsCode(name: string, code: string): boolean {
  const wanted = compact(code);
  return wanted.length > 0 && compact(name).includes(wanted);
}

/** The steps shown with a code (pt-BR). */
export function claimSteps(code: string): string[] {
  return [
    'Abra o grupo no WhatsApp e toque no nome dele (Dados do grupo).',
    `Coloque o código ${code} em qualquer parte do nome e salve. Só administradores do grupo conseguem fazer isso.`,
    `Volte aqui e toque em 'Verificar' em até ${CLAIM_MINUTES} minutos.`,
    'Depois de confirmado, você já pode tirar o código do nome do grupo.',
  ];
}
