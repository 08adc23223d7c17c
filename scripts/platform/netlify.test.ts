// scripts/platform/netlify.mjs patches the FunctionsHandler class of @netlify/functions-dev so that a
// function call reuses its build. The patch only reaches @netlify/dev if both load the same copy.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('the local platform patch', () => {
  it('pins @netlify/functions-dev to the one copy @netlify/dev imports', () => {
    const ours = json('package.json').devDependencies['@netlify/functions-dev'];
    const theirs = json('node_modules/@netlify/dev/package.json').dependencies['@netlify/functions-dev'];
    expect(ours).toBe(theirs);
    expect(json('node_modules/@netlify/functions-dev/package.json').version).toBe(theirs);
    expect(existsSync(path.join(root, 'node_modules/@netlify/dev/node_modules/@netlify/functions-dev'))).toBe(
      false,
    );
  });

  it('still finds the methods it patches', async () => {
    // invoke is private in the published types: reach it the way the patch does, untyped.
    const { FunctionsHandler } = await import('@netlify/functions-dev');
    const methods = FunctionsHandler.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    expect(methods.invoke!.length).toBe(4);
    expect(typeof methods.match).toBe('function');
    await import('./netlify.mjs');
    expect(methods.invoke!.name).toBe('invokeRegisteredBuild');
  });
});
