// Whether anyone can pay now, and which provider charges or answers for an order.
import type { Db } from '#db/client.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { type CheckoutProviderName, MESSAGES } from './payments.ts';
import { MercadoPagoProvider } from './providers/mercadopago.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { SimulatorProvider } from './providers/simulator.ts';
import { StripeProvider } from './providers/stripe.ts';
import { type ClearSettings, chooseProvider, getClearSettings, paymentsActive } from './settings.server.ts';

/**
 * GET /api/active-payment-methods: whether anyone can pay now (the spec's `active`) and the provider
 * whose checkout a payment opens, so the review step can name its ways to pay (null: none can).
 */
export async function activePaymentMethods(db: Db) {
  const settings = await getClearSettings(db);
  const active = paymentsActive(settings);
  return { active, provider: active ? checkoutProviderName(settings) : null };
}

/** Which checkout a payment opens now: the configured provider with its keys, else locally the simulator. */
export function checkoutProviderName(settings: ClearSettings): CheckoutProviderName | null {
  const chosen = chooseProvider(settings);
  if (chosen === 'stripe' && settings.stripeSecretKey) return 'stripe';
  if (chosen === 'mercadopago' && settings.mercadoPagoAccessToken) return 'mercadopago';
  return chosen && getEnv().isLocal ? 'simulator' : null;
}

/** Refuse when no one can pay now (payments switched off or unconfigured). */
export function assertPaymentsActive(settings: ClearSettings) {
  if (!paymentsActive(settings)) throw new AppError('PAYMENTS_DISABLED', MESSAGES.paymentsDisabled);
}

/** The provider that charges now: the configured one, or the simulator locally when it has no keys. */
export function resolveProvider(settings: ClearSettings, origin: string): PaymentProvider {
  if (!chooseProvider(settings)) throw new AppError('PAYMENTS_DISABLED', MESSAGES.paymentsDisabled);
  const provider = providerFor(checkoutProviderName(settings), settings, origin);
  if (!provider) throw new AppError('UNAVAILABLE', MESSAGES.providerNotConfigured);
  return provider;
}

/** The provider that created an order's checkout, to ask it about that order (or refund it). */
export function providerFor(
  method: string | null,
  settings: ClearSettings,
  origin: string,
): PaymentProvider | null {
  if (method === 'stripe' && settings.stripeSecretKey) return new StripeProvider(settings.stripeSecretKey);
  if (method === 'mercadopago' && settings.mercadoPagoAccessToken)
    return new MercadoPagoProvider(settings.mercadoPagoAccessToken, settings.mode);
  if (method === 'simulator' && getEnv().isLocal) return new SimulatorProvider(origin);
  return null;
}
