// Payment-provider settings: one row, secrets encrypted at rest (AES-256-GCM with a key derived from
// SETTINGS_ENCRYPTION_KEY), returned masked, and a masked value sent back keeps the stored secret.
import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { type PaymentSettings, paymentSettings } from '#db/schema.ts';
import { secret } from '#src/lib/env.server.ts';
import { seal, unseal } from '#src/lib/secret-box.server.ts';
import type { PaymentSettingsInput } from './payments.schema.ts';
import { isMasked, maskSecret, type PaymentProviderName } from './payments.ts';

const SECRET_FIELDS = [
  'mercadoPagoAccessToken',
  'mercadoPagoWebhookSecret',
  'stripeSecretKey',
  'stripeWebhookSecret',
] as const;
type SecretField = (typeof SECRET_FIELDS)[number];

/** Encrypt a secret for storage. */
export function encryptSecret(plain: string): string {
  return seal(secret('SETTINGS_ENCRYPTION_KEY'), plain);
}

/** Decrypt a stored secret; null when missing or unreadable (wrong key: treat as not configured). */
export function decryptSecret(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const plain = unseal(secret('SETTINGS_ENCRYPTION_KEY'), stored);
  if (plain === null && stored.startsWith('enc:'))
    console.error('[payments] a stored secret could not be decrypted (SETTINGS_ENCRYPTION_KEY changed?)');
  return plain;
}

/** The settings with secrets in clear, for the server's own use only. */
export type ClearSettings = Omit<PaymentSettings, SecretField> & Record<SecretField, string | null>;

async function readRow(db: Db): Promise<PaymentSettings> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 'default'));
  if (row) return row;
  const [created] = await db.insert(paymentSettings).values({}).onConflictDoNothing().returning();
  return created ?? (await readRow(db));
}

/** The settings with secrets decrypted (never send this to a client). */
export async function getClearSettings(db: Db): Promise<ClearSettings> {
  const row = await readRow(db);
  const clear = { ...row } as ClearSettings;
  for (const field of SECRET_FIELDS) clear[field] = decryptSecret(row[field]);
  return clear;
}

/** The settings as the admin API answers them: secrets masked. */
export async function getMaskedSettings(db: Db) {
  const clear = await getClearSettings(db);
  const { updatedAt: _updated, id: _id, ...rest } = clear;
  const masked: Record<string, unknown> = { ...rest };
  for (const field of SECRET_FIELDS) masked[field] = maskSecret(clear[field]);
  return masked as Omit<ClearSettings, 'id' | 'updatedAt'>;
}

/** Save the full settings object; a masked secret keeps the stored one, an empty one clears it. */
export async function saveSettings(db: Db, input: PaymentSettingsInput) {
  const current = await readRow(db);
  const values: Partial<PaymentSettings> = {
    mercadoPagoPublicKey: input.mercadoPagoPublicKey || null,
    stripePublicKey: input.stripePublicKey || null,
    callbackUrl: input.callbackUrl || null,
    returnUrl: input.returnUrl || null,
    mode: input.mode,
    mercadopagoEnabled: input.mercadopagoEnabled,
    stripeEnabled: input.stripeEnabled,
    // A preferred provider can only be one that is enabled.
    preferredPaymentMethod:
      input.preferredPaymentMethod === 'stripe' && !input.stripeEnabled && input.mercadopagoEnabled
        ? 'mercadopago'
        : input.preferredPaymentMethod === 'mercadopago' && !input.mercadopagoEnabled && input.stripeEnabled
          ? 'stripe'
          : input.preferredPaymentMethod,
  };
  for (const field of SECRET_FIELDS) {
    const value = input[field];
    if (value === undefined || (value && isMasked(value))) values[field] = current[field];
    else values[field] = value ? encryptSecret(value) : null;
  }
  await db.update(paymentSettings).set(values).where(eq(paymentSettings.id, 'default'));
  return getMaskedSettings(db);
}

/** Whether anyone can pay now: at least one provider is switched on. */
export function paymentsActive(
  settings: Pick<PaymentSettings, 'mercadopagoEnabled' | 'stripeEnabled'>,
): boolean {
  return settings.mercadopagoEnabled || settings.stripeEnabled;
}

/** The provider to charge with: the preferred one when enabled, else the other enabled one. */
export function chooseProvider(settings: ClearSettings): PaymentProviderName | null {
  const enabled = { mercadopago: settings.mercadopagoEnabled, stripe: settings.stripeEnabled };
  if (enabled[settings.preferredPaymentMethod]) return settings.preferredPaymentMethod;
  if (enabled.mercadopago) return 'mercadopago';
  if (enabled.stripe) return 'stripe';
  return null;
}
