// The local platform's function bundles: every function in one esbuild pass, with the options
// zip-it-and-ship-it uses for a v2 function (our sources bundled into ESM, packages left external, its
// CommonJS shim, source maps) and Netlify's own bootstrap in front, as a deploy does. What is left out is
// the @vercel/nft trace that copies node_modules into each bundle (~2 s a function, ~95 s for all at
// every start): the bundles sit inside the project, so a package resolves from its node_modules. What a
// deployed bundle holds is tested on zip-it-and-ship-it's own output (scripts/platform/netlify.test.ts).
// A watch rebuilds the pass when a source changes; a function whose output changed gets a new entry file,
// so its warm instances are replaced.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// zip-it-and-ship-it as @netlify/functions-dev resolves it, and esbuild and the bootstrap as it does.
const fromFunctionsDev = createRequire(import.meta.resolve('@netlify/functions-dev'));
const zisiEntry = fromFunctionsDev.resolve('@netlify/zip-it-and-ship-it');
const fromZisi = createRequire(zisiEntry);
const load = (file) => import(pathToFileURL(file).href);

/** What a deploy's bundler puts at the top of an ESM function (zip-it-and-ship-it's CJS_SHIM). */
const CJS_SHIM = (await load(path.join(path.dirname(zisiEntry), 'runtimes/node/utils/esm_cjs_compat.js')))
  .CJS_SHIM;

export const BUNDLES_DIR = path.join('.netlify', 'functions-local');
const BOOTSTRAP = '___netlify-bootstrap.mjs';
const ENTRY = '___netlify-entry-point.mjs';

/** Each function's routes, schedule and API version, read from its source as Netlify's listing does. */
export async function listedFunctions(functionsDir) {
  const { listFunctions } = await load(zisiEntry);
  return listFunctions([functionsDir], { featureFlags: { zisi_functions_api_v2: true }, parseISC: true });
}

/**
 * Bundle every function in `functionsDir` once, and keep the bundles current while sources change.
 * Resolves to { buildData(name), stop() } once the first pass is written; buildData is what
 * @netlify/functions-dev expects of a function's build.
 */
export async function bundleFunctions({ projectRoot, functionsDir, watch = true }) {
  const esbuild = await load(fromZisi.resolve('esbuild'));
  const { getPath: bootstrapPath } = await load(fromZisi.resolve('@netlify/serverless-functions-api'));
  const outDir = path.join(projectRoot, BUNDLES_DIR);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  copyFileSync(bootstrapPath(), path.join(outDir, BOOTSTRAP));

  const listed = await listedFunctions(functionsDir);
  const functions = new Map(listed.map((func) => [func.name, func]));

  /** @type {Map<string, { output: string, srcFiles: string[], stamp: string }>} */
  const built = new Map();
  let firstPass;
  const firstDone = new Promise((resolve, reject) => {
    firstPass = { resolve, reject };
  });

  const onEnd = (result) => {
    if (result.errors.length) {
      firstPass.reject(new Error(`function bundles failed: ${result.errors[0].text}`));
      return;
    }
    const outputs = result.metafile.outputs;
    for (const [output, meta] of Object.entries(outputs)) {
      if (!meta.entryPoint) continue;
      const name = path.basename(meta.entryPoint).replace(/\.[^.]+$/, '');
      if (!functions.has(name)) continue;
      // The function's code is its output and the chunks it imports: a change to any gives a new stamp.
      const files = new Set();
      const visit = (file) => {
        if (files.has(file) || !outputs[file]) return;
        files.add(file);
        for (const dependency of outputs[file].imports) if (!dependency.external) visit(dependency.path);
      };
      visit(output);
      // Chunks are named by their content hash (chunkNames): only the entry file itself is read. This
      // runs in the platform's one process after every pass (each site build changes the on-demand
      // bundle): reading every chunk again for each function held all requests for seconds.
      const hash = createHash('sha256');
      for (const file of [...files].sort())
        hash.update(file === output ? readFileSync(path.resolve(projectRoot, file)) : `${file}\n`);
      const stamp = hash.digest('hex');
      if (built.get(name)?.stamp === stamp) continue;
      const srcFiles = [...files].flatMap((file) =>
        Object.keys(outputs[file].inputs).map((input) => path.resolve(projectRoot, input)),
      );
      const dir = path.join(outDir, name);
      mkdirSync(dir, { recursive: true });
      const main = `./${path.relative(outDir, path.resolve(projectRoot, output)).split(path.sep).join('/')}`;
      writeFileSync(
        path.join(dir, ENTRY),
        `import * as bootstrap from '../${BOOTSTRAP}';export const handler = bootstrap.getLambdaHandler('${main}')`,
      );
      built.set(name, { output, srcFiles: [...new Set(srcFiles)], stamp });
    }
    firstPass.resolve();
  };

  const context = await esbuild.context({
    entryPoints: listed.map((func) => func.mainFile),
    outdir: path.join(outDir, 'functions'),
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    absWorkingDir: projectRoot,
    bundle: true,
    splitting: true,
    format: 'esm',
    packages: 'external',
    banner: { js: CJS_SHIM },
    platform: 'node',
    target: ['node22'],
    sourcemap: true,
    metafile: true,
    logLevel: 'error',
    plugins: [{ name: 'function-entries', setup: (build) => build.onEnd(onEnd) }],
  });
  if (watch) await context.watch();
  else await context.rebuild();
  await firstDone;
  if (!watch) await context.dispose();

  return {
    names: [...functions.keys()],
    /** @netlify/functions-dev's build data for one function, or undefined if it is not ours. */
    buildData(name) {
      const func = functions.get(name);
      const bundle = built.get(name);
      if (!func || !bundle) return undefined;
      return {
        buildPath: path.join(outDir, name, ENTRY),
        excludedRoutes: func.excludedRoutes ?? [],
        includedFiles: [],
        invocationMode: name.endsWith('-background') ? 'background' : undefined,
        mainFile: func.mainFile,
        outputModuleFormat: 'esm',
        routes: func.routes ?? [],
        runtimeAPIVersion: func.runtimeAPIVersion ?? 1,
        schedule: func.schedule,
        srcFiles: bundle.srcFiles,
        targetDirectory: outDir,
      };
    },
    stop: () => context.dispose(),
  };
}

/**
 * netlify.toml's [functions] settings as zip-it-and-ship-it takes them, the way @netlify/functions-dev
 * passes them (its normalizeFunctionsConfig): for building the bundles a deploy ships.
 */
export function deployBundleConfig(functionsConfig = {}, projectRoot) {
  const config = Object.fromEntries(
    Object.entries(functionsConfig).map(([pattern, settings]) => [
      pattern,
      {
        externalNodeModules: settings.external_node_modules,
        includedFiles: settings.included_files,
        includedFilesBasePath: projectRoot,
        ignoredNodeModules: settings.ignored_node_modules,
        nodeBundler: settings.node_bundler === 'esbuild' ? 'esbuild_zisi' : settings.node_bundler,
        processDynamicNodeImports: true,
        schedule: settings.schedule,
        zipGo: true,
      },
    ]),
  );
  return { ...config, '*': { nodeSourcemap: true, ...config['*'] } };
}

/** zip-it-and-ship-it itself, as @netlify/functions-dev loads it. */
export const zipItAndShipIt = () => load(zisiEntry);
