// Vite plugin for `astro dev`: Netlify Functions, redirects and Blobs in front of Astro's dev server.
// @netlify/dev is imported only when the dev server starts: loading it took ~1 s of every `astro build`.

export function netlifyLocal() {
  return {
    name: 'netlify-local',
    apply: 'serve',
    async configureServer(server) {
      if (!server.httpServer || process.env.NETLIFY_LOCAL === 'off') return;
      const { addressFromConnection, createNetlifyDev, sendWebResponse } = await import('./netlify.mjs');
      const root = server.config.root;
      // Astro's dev server renders every group page itself (there is no build for functions/group-page.ts
      // to import): the function steps aside and says so with this header.
      process.env.ASTRO_DEV_GROUP_PAGES = '1';
      const netlify = createNetlifyDev({
        projectRoot: root,
        serverAddress: null,
        staticDirs: [root, server.config.publicDir],
      });
      await netlify.start();
      server.httpServer.once('close', () => netlify.stop());
      server.middlewares.use(async (req, res, next) => {
        try {
          addressFromConnection(req); // context.ip from the connection only, as on Netlify
          const result = await netlify.handleAndIntrospectNodeRequest(req, {
            serverAddress: `http://localhost:${req.socket.localPort}`,
          });
          if (!result || result.type === 'static') return next(); // Astro serves pages and assets
          if (result.response.headers.has('x-astro-dev-group-page')) return next();
          sendWebResponse(result.response, res, req.method);
        } catch (error) {
          next(error);
        }
      });
      server.config.logger.info('[netlify-local] functions, redirects, headers and Blobs emulated offline');
    },
  };
}
