// Every setting the code reads from the environment, in one schema. `readSettings` parses it as it is
// (builds, scripts and the database client use it: they need no runtime secrets); `getEnv` is the
// running site's view, read once, where production refuses unsafe defaults.
import { z } from 'zod';

/** An empty variable counts as unset. */
const unset = (value: unknown) => (value === '' ? undefined : value);

/** The link checker's shipped defaults (the simulation, bench/links-sim.ts, runs these: decision 0018). */
export const LINK_CHECK_DEFAULTS = { batch: 10, paceMs: 1000, confirmMinutes: 60 } as const;

const EnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  /** set by the local platform (npm start / npm run dev) and tests */
  LOCAL_PLATFORM: z.string().optional(),
  CONTEXT: z.string().optional(), // Netlify: production | deploy-preview | branch-deploy | dev
  SITE_URL: z.url().default('http://localhost:8888'),
  JWT_SECRET: z.string().optional(),
  VISITOR_SALT: z.string().optional(),
  SETTINGS_ENCRYPTION_KEY: z.string().optional(),
  /** encrypts the access logs' addresses and keys their e-mail hashes (Marco Civil art. 15) */
  ACCESS_LOG_KEY: z.string().optional(),
  /** earlier ACCESS_LOG_KEY values, space- or comma-separated, while their rows are kept (rotation) */
  ACCESS_LOG_PREVIOUS_KEYS: z.string().optional(),
  BUILD_HOOK_URL: z.url().optional(),
  /** at most one build hook call per window; the local platform, whose builder coalesces, uses 5 s */
  REBUILD_DEBOUNCE_SECONDS: z.coerce.number().int().min(0).default(60),
  /** group submissions accepted per visitor per hour */
  SUBMIT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  REPORT_HIDE_THRESHOLD: z.coerce.number().int().min(1).default(3),
  /** most visitors one network address counts as per group per day, whatever user agents it sends */
  VISITORS_PER_ADDRESS: z.coerce.number().int().min(1).max(100).default(5),
  /** legal notices: groups hidden automatically (child abuse, intimate images) per day, site-wide */
  LEGAL_NOTICE_AUTO_HIDES_PER_DAY: z.coerce.number().int().min(0).default(20),
  /** link checks: groups checked per scheduled run (every minute); 10 re-checks 100k groups in 7 days */
  LINK_CHECK_BATCH: z.coerce.number().int().min(0).max(1000).default(LINK_CHECK_DEFAULTS.batch),
  /** link checks: milliseconds between two requests to WhatsApp (1000 = at most 1 request/s) */
  LINK_CHECK_PACE: z.coerce.number().int().min(0).max(60_000).default(LINK_CHECK_DEFAULTS.paceMs),
  /** two dead answers at least this many minutes apart hide a group */
  LINK_DEAD_CONFIRM_MINUTES: z.coerce.number().int().min(0).default(LINK_CHECK_DEFAULTS.confirmMinutes),
  /** a fake WhatsApp server for invite checks; honoured locally and in tests only (see whatsappBase) */
  WHATSAPP_INVITE_BASE: z.url().optional(),
  /** fake Stripe / Mercado Pago servers for the real SDKs; honoured locally and in tests only */
  STRIPE_API_BASE: z.url().optional(),
  MERCADOPAGO_API_BASE: z.url().optional(),
  /** how long the SDKs wait for a provider per try; honoured locally and in tests only (15 s otherwise) */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  /** scrypt's cost as log2(N) for new hashes; honoured locally and in tests only (17 otherwise): the
   *  tests register and log in hundreds of times, each a 128 MB, ~0.4 s hash at the production cost */
  PASSWORD_HASH_LOG_N: z.coerce.number().int().min(10).max(17).optional(),
  /** '1': CSV image addresses on loopback may be fetched (tests' fake image server); local mode only */
  CSV_IMAGES_ALLOW_LOOPBACK: z.string().optional(),
  /** smtp(s)://user:pass@host:port of the mail provider; `npm start` points it at its local catcher */
  SMTP_URL: z.url().optional(),
  /** the From of every e-mail, e.g. `Grupos de Zap <nao-responda@gruposdezap.com.br>` */
  MAIL_FROM: z.string().min(3).optional(),
  /** OpenID Connect issuer that verifies a visitor is 18+; unset: adult (18+) content stays closed */
  AGE_VERIFICATION_ISSUER: z.url().optional(),
  AGE_VERIFICATION_CLIENT_ID: z.string().min(1).optional(),
  AGE_VERIFICATION_CLIENT_SECRET: z.string().min(1).optional(),
  /** the ID token claim that must be true for an adult (e.g. age_over_18) */
  AGE_VERIFICATION_CLAIM: z.string().min(1).default('age_over_18'),
  /** scopes asked of the provider (space-separated; openid is always included) */
  AGE_VERIFICATION_SCOPE: z.string().default('openid'),

  // The database (db/client.ts): Postgres URL; driver pglite | neon | pg (unset: from the URL).
  DATABASE_URL: z.preprocess(unset, z.string().optional()),
  DATABASE_DRIVER: z.preprocess(unset, z.enum(['pglite', 'neon', 'pg']).optional()),
  /** the embedded database's folder (local mode) */
  PGLITE_DIR: z.preprocess(unset, z.string().optional()),
  DATABASE_POOL_MAX: z.preprocess(unset, z.coerce.number().int().min(1).optional()),
  /** a local WebSocket proxy for the Neon driver (tests run the real driver through it) */
  NEON_WS_PROXY: z.preprocess(unset, z.string().optional()),

  /** how many group pages a build pre-renders (decision 0008); `1_000_000` is read as 1000000 */
  PRERENDER_GROUPS: z.preprocess(
    (value) => (typeof value === 'string' ? unset(value.trim().replace(/_/g, '')) : value),
    z.coerce
      .number({ error: (issue) => `PRERENDER_GROUPS must be a whole number, not ${String(issue.input)}` })
      .int('PRERENDER_GROUPS must be a whole number')
      .min(0, 'PRERENDER_GROUPS must be a whole number')
      .default(50_000),
  ),
  /** '1' under `astro dev`: Astro renders every group page itself (scripts/platform/vite-plugin.mjs) */
  ASTRO_DEV_GROUP_PAGES: z.string().optional(),
  /** Netlify's: the CDN purge needs both (src/features/rebuilds/page-cache.ts) */
  SITE_ID: z.preprocess(unset, z.string().optional()),
  NETLIFY_PURGE_API_TOKEN: z.preprocess(unset, z.string().optional()),
  /** a fake purge API (tests); honoured in local mode only, Netlify's API otherwise */
  NETLIFY_PURGE_API_URL: z.preprocess(unset, z.url().optional()),

  // The company's registration, printed by the footer and the legal pages; a deploy build needs them
  // (src/integrations/required-settings.ts).
  PUBLIC_COMPANY_NAME: z.string().optional(),
  PUBLIC_COMPANY_CNPJ: z.string().optional(),
  PUBLIC_COMPANY_ADDRESS: z.string().optional(),
  PUBLIC_COMPANY_EMAIL: z.string().optional(),
  PUBLIC_DPO_NAME: z.string().optional(),
  PUBLIC_DPO_EMAIL: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema> & { isLocal: boolean };

