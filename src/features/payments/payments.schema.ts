// Input shapes of the payments API, shared by the islands and the functions.
import { z } from 'zod';
import { MESSAGES } from './payments.ts';

/**
 * POST /api/feature-orders. The spec's client also sends userId, status and price: they are accepted
 * and ignored, the server takes the user from the session and price and days from the plan.
 */
export const CreateOrderSchema = z.object({
  groupId: z.uuid({ error: MESSAGES.groupNotFound }),
  planId: z.coerce.number({ error: MESSAGES.selectGroupAndPlan }).int().positive(MESSAGES.selectGroupAndPlan),
  metadata: z.string().max(2000).optional().nullable(),
  /** the buyer's age declaration, needed once from an account that made none at sign-up */
  adult: z.literal([true, 'on', 'true']).optional(),
});
export type CreateOrderInput = z.infer<typeof CreateOrderSchema>;

/** Renewal data the client may put in metadata (JSON string). */
export const RenewalMetadataSchema = z.object({
  isRenewal: z.literal(true),
  originalOrderId: z.uuid(),
});

export const AdminPaymentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(10).default(10),
});

const secretField = z.string().trim().max(500).optional().nullable();
const urlField = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\//i.test(v), 'Informe uma URL completa, com http:// ou https://')
  .optional()
  .nullable();

/** PUT /api/admin/payment-settings: the full settings object. */
export const PaymentSettingsSchema = z.object({
  mercadoPagoAccessToken: secretField,
  mercadoPagoWebhookSecret: secretField,
  mercadoPagoPublicKey: secretField,
  stripeSecretKey: secretField,
  stripePublicKey: secretField,
  stripeWebhookSecret: secretField,
  callbackUrl: urlField,
  returnUrl: urlField,
  mode: z.enum(['sandbox', 'production'], { error: 'Modo inválido' }).default('sandbox'),
  preferredPaymentMethod: z
    .enum(['mercadopago', 'stripe'], { error: 'Método preferido inválido' })
    .default('mercadopago'),
  mercadopagoEnabled: z.boolean().default(false),
  stripeEnabled: z.boolean().default(false),
});
export type PaymentSettingsInput = z.infer<typeof PaymentSettingsSchema>;
