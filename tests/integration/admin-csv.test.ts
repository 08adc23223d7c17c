// CSV import (good, bad, duplicate and malicious rows; streamed multipart) and export (formula escaping).
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, groups } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as groupsFn from '../../functions/admin-groups.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { bearer, makeAccounts } from './admin-support.ts';

const { db } = await setupTestDb();
let token: string;

beforeAll(async () => {
  await seedDatabase(db, { groups: 10, now: new Date('2026-06-01T12:00:00Z') });
  token = (await makeAccounts(db)).adminToken;
});

function upload(content: string | Uint8Array, filename = 'grupos.csv', field = 'csvFile') {
  const form = new FormData();
  form.set(field, new Blob([content as BlobPart], { type: 'text/csv' }), filename);
  return callFunction(groupsFn, '/api/admin/groups/import', bearer(token, { method: 'POST', body: form }));
}

interface ImportBody {
  results: { total: number; success: number; failed: number; failures: { row: number; error: string }[] };
  message: string;
}

describe('POST /api/admin/groups/import', () => {
  it('keeps the valid rows and reports each bad, duplicate or malicious row by line', async () => {
    const [existing] = await db.select().from(groups).limit(1);
    const csv = [
      'Titulo,Imagem,Link,Descrição,Categoria',
      'Grupo Bom Um,foto-1.jpg,https://chat.whatsapp.com/ImportOk0001,Primeiro grupo importado,Esportes',
      'Grupo Bom Dois,,http://www.chat.whatsapp.com/ImportOk0002/?utm=x,,games',
      ',foto.jpg,https://chat.whatsapp.com/SemTitulo001,,',
      'Link Errado,,https://evil.example/ImportOk0003,,',
      'Repetido no Arquivo,,https://chat.whatsapp.com/ImportOk0001,,',
      `Já Existe,,${existing!.link},,`,
      'Imagem Maliciosa,../../etc/passwd,https://chat.whatsapp.com/ImportBad004,,',
      'Script,javascript:alert(1).png,https://chat.whatsapp.com/ImportBad005,,',
      'Categoria Inexistente,,https://chat.whatsapp.com/ImportBad006,,Nada Disso',
      '"=HYPERLINK(""http://x"")",,https://chat.whatsapp.com/ImportFormula7,"<script>alert(1)</script>",',
      'Nul\u0000Byte,,https://chat.whatsapp.com/ImportNulByte8,,',
    ].join('\r\n');
    const res = await upload(csv);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ImportBody;
    expect(body.results).toMatchObject({ total: 11, success: 4, failed: 7 });
    expect(body.results.failures).toEqual([
      { row: 4, error: 'Título é obrigatório' },
      {
        row: 5,
        error:
          'Link inválido: O link deve começar com https://chat.whatsapp.com/ (grupo) ou https://whatsapp.com/channel/ (canal)',
      },
      { row: 6, error: 'Link duplicado no arquivo (mesmo link da linha 2)' },
      { row: 7, error: 'Grupo duplicado: já existe um grupo com este link' },
      { row: 8, error: 'Imagem inválida: informe só o nome do arquivo (.jpg, .png, .webp ou .gif)' },
      { row: 9, error: 'Imagem inválida: informe só o nome do arquivo (.jpg, .png, .webp ou .gif)' },
      { row: 10, error: 'Categoria não encontrada: Nada Disso' },
    ]);
    expect(body.message).toBe('4 de 11 grupo(s) importado(s); 7 linha(s) com erro');

    const rows = await db
      .select({
        title: groups.title,
        description: groups.description,
        link: groups.link,
        image: groups.image,
        approved: groups.approved,
        category: categories.name,
      })
      .from(groups)
      .innerJoin(categories, eq(categories.id, groups.categoryId))
      .where(
        inArray(groups.inviteCode, ['ImportOk0001', 'ImportOk0002', 'ImportFormula7', 'ImportNulByte8']),
      );
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.link.endsWith('ImportOk0001'))).toMatchObject({
      title: 'Grupo Bom Um',
      description: 'Primeiro grupo importado',
      image: '/uploads/groups/foto-1.jpg',
      approved: true,
      category: 'Esportes',
    });
    // Missing description falls back to the title; category matched by slug; link normalised.
    expect(rows.find((r) => r.link === 'https://chat.whatsapp.com/ImportOk0002')).toMatchObject({
      title: 'Grupo Bom Dois',
      description: 'Grupo Bom Dois',
      category: 'Games',
    });
    // Text is stored as text (pages escape it; the export neutralises formulas); NUL never reaches the db.
    expect(rows.find((r) => r.link.endsWith('ImportFormula7'))?.title).toBe('=HYPERLINK("http://x")');
    expect(rows.find((r) => r.link.endsWith('ImportNulByte8'))?.title).toBe('Nul Byte');
  });

  it('refuses a missing file, a non-CSV name and a file without the required columns', async () => {
    const noFile = await callFunction(
      groupsFn,
      '/api/admin/groups/import',
      bearer(token, { method: 'POST', body: new FormData() }),
    );
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({
      message: 'Por favor, selecione um arquivo CSV para importar',
    });

    const wrongName = await upload('titulo,imagem,link\n', 'grupos.xlsx');
    expect(wrongName.status).toBe(415);
    expect(await wrongName.json()).toMatchObject({ message: 'Por favor, selecione um arquivo CSV' });

    const columns = await upload('nome,url\nA,https://chat.whatsapp.com/AAAAAAAAAA\n');
    expect(columns.status).toBe(400);
    expect(await columns.json()).toMatchObject({
      message: 'O arquivo deve ter as colunas titulo, imagem e link',
    });

    const empty = await upload('');
    expect(empty.status).toBe(400);
  });

  it('streams a large file in chunks and reports broken quoting without losing earlier rows', async () => {
    const lines = ['titulo,imagem,link'];
    for (let i = 0; i < 300; i++)
      lines.push(`Grupo em Lote ${i},,https://chat.whatsapp.com/Lote${String(i).padStart(8, '0')}`);
    lines.push('"Aspas sem fim,,https://chat.whatsapp.com/QuebradoXYZ1');
    const res = await upload(lines.join('\n'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as ImportBody;
    expect(body.results.success).toBe(300);
    expect(body.results.failures).toHaveLength(1);
    expect(body.results.failures[0]!.error).toBe(
      'Não foi possível ler o arquivo CSV. Verifique se ele está no formato correto.',
    );
  });

  it('refuses a file over 5MB with 413', async () => {
    const big = `titulo,imagem,link\n${'x'.repeat(5 * 1024 * 1024 + 10)}`;
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ message: 'O arquivo CSV pode ter no máximo 5MB' });
  });
});

