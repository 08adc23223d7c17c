// Work that must not delay or time an answer (an e-mail whose sending would tell that an account
// exists): handed to Netlify's context.waitUntil, and started only on the next turn of the event loop,
// once the answer is on its way, so not even its first synchronous steps run before the answer.
import type { Context } from '@netlify/functions';

/** Work to run after the answer: a function, so nothing of it starts before then. */
export type Defer = (work: () => Promise<unknown>) => void;

/** A Defer that runs work after the answer through `context.waitUntil`. */
export function afterAnswer(context: Partial<Pick<Context, 'waitUntil'>>): Defer {
  return (work) => {
    const done = new Promise<void>((resolve) => setImmediate(resolve)).then(work);
    // The local platform has no waitUntil; its warm instance lives on after the answer, so the work
    // still runs there (logged if it fails, never unhandled).
    if (typeof context.waitUntil === 'function') context.waitUntil(done);
    else done.catch((error) => console.error('[after-answer]', error));
  };
}

/** Run deferred work through `defer`, or now (awaited) when there is none. */
export async function runOrDefer(defer: Defer | undefined, work: () => Promise<unknown>): Promise<void> {
  if (defer) defer(work);
  else await work();
}
