// Age verification over OpenID Connect (decision 0010), with openid-client: the only way adult (18+)
// content opens. /api/age-verification/start sends the visitor to the operator's provider (authorization
// code + PKCE, state and nonce kept in a signed short-lived cookie); /callback exchanges the code, checks
// the ID token (signature, issuer, audience, nonce: openid-client) and its over-18 claim, and sets a
// signed HttpOnly cookie. Nothing of the visitor is stored in the database.
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { getEnv, secret } from '#src/lib/env.server.ts';
import { sameOriginPath } from '#src/lib/same-origin.ts';
import {
  AGE_CALLBACK_PATH,
  AGE_CHECK_COOKIE,
  AGE_CHECK_MINUTES,
  AGE_VERIFIED_COOKIE,
  AGE_VERIFIED_HOURS,
  type AgeOutcome,
} from './age-verification.ts';

const ISSUER = 'grupos-de-zap';
/** Audiences of our own two cookies: neither is ever accepted as the other, nor as a session. */
const VERIFIED_AUDIENCE = 'grupos-de-zap:age-verified';
const CHECK_AUDIENCE = 'grupos-de-zap:age-check';
/** Seconds the provider has to answer each request (discovery, token, JWKS). */
const PROVIDER_TIMEOUT_SECONDS = 5;

export interface AgeVerificationConfig {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  claim: string;
  scope: string;
}

/** The provider's settings, or null when the operator configured none (adult content then stays closed). */
export function ageVerificationConfig(): AgeVerificationConfig | null {
  const env = getEnv();
  const parts = [
    env.AGE_VERIFICATION_ISSUER,
    env.AGE_VERIFICATION_CLIENT_ID,
    env.AGE_VERIFICATION_CLIENT_SECRET,
  ];
  if (parts.every((part) => !part)) return null;
  if (parts.some((part) => !part))
    throw new Error(
      'AGE_VERIFICATION_ISSUER, AGE_VERIFICATION_CLIENT_ID and AGE_VERIFICATION_CLIENT_SECRET must be set together',
    );
  const scopes = new Set(['openid', ...env.AGE_VERIFICATION_SCOPE.split(/\s+/).filter(Boolean)]);
  return {
    issuer: new URL(env.AGE_VERIFICATION_ISSUER!),
    clientId: env.AGE_VERIFICATION_CLIENT_ID!,
    clientSecret: env.AGE_VERIFICATION_CLIENT_SECRET!,
    claim: env.AGE_VERIFICATION_CLAIM,
    scope: [...scopes].join(' '),
  };
}

/** Whether an age-verification provider is configured (adult content can open at all). */
export function ageVerificationConfigured(): boolean {
  return ageVerificationConfig() !== null;
}

function cookieKey(): Uint8Array {
  return new TextEncoder().encode(secret('JWT_SECRET'));
}

async function sign(claims: Record<string, unknown>, audience: string, seconds: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(cookieKey());
}

async function verify(token: string | undefined, audience: string): Promise<Record<string, unknown> | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, cookieKey(), {
      issuer: ISSUER,
      audience,
      algorithms: ['HS256'],
    });
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/**
 * A request's cookie by name, as the platform parsed it: a function's `context.cookies.get` or a page's
 * `Astro.cookies.get(name)?.value` (no Cookie header is parsed by hand).
 */
export type CookieReader = (name: string) => string | undefined;

/** A function's cookies as a reader. */
export const cookiesOf =
  (context: { cookies: { get(name: string): string | undefined } }): CookieReader =>
  (name) =>
    context.cookies.get(name);

/**
 * Whether this request comes from a visitor whose age a provider confirmed: a valid age_verified cookie
 * while a provider is configured (removing the provider closes adult content again at once).
 */
export async function isAgeVerified(cookie: CookieReader): Promise<boolean> {
  if (!ageVerificationConfigured()) return false;
  return (await verify(cookie(AGE_VERIFIED_COOKIE), VERIFIED_AUDIENCE))?.adult === true;
}

// One discovery per provider per process; a failed one is forgotten so the next visitor tries again.
const discovered = new Map<string, Promise<oidc.Configuration>>();

