// A test that logs an error it did not expect fails (issue #44): `console.error` is how the code reports
// what went wrong behind an answer (an unknown error answered 500, a failed purge, a lost e-mail), so a
// passing test with one in its output usually passed by luck. A test that provokes one on purpose says
// so first, with the words it expects: `expectConsoleError(/purge failed/)` inside the test, or in a
// `beforeAll` for every test of the file (work a file's hooks start, such as e-mails sent after an answer).
// The console is wrapped once per worker (integration files share theirs); the hooks run for every file.
import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

interface ConsoleErrors {
  logged: string[];
  forTest: RegExp[];
  forFile: RegExp[];
  /** between a test's beforeEach and afterEach (vitest's own test name outlives a file in a shared worker) */
  inTest: boolean;
}
const key = Symbol.for('tests.console-errors');
const store = globalThis as unknown as Record<symbol, ConsoleErrors | undefined>;
const state: ConsoleErrors = store[key] ?? { logged: [], forTest: [], forFile: [], inTest: false };
if (!store[key]) {
  store[key] = state;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    state.logged.push(format(...args));
    original(...args);
  };
}
// A new file: what the previous file expected, or logged after its last test, is not this one's.
state.forFile = [];
state.logged = [];
state.inTest = false;

/** The current test (or, called from a file's beforeAll, every test of the file) logs an error matching `pattern` on purpose. */
export function expectConsoleError(pattern: RegExp): void {
  (state.inTest ? state.forTest : state.forFile).push(pattern);
}

beforeEach(() => {
  state.forTest = [];
  state.inTest = true;
});

afterEach((context) => {
  state.inTest = false;
  const expected = [...state.forFile, ...state.forTest];
  const unexpected = state.logged.filter((line) => !expected.some((pattern) => pattern.test(line)));
  state.logged = [];
  if (!unexpected.length) return;
  const text = unexpected.map((line) => line.split('\n').slice(0, 6).join('\n')).join('\n---\n');
  if (process.env.CONSOLE_ERRORS === 'report') {
    console.warn(`[console-errors] ${context.task.file?.name} > ${context.task.name}\n${text}`);
    return;
  }
  throw new Error(
    `console.error during this test, which did not expect it (expectConsoleError(/…/) if it should):\n${text}`,
  );
});
