// The local payment simulator's checkout page; answers 404 on a deployed site.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { simulatorDecide, simulatorPage } from '#src/features/payments/simulator.server.ts';
import { param, readText, route } from '#src/lib/http.server.ts';

export default route({
  GET: async (_req: Request, context: Context) => {
    const html = await simulatorPage(await getDb(), param(context, 'id'));
    return new Response(html, {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  },
  POST: async (req: Request, context: Context) => {
    const form = new URLSearchParams(await readText(req, 4096));
    const next = await simulatorDecide(
      await getDb(),
      param(context, 'id'),
      form.get('decision') ?? '',
      new URL(req.url).origin,
    );
    return new Response(null, { status: 303, headers: { location: next, 'cache-control': 'no-store' } });
  },
});

export const config: Config = { path: '/simulador-pagamento/:id' };
