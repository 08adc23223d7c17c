/** The server bundle of the pages rendered on demand (built by `astro build`). */
export declare const loadOnDemandServer: () => Promise<{
  renderOnDemand(request: Request): Promise<Response>;
}>;
