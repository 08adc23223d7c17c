// The build log's page summary, fed the events Astro writes for each page (the real build's output is
// checked in previous-build.test.ts).
import { describe, expect, it } from 'vitest';
import { PROGRESS_EVERY, summarizePages } from './build-log.mjs';

type LogEvent = { label: string | null; level: string; message: string; newLine: boolean };

function recorded() {
  const events: LogEvent[] = [];
  const log = summarizePages({ write: (event: LogEvent) => events.push(event) });
  const started = (file: string) =>
    log.write({ label: null, level: 'info', message: `  \u001b[34m├─\u001b[39m ${file}`, newLine: false });
  const done = (message: string) =>
    log.write({ label: 'SKIP_FORMAT', level: 'info', message, newLine: true });
  return { events, log, started, done, lines: () => events.map((e) => e.message) };
}

describe('summarizePages', () => {
  it('counts rendered and kept pages, even when their lines interleave, and passes the rest on', () => {
    const { log, started, done, lines, events } = recorded();
    log.write({ label: 'build', level: 'info', message: 'Building static entrypoints...', newLine: true });
    started('/esportes/futebol/index.html');
    started('/esportes/volei/index.html');
    done(' \u001b[2m(+12ms)\u001b[22m ');
    done(' \u001b[31m(+1.20s)\u001b[39m ');
    started('/receitas/bolo/index.html');
    done(' \u001b[32m(cached)\u001b[39m');
    log.write({ label: null, level: 'info', message: '✓ Completed in 8.74s.', newLine: true });

    expect(lines()).toEqual([
      'Building static entrypoints...',
      '  3 páginas: 2 renderizadas, 1 mantida do build anterior',
      '✓ Completed in 8.74s.',
    ]);
    expect(events[1]).toMatchObject({ label: 'SKIP_FORMAT', newLine: true });
  });

  it('writes progress every PROGRESS_EVERY pages and no repeated count at the end', () => {
    const { log, started, done, lines } = recorded();
    for (let i = 0; i < PROGRESS_EVERY * 2; i++) {
      started(`/g/${i}/index.html`);
      done(i % 4 === 0 ? ' (+3ms) ' : ' (cached)');
    }
    log.write({ label: null, level: 'info', message: '✓ Completed in 2m 12s.', newLine: true });
    expect(lines()).toEqual([
      '  10.000 páginas: 2.500 renderizadas, 7.500 mantidas do build anterior',
      '  20.000 páginas: 5.000 renderizadas, 15.000 mantidas do build anterior',
      '✓ Completed in 2m 12s.',
    ]);
  });

  it('gives the count so far before a warning among the pages, and starts again with the next phase', () => {
    const { log, started, done, lines } = recorded();
    started('/a/index.html');
    done(' (cached)');
    log.write({ label: 'build', level: 'warn', message: 'Aviso no meio', newLine: true });
    started('/b/index.html');
    done(' (+4ms) ');
    log.write({ label: null, level: 'info', message: '✓ Completed in 1s.', newLine: true });
    log.write({ label: 'SKIP_FORMAT', level: 'info', message: ' generating static routes ', newLine: true });
    started('/c/index.html');
    done(' (+4ms) ');
    log.write({ label: null, level: 'info', message: '✓ Completed in 1s.', newLine: true });
    expect(lines()).toEqual([
      '  1 página: 0 renderizadas, 1 mantida do build anterior',
      'Aviso no meio',
      '  2 páginas: 1 renderizada, 1 mantida do build anterior',
      '✓ Completed in 1s.',
      ' generating static routes ',
      '  1 página: 1 renderizada, 0 mantidas do build anterior',
      '✓ Completed in 1s.',
    ]);
  });

  it('says when a page wrote nothing, and leaves warnings and errors alone', () => {
    const { log, started, done, lines } = recorded();
    started('/vazia/index.html');
    done(' (+2ms) (file not created, response body was empty)');
    log.write({ label: 'build', level: 'warn', message: '(cached) is only a word here', newLine: true });
    expect(lines()).toEqual([
      '  uma página não foi criada: resposta vazia',
      '  1 página: 1 renderizada, 0 mantidas do build anterior',
      '(cached) is only a word here',
    ]);
  });
});
