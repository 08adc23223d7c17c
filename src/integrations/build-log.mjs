// Astro's log destination (astro.config.mjs `logger`), with the page lines of a build summed up.
// Astro writes two events for every page it generates (its path, then its render time or "(cached)";
// with pages rendering in parallel the two are not even adjacent): at 100k groups that is 184k lines,
// most of a deploy log, and over a second of a 100k rebuild spent formatting and writing them. Here the
// pages are counted instead, with a progress line every PROGRESS_EVERY pages and one at the end.
// Everything else goes to Astro's own node destination unchanged. Plain JavaScript: Astro imports the
// entrypoint with Node itself, not through Vite.
import nodeLogDestination from 'astro/logger/node';

/** @typedef {{ label: string | null, level: string, message: string, newLine: boolean }} LogEvent */
/** @typedef {{ write(event: LogEvent): void }} LogDestination */

export const PROGRESS_EVERY = 10_000;
/** Astro's heading for the page phase ("generating static routes"): the counts start again. */
const PAGES_HEADING = 'static routes';
/** Astro's line for a page starting: its path after a branch, the line left open. */
const PAGE_START = '├─';
/** Astro's line for a page done: its render time, or that the previous build's page was kept. */
const PAGE_DONE = /\((?:cached|restored)\)|\(\+[\d.]+m?s\)/;
const KEPT = /\((?:cached|restored)\)/;

const pt = new Intl.NumberFormat('pt-BR');
/** @param {number} n @param {string} one @param {string} many */
const count = (n, one, many) => `${pt.format(n)} ${n === 1 ? one : many}`;

/**
 * A destination that counts the page lines of a build and passes every other event to `destination`.
 * @param {LogDestination} destination
 * @returns {LogDestination}
 */
export function summarizePages(destination) {
  let rendered = 0;
  let kept = 0;
  let reported = 0;
  /** @param {string} message */
  const line = (message) =>
    destination.write({ label: 'SKIP_FORMAT', level: 'info', message, newLine: true });
  const progress = () => {
    reported = rendered + kept;
    line(
      `  ${count(reported, 'página', 'páginas')}: ${count(rendered, 'renderizada', 'renderizadas')}, ${count(kept, 'mantida', 'mantidas')} do build anterior`,
    );
  };
  return {
    write(event) {
      const info = event.level === 'info';
      if (info && event.label === null && !event.newLine && event.message.includes(PAGE_START)) return;
      if (info && event.label === 'SKIP_FORMAT' && PAGE_DONE.test(event.message)) {
        if (KEPT.test(event.message)) kept++;
        else rendered++;
        if (event.message.includes('file not created')) line('  uma página não foi criada: resposta vazia');
        if ((rendered + kept) % PROGRESS_EVERY === 0) progress();
        return;
      }
      // Any other event (Astro's "Completed in …" after the pages, a warning among them): the count so far.
      if (rendered + kept !== reported) progress();
      if (event.message.includes(PAGES_HEADING)) rendered = kept = reported = 0;
      destination.write(event);
    },
  };
}

/** @param {{ level?: string }} [config] */
export default function buildLog(config) {
  return summarizePages(nodeLogDestination(config));
}
