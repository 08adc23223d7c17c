// The server bundle's entry (built by Astro into .astro-server/entry.mjs): one app, made once per
// function instance, that renders the on-demand routes with the build's own assets and components.
import { createApp } from 'astro/app/entrypoint';

const app = createApp();

/** Render a request with the on-demand route that matches it (404 when none does). */
export async function renderOnDemand(request: Request): Promise<Response> {
  const route = app.match(request);
  if (!route) return new Response('Not found', { status: 404 });
  return app.render(request, { routeData: route });
}