let cached: Env | undefined;

/** Netlify's deploy contexts that serve real visitors: local mode is never granted there. */
const DEPLOYED_CONTEXTS = ['production', 'deploy-preview'];

/**
 * Whether this process runs on a developer's machine or in tests, never a deployed site. A deploy
 * context wins over LOCAL_PLATFORM or VITEST leaking into a deploy's variables: a live site never gets
 * the fixed development secrets or the payment simulator.
 */
export function isLocalProcess(env: NodeJS.ProcessEnv): boolean {
  if (DEPLOYED_CONTEXTS.includes(env.CONTEXT ?? '')) return false;
  return Boolean(env.LOCAL_PLATFORM || env.VITEST || env.CONTEXT === 'dev');
}

/** The secrets a deployed site must have (>= 32 characters each), checked when it starts. */
export const REQUIRED_SECRETS = [
  'JWT_SECRET',
  'VISITOR_SALT',
  'SETTINGS_ENCRYPTION_KEY',
  'ACCESS_LOG_KEY',
] as const;

/** The settings as they are in `env`, parsed, with no check of the runtime secrets. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Env {
  return { ...EnvSchema.parse(env), isLocal: isLocalProcess(env) };
}

/** The validated environment. Outside local mode the secrets must be real (>= 32 bytes). */
export function getEnv(): Env {
  if (cached) return cached;
  const env = readSettings(process.env);
  const { isLocal } = env;
  if (!isLocal) {
    for (const name of REQUIRED_SECRETS) {
      if (!env[name] || env[name].length < 32)
        throw new Error(`${name} must be set to at least 32 characters`);
    }
    for (const name of ['SMTP_URL', 'MAIL_FROM'] as const) {
      if (!env[name]) throw new Error(`${name} must be set (e-mail is sent through SMTP)`);
    }
  }
  cached = env;
  return env;
}

/** A secret from the environment, or a fixed development value in local mode only. */
export function secret(name: (typeof REQUIRED_SECRETS)[number]): string {
  const env = getEnv();
  const value = env[name];
  if (value && value.length >= 32) return value;
  if (env.isLocal) return `local-development-only-${name}-not-for-production`;
  throw new Error(`${name} must be set to at least 32 characters`);
}

/** Forget the cached environment (tests that change variables). */
export function resetEnvForTests() {
  cached = undefined;
}
