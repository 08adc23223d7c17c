// A warm function instance for the local platform (netlify.mjs): a worker thread that imports a
// function's bundle once and then runs one invocation at a time, as a warm Netlify instance does.
// @netlify/dev starts a new worker for every call instead, which imports the function's dependencies
// again each time (~0.8 s a call, mostly module resolution). The invocation is the one @netlify/dev's
// own worker makes (lambda-local with its Lambda event); a streamed body is read whole and sent back
// with the result.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

// lambda-local as @netlify/functions-dev resolves it (it is that package's dependency, not ours).
const fromFunctionsDev = createRequire(import.meta.resolve('@netlify/functions-dev'));
const lambdaLocal = await import(pathToFileURL(fromFunctionsDev.resolve('lambda-local')).href);
lambdaLocal.getLogger().level = 'alert';

// Statuses whose responses have no body (as @netlify/dev's worker drops it).
const NULL_BODY = new Set([101, 204, 205, 304]);

/** @type {Map<string, unknown>} */
const functions = new Map();

parentPort?.on('message', async ({ clientContext, environment = {}, event, entryFilePath, timeoutMs }) => {
  try {
    for (const key in environment) process.env[key] = environment[key];
    let lambdaFunc = functions.get(entryFilePath);
    if (!lambdaFunc) {
      lambdaFunc = await import(entryFilePath);
      functions.set(entryFilePath, lambdaFunc);
    }
    const result = await lambdaLocal.execute({
      clientContext,
      event,
      lambdaFunc,
      region: 'dev',
      timeoutMs,
      verboseLevel: 3,
    });
    const body = result?.body;
    if (body && typeof body === 'object' && typeof body.pipe === 'function') {
      if (NULL_BODY.has(result.statusCode)) delete result.body;
      else {
        const chunks = [];
        for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        result.body = Buffer.concat(chunks);
      }
    }
    parentPort?.postMessage({ result });
  } catch (error) {
    parentPort?.postMessage({ error });
  }
});
