// Who receives data, by name, as /privacidade prints it: the hosts of the services this deployment is
// configured with (the e-mail relay, the age-verification provider), read from the settings at build.
import { getEnv } from '#src/lib/env.server.ts';

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/** The configured e-mail relay's and age-verification provider's hosts (null: none configured). */
export function configuredRecipients() {
  const env = getEnv();
  return { mailHost: hostOf(env.SMTP_URL), ageVerificationHost: hostOf(env.AGE_VERIFICATION_ISSUER) };
}