function providerConfiguration(config: AgeVerificationConfig): Promise<oidc.Configuration> {
  const key = `${config.issuer.href} ${config.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    // The ID token's signature is checked against the provider's JWKS too (openid-client skips it by
    // default for tokens fetched over TLS): the age claim is the whole point. A local fake provider
    // speaks plain HTTP; a deployed site only ever talks HTTPS to it.
    const execute = [
      oidc.enableNonRepudiationChecks,
      ...(getEnv().isLocal ? [oidc.allowInsecureRequests] : []),
    ];
    found = oidc.discovery(config.issuer, config.clientId, config.clientSecret, undefined, {
      execute,
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

/** Forget discovered providers (tests that switch providers). */
export function resetAgeVerificationForTests(): void {
  discovered.clear();
}

/** Where the provider sends the visitor back. */
function redirectUri(): string {
  return new URL(AGE_CALLBACK_PATH, getEnv().SITE_URL).href;
}

/** Only a path of this site, never another origin (no open redirect). */
export function safeNext(value: string | null | undefined): string {
  return sameOriginPath(value, '/');
}

/** `next` with the outcome the page shows (?idade=negada|erro). */
export function withOutcome(next: string, outcome: AgeOutcome): string {
  const url = new URL(next, 'http://site.invalid');
  url.searchParams.set('idade', outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface CookieToSet {
  name: string;
  value: string;
  maxAge: number;
  path: string;
}

export type StartResult =
  | { redirect: string; cookie: CookieToSet }
  | { redirect: string; cookie?: undefined };

/**
 * Begin a verification: the provider's authorization URL (code + PKCE S256, state, nonce) and the cookie
 * that carries the checks to the callback. A provider that cannot be reached sends the visitor back to
 * `next` with ?idade=erro.
 */
export async function startAgeVerification(next: string): Promise<StartResult> {
  const config = ageVerificationConfig();
  if (!config) return { redirect: next };
  let provider: oidc.Configuration;
  try {
    provider = await providerConfiguration(config);
  } catch (error) {
    console.error('[age-verification] discovery failed:', error);
    return { redirect: withOutcome(next, 'erro') };
  }
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri(),
    scope: config.scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const value = await sign({ verifier, state, nonce, next }, CHECK_AUDIENCE, AGE_CHECK_MINUTES * 60);
  return {
    redirect: url.href,
    cookie: { name: AGE_CHECK_COOKIE, value, maxAge: AGE_CHECK_MINUTES * 60, path: '/api/age-verification' },
  };
}

/** Whether the ID token's claim says 18 or older (a boolean true, or the string 'true'). */
export function claimSaysAdult(claims: Record<string, unknown> | undefined, claim: string): boolean {
  const value = claims?.[claim];
  return value === true || value === 'true';
}

export interface CallbackResult {
  redirect: string;
  /** the age_verified cookie, only when the provider confirmed 18+ */
  verified?: CookieToSet;
}

/**
 * Finish a verification from the provider's redirect: the code is exchanged (PKCE, state and nonce
 * checked, the ID token's signature verified against the provider's JWKS by openid-client), and only
 * the configured claim being true sets the verified cookie.
 */
export async function finishAgeVerification(req: Request, cookie: CookieReader): Promise<CallbackResult> {
  const config = ageVerificationConfig();
  const check = await verify(cookie(AGE_CHECK_COOKIE), CHECK_AUDIENCE);
  const next = safeNext(typeof check?.next === 'string' ? check.next : '/');
  if (!config || !check) return { redirect: withOutcome(next, 'erro') };
  const callbackUrl = new URL(req.url);
  // The provider's own refusal (the person cancelled or is not allowed) says so in the redirect.
  if (callbackUrl.searchParams.get('error') === 'access_denied')
    return { redirect: withOutcome(next, 'negada') };
  try {
    const provider = await providerConfiguration(config);
    // The redirect_uri the provider saw, whatever host the function was reached through.
    const current = new URL(redirectUri());
    current.search = callbackUrl.search;
    const tokens = await oidc.authorizationCodeGrant(provider, current, {
      pkceCodeVerifier: String(check.verifier),
      expectedState: String(check.state),
      expectedNonce: String(check.nonce),
      idTokenExpected: true,
    });
    if (!claimSaysAdult(tokens.claims() as Record<string, unknown> | undefined, config.claim))
      return { redirect: withOutcome(next, 'negada') };
  } catch (error) {
    console.error('[age-verification] callback failed:', error);
    return { redirect: withOutcome(next, 'erro') };
  }
  const maxAge = AGE_VERIFIED_HOURS * 3600;
  const value = await sign({ adult: true }, VERIFIED_AUDIENCE, maxAge);
  return { redirect: next, verified: { name: AGE_VERIFIED_COOKIE, value, maxAge, path: '/' } };
}