describe('GET /api/admin/groups/export', () => {
  it('exports every group with the six columns and neutralises formula cells', async () => {
    const [category] = await db.select().from(categories).limit(1);
    const dangerous = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTab', '\rCR'];
    for (const [i, title] of dangerous.entries()) {
      await db.insert(groups).values({
        title,
        description: i === 0 ? '=cmd|"/c calc"!A1' : 'Linha 1\nLinha 2, com vírgula e "aspas"',
        link: `https://chat.whatsapp.com/Formula${i}XYZW`,
        inviteCode: `Formula${i}XYZW`,
        categoryId: category!.id,
        titleSlug: `formula-${i}`,
      });
    }
    const res = await callFunction(groupsFn, '/api/admin/groups/export', bearer(token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="grupos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // BOM: spreadsheets read UTF-8
    const text = bytes.toString('utf8');
    const records = parse(text, { bom: true }) as string[][];
    expect(records[0]).toEqual(['titulo', 'descricao', 'link', 'categoria', 'status', 'data_criacao']);
    const all = await db.select({ n: groups.id }).from(groups);
    expect(records).toHaveLength(all.length + 1);
    const titles = records.map((r) => r[0]);
    for (const title of dangerous) expect(titles).toContain(`'${title}`);
    const first = records.find((r) => r[0] === "'=1+1")!;
    expect(first[1]).toBe('\'=cmd|"/c calc"!A1');
    expect(first[4]).toBe('Pendente');
    expect(first[5]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const multi = records.find((r) => r[0] === "'+SUM(A1)")!;
    expect(multi[1]).toBe('Linha 1\nLinha 2, com vírgula e "aspas"');
    for (const record of records.slice(1))
      for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
