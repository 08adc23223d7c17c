// The local payment simulator: a checkout page served by the local platform whose 'Aprovar' and
// 'Recusar' post a Stripe-shaped event, signed the way Stripe signs, to our own webhook. It cannot
// exist on a deployed site: every entry point checks getEnv().isLocal.
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { getEnv, secret } from '#src/lib/env.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { MESSAGES } from '../payments.ts';
import type {
  Checkout,
  CheckoutOrder,
  PaymentProvider,
  ProviderRefund,
  RefundableOrder,
} from './provider.ts';

export const SIMULATOR_PATH = '/simulador-pagamento';
export const SIMULATOR_WEBHOOK_PATH = '/api/payments/webhook/simulator';

/** Refuse anything simulator-related outside a developer's machine or tests. */
export function assertSimulatorAllowed() {
  if (!getEnv().isLocal) throw new AppError('NOT_FOUND', MESSAGES.simulatorUnavailable);
}

/** The simulator's webhook secret, derived from a local secret (never a real provider's). */
export function simulatorSecret(): string {
  assertSimulatorAllowed();
  return `whsec_${createHmac('sha256', secret('SETTINGS_ENCRYPTION_KEY')).update('payment-simulator').digest('hex')}`;
}

/** The event the simulator sends for a decision, with its Stripe-Signature header. */
export function simulatorEvent(
  order: { id: string; price: number },
  decision: 'approve' | 'decline',
  now: Date = new Date(),
): { body: string; signature: string } {
  const created = Math.floor(now.getTime() / 1000);
  const event = {
    id: `evt_sim_${order.id.replace(/-/g, '')}_${decision}_${created}`,
    object: 'event',
    type: decision === 'approve' ? 'checkout.session.completed' : 'checkout.session.async_payment_failed',
    created,
    data: {
      object: {
        id: `cs_sim_${order.id.replace(/-/g, '')}`,
        object: 'checkout.session',
        client_reference_id: order.id,
        metadata: { orderId: order.id },
        amount_total: order.price,
        currency: 'brl',
        payment_status: decision === 'approve' ? 'paid' : 'unpaid',
        status: decision === 'approve' ? 'complete' : 'expired',
      },
    },
  };
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: simulatorSecret() });
  return { body, signature };
}

export class SimulatorProvider implements PaymentProvider {
  readonly name = 'simulator' as const;

  constructor(private readonly origin: string) {
    assertSimulatorAllowed();
  }

  async createCheckout(order: CheckoutOrder): Promise<Checkout> {
    return {
      paymentId: `cs_sim_${order.id.replace(/-/g, '')}`,
      initPoint: `${this.origin}${SIMULATOR_PATH}/${order.id}`,
    };
  }

  async findPaid() {
    // The simulator settles only through its webhook.
    return null;
  }

  /** The simulator holds no money: the refund is local, with an id shaped like Stripe's. */
  async refund(order: RefundableOrder): Promise<ProviderRefund> {
    return { refundId: `re_sim_${order.id.replace(/-/g, '')}` };
  }
}
