// The simulator's checkout page (local only): shows the order and posts the buyer's decision, which
// is sent to our webhook over HTTP, signed, exactly as a provider would send it.
import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { orderGroup, orderPlan } from '#db/joins.ts';
import { featureOrders, featurePlans, groups } from '#db/schema.ts';
import { formatBRL } from '#src/lib/format.ts';
import { escapeHtml } from '#src/lib/html.ts';
import { AppError } from '#src/lib/http.server.ts';
import { isUuid } from '#src/lib/ids.ts';
import { MESSAGES, orderStatusBadge } from './payments.ts';
import {
  assertSimulatorAllowed,
  SIMULATOR_PATH,
  SIMULATOR_WEBHOOK_PATH,
  simulatorEvent,
} from './providers/simulator.ts';

async function findOrder(db: Db, orderId: string) {
  assertSimulatorAllowed();
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  const [order] = await db
    .select({
      id: featureOrders.id,
      price: featureOrders.price,
      days: featureOrders.days,
      status: featureOrders.status,
      paymentMethod: featureOrders.paymentMethod,
      groupTitle: groups.title,
      planName: featurePlans.name,
    })
    .from(featureOrders)
    .leftJoin(groups, orderGroup)
    .leftJoin(featurePlans, orderPlan)
    .where(eq(featureOrders.id, orderId));
  if (order?.paymentMethod !== 'simulator') throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  return order;
}

/** The simulator's checkout page. */
export async function simulatorPage(db: Db, orderId: string): Promise<string> {
  const order = await findOrder(db, orderId);
  const open = order.status === 'pending' || order.status === 'failed';
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Simulador de pagamento</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;padding:24px 16px;color:#111827}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.25rem;margin:0 0 4px}p{margin:4px 0}.note{color:#6b7280;font-size:.875rem}
.total{font-size:1.75rem;font-weight:700;margin:16px 0}.actions{display:flex;gap:12px;margin-top:20px}
button{flex:1;min-height:48px;border:0;border-radius:10px;font-size:1rem;font-weight:600;cursor:pointer}
button:focus-visible{outline:3px solid #111827;outline-offset:2px}
.approve{background:#25D366;color:#053b1c}.decline{background:#fee2e2;color:#991b1b}
</style></head><body><main>
<p class="note">Ambiente local — nenhuma cobrança real</p>
<h1>Simulador de pagamento</h1>
<p><strong>${escapeHtml(order.planName ?? 'Plano de destaque')}</strong> — ${order.days} ${order.days === 1 ? 'dia' : 'dias'}</p>
<p>Grupo: ${escapeHtml(order.groupTitle ?? '')}</p>
<p class="total">${formatBRL(order.price)}</p>
${
  open
    ? `<form method="post"><div class="actions">
<button class="approve" name="decision" value="approve" type="submit">Aprovar</button>
<button class="decline" name="decision" value="decline" type="submit">Recusar</button>
</div></form>`
    : `<p>Este pedido já foi processado (${escapeHtml(orderStatusBadge(order.status).label)}).</p><p><a href="/painel">Voltar ao Painel</a></p>`
}
</main></body></html>`;
}

/** The buyer's decision: our webhook is called over HTTP; answers where the browser goes next. */
export async function simulatorDecide(
  db: Db,
  orderId: string,
  decision: string,
  origin: string,
): Promise<string> {
  const order = await findOrder(db, orderId);
  if (decision !== 'approve' && decision !== 'decline')
    throw new AppError('BAD_REQUEST', 'Decisão inválida.');
  const { body, signature } = simulatorEvent(order, decision);
  const response = await fetch(`${origin}${SIMULATOR_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
  if (!response.ok) throw new Error(`the webhook answered ${response.status}: ${await response.text()}`);
  return decision === 'approve' ? `/painel?pagamento=${order.id}` : `/pagar-destaque/${order.id}`;
}

export { SIMULATOR_PATH };
