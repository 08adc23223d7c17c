import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  decodeDate,
  decodeStatus,
  encodeDate,
  encodeStatus,
  neutraliseCell,
  restoreCell,
  splitCsv,
} from './csv.ts';

const limits = { maxRows: 2, maxChars: 10_000, maxImages: 10 };

describe('splitCsv', () => {
  it('cuts between whole records, each part with the header and the offset of its lines', () => {
    const text =
      '\uFEFFtitulo,descricao\r\nA,"um, dois"\r\nB,"linha\nquebrada"\r\n\r\nC,x\r\nD,"aspas ""dentro"""';
    const parts = [...splitCsv(text, limits)];
    expect(parts.map((p) => p.rows)).toEqual([2, 2]);
    for (const part of parts) expect(part.text.startsWith('titulo,descricao\r\n')).toBe(true);
    const records = parts.flatMap((p) =>
      (
        parse(p.text, { skip_empty_lines: true, info: true }) as unknown as {
          record: string[];
          info: { lines: number };
        }[]
      )
        .slice(1)
        .map((r) => [r.record[0], r.info.lines + p.lineOffset]),
    );
    // Rows end in CRLF, a line break inside a cell is LF (as spreadsheets write them; csv-parse counts a
    // quoted CRLF as two lines). A ends on line 2, B on 4 (two lines), a blank line 5, C on 6, D on 7 of the whole file.
    expect(records).toEqual([
      ['A', 2],
      ['B', 4],
      ['C', 6],
      ['D', 7],
    ]);
    expect(parse(parts[0]!.text, { skip_empty_lines: true })[2]).toEqual(['B', 'linha\nquebrada']);
  });

  it('starts a new part before too many characters or picture addresses', () => {
    const rows = ['titulo,imagem', 'A,https://img.example/a.png', 'B,https://img.example/b.png', 'C,'];
    expect(
      [...splitCsv(rows.join('\n'), { maxRows: 100, maxChars: 10_000, maxImages: 1 })].map((p) => p.rows),
    ).toEqual([1, 2]);
    expect(
      [...splitCsv(rows.join('\n'), { maxRows: 100, maxChars: 40, maxImages: 9 })].map((p) => p.rows),
    ).toEqual([1, 2]);
    expect([...splitCsv('titulo,link\n', limits)]).toEqual([]);
  });
});

describe('cell encodings', () => {
  it('takes back exactly what neutraliseCell added', () => {
    for (const text of ['=1+1', "'já com aspas", "'=x", '-2', 'normal', '@a'])
      expect(restoreCell(neutraliseCell(text))).toBe(text);
  });

  it('reads back status and dates as written', () => {
    expect(decodeStatus(encodeStatus(false))).toBe(false);
    expect(decodeStatus(encodeStatus(true))).toBe(true);
    expect(decodeStatus('')).toBe(true);
    expect(decodeStatus('talvez')).toBeNull();
    const date = new Date('2026-03-04T05:06:07.089Z');
    expect(decodeDate(encodeDate(date))).toEqual(date);
    expect(decodeDate('31/01/2026')).toEqual(new Date('2026-01-31T12:00:00Z'));
    expect(decodeDate('')).toBeUndefined();
    expect(decodeDate('ontem')).toBeNull();
  });
});
