// The server bundle Astro builds for the pages rendered on demand (src/integrations/on-demand.ts).
// Plain JS: the bundle exists only after a build, so TypeScript never looks at this import.
/** @returns {Promise<{ renderOnDemand(request: Request): Promise<Response> }>} */
export const loadOnDemandServer = () => import('../../.astro-server/entry.mjs');
