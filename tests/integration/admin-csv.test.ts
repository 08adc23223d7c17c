// CSV import (good, bad, duplicate and malicious rows; streamed multipart; batches; pictures through
// the image pipeline from a fake picture host; parts of a big file) and export (the same format,
// formula escaping, a round trip that changes nothing).
import { parse } from 'csv-parse/sync';
import { eq, inArray, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, groups } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as groupsFn from '../../functions/admin-groups.ts';
import { CSV_HEADER, splitCsv } from '../../src/features/csv/csv.ts';
import { readImage } from '../../src/features/images/stored-images.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { setupTestDb } from '../support/db.ts';
import { type FakeImages, startFakeImages } from '../support/fake-images.ts';
import { callFunction } from '../support/functions.ts';
import { makeAccounts, signedIn, startBlobs } from './admin-support.ts';

const { db } = await setupTestDb();
let token: string;
let pictures: FakeImages;
let stopBlobs: () => Promise<void>;

beforeAll(async () => {
  await seedDatabase(db, { groups: 10, now: new Date('2026-06-01T12:00:00Z') });
  token = (await makeAccounts(db)).adminToken;
  pictures = await startFakeImages();
  stopBlobs = await startBlobs();
});
afterAll(async () => {
  await pictures.close();
  await stopBlobs();
  delete process.env.CSV_IMAGES_ALLOW_LOOPBACK;
  resetEnvForTests();
});

function upload(content: string | Uint8Array, filename = 'grupos.csv', field = 'csvFile', query = '') {
  const form = new FormData();
  form.set(field, new Blob([content as BlobPart], { type: 'text/csv' }), filename);
  return callFunction(
    groupsFn,
    `/api/admin/groups/import${query}`,
    signedIn(token, { method: 'POST', body: form }),
  );
}

interface ImportBody {
  results: {
    total: number;
    success: number;
    failed: number;
    failures: { row: number; error: string }[];
    warnings: { row: number; warning: string }[];
  };
  message: string;
}

async function exportCsv() {
  const res = await callFunction(groupsFn, '/api/admin/groups/export', signedIn(token));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer()).toString('utf8');
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
      'Repetido no Arquivo,,https://chat.whatsapp.com/ImportOk0001,,games',
      `Já Existe,,${existing!.link},,games`,
      'Imagem Maliciosa,../../etc/passwd,https://chat.whatsapp.com/ImportBad004,,games',
      'Script,javascript:alert(1).png,https://chat.whatsapp.com/ImportBad005,,games',
      'Categoria Inexistente,,https://chat.whatsapp.com/ImportBad006,,Nada Disso',
      '"=HYPERLINK(""http://x"")",,https://chat.whatsapp.com/ImportFormula7,"<script>alert(1)</script>",games',
      'Nul\u0000Byte,,https://chat.whatsapp.com/ImportNulByte8,,games',
      // Never dropped into some category: a row without one is refused, with its line.
      'Sem Categoria,,https://chat.whatsapp.com/ImportSemCat09,Um grupo sem categoria,  ',
    ].join('\r\n');
    const res = await upload(csv);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ImportBody;
    expect(body.results).toMatchObject({ total: 12, success: 6, failed: 6 });
    expect(body.results.failures).toEqual([
      { row: 4, error: 'Título é obrigatório' },
      {
        row: 5,
        error:
          'Link inválido: O link deve começar com https://chat.whatsapp.com/ (grupo) ou https://whatsapp.com/channel/ (canal)',
      },
      { row: 6, error: 'Link duplicado no arquivo (mesmo link da linha 2)' },
      { row: 7, error: 'Grupo duplicado: já existe um grupo com este link' },
      { row: 10, error: 'Categoria não encontrada: Nada Disso' },
      {
        row: 13,
        error: 'Categoria é obrigatória: informe o nome ou o slug de uma categoria cadastrada',
      },
    ]);
    // A picture that is neither ours nor an address is dropped; the row is imported without it.
    const notAddress = 'Imagem ignorada: informe um endereço http(s) da imagem ou deixe vazio';
    expect(body.results.warnings).toEqual([
      { row: 2, warning: notAddress },
      { row: 8, warning: notAddress },
      { row: 9, warning: notAddress },
    ]);
    expect(body.message).toBe('6 de 12 grupos importados; 6 linhas com erro');
    expect(await db.select().from(groups).where(eq(groups.inviteCode, 'ImportSemCat09'))).toHaveLength(0);

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
        inArray(groups.inviteCode, [
          'ImportOk0001',
          'ImportOk0002',
          'ImportBad004',
          'ImportBad005',
          'ImportFormula7',
          'ImportNulByte8',
        ]),
      );
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.image === null)).toBe(true);
    expect(rows.find((r) => r.link.endsWith('ImportOk0001'))).toMatchObject({
      title: 'Grupo Bom Um',
      description: 'Primeiro grupo importado',
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
    expect(rows.find((r) => r.link.endsWith('ImportNulByte8'))?.title).toBe('NulByte');
  });

  it('refuses a missing file, a non-CSV name and a file without the required columns', async () => {
    const noFile = await callFunction(
      groupsFn,
      '/api/admin/groups/import',
      signedIn(token, { method: 'POST', body: new FormData() }),
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
      message: 'O arquivo deve ter ao menos as colunas titulo, link e categoria',
    });

    const empty = await upload('');
    expect(empty.status).toBe(400);
  });

  it('streams a large file in chunks and reports broken quoting without losing earlier rows', async () => {
    const lines = ['titulo,imagem,link,categoria'];
    for (let i = 0; i < 300; i++)
      lines.push(`Grupo em Lote ${i},,https://chat.whatsapp.com/Lote${String(i).padStart(8, '0')},games`);
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

  it('answers 400 to a malformed or broken-off multipart body, and skips other fields', async () => {
    const raw = (body: string, type = 'multipart/form-data; boundary=XYZ') =>
      callFunction(
        groupsFn,
        '/api/admin/groups/import',
        signedIn(token, { method: 'POST', body, headers: { 'content-type': type } }),
      );
    const part = (name: string, filename: string, content: string) =>
      `--XYZ\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}`;
    const unreadable = 'Não foi possível ler o arquivo CSV. Verifique se ele está no formato correto.';

    const noBoundary = await raw('x', 'multipart/form-data');
    expect(noBoundary.status).toBe(400);
    expect(await noBoundary.json()).toMatchObject({ message: unreadable });

    // The body stops in the middle of the file: no closing boundary.
    const cut = await raw(part('csvFile', 'grupos.csv', 'titulo,link\nCortado,https://chat.whatsapp.'));
    expect(cut.status).toBe(400);
    expect(await cut.json()).toMatchObject({ message: unreadable });

    // Only the csvFile field is read; another file before it is skipped.
    const other = part('outro', 'a.csv', 'lixo\r\n');
    const file = part(
      'csvFile',
      'grupos.csv',
      'titulo,link,categoria\nCampo Certo,https://chat.whatsapp.com/CampoCerto1,games\r\n',
    );
    const ok = await raw(`${other}${file}--XYZ--\r\n`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as ImportBody).results).toMatchObject({ total: 1, success: 1 });

    const onlyOther = await raw(`${other}--XYZ--\r\n`);
    expect(onlyOther.status).toBe(400);
    expect(await onlyOther.json()).toMatchObject({
      message: 'Por favor, selecione um arquivo CSV para importar',
    });
  });

  it('refuses a file over 5MB with 413', async () => {
    const big = `titulo,imagem,link\n${'x'.repeat(5 * 1024 * 1024 + 10)}`;
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ message: 'O arquivo CSV pode ter no máximo 5MB' });
  });
});

describe('GET /api/admin/groups/export', () => {
  it('exports every group in the import format and neutralises formula cells', async () => {
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
    const res = await callFunction(groupsFn, '/api/admin/groups/export', signedIn(token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="grupos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // BOM: spreadsheets read UTF-8
    const text = bytes.toString('utf8');
    const records = parse(text, { bom: true }) as string[][];
    expect(records[0]).toEqual([
      'titulo',
      'descricao',
      'link',
      'categoria',
      'imagem',
      'status',
      'data_criacao',
      'tags',
    ]);
    const all = await db.select({ n: groups.id }).from(groups);
    expect(records).toHaveLength(all.length + 1);
    const titles = records.map((r) => r[0]);
    for (const title of dangerous) expect(titles).toContain(`'${title}`);
    const first = records.find((r) => r[0] === "'=1+1")!;
    expect(first[1]).toBe('\'=cmd|"/c calc"!A1');
    expect(first[5]).toBe('Pendente');
    expect(first[6]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const multi = records.find((r) => r[0] === "'+SUM(A1)")!;
    expect(multi[1]).toBe('Linha 1\nLinha 2, com vírgula e "aspas"');
    for (const record of records.slice(1))
      for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('pictures of imported groups', () => {
  it('downloads http(s) pictures through the image pipeline and drops the others with a warning', async () => {
    process.env.CSV_IMAGES_ALLOW_LOOPBACK = '1';
    resetEnvForTests();
    const [own] = await db
      .insert(groups)
      .values({
        title: 'Com imagem nossa',
        description: 'x',
        link: 'https://chat.whatsapp.com/JaTemImagem01',
        inviteCode: 'JaTemImagem01',
        categoryId: (await db.select().from(categories).limit(1))[0]!.id,
        titleSlug: 'com-imagem-nossa',
        image: '/api/images/0b5c3b4e-1f8a-4c1e-9a53-0d7c2a7f6e11.webp',
      })
      .returning();
    const u = pictures.url;
    const csv = [
      'categoria,titulo,link,imagem',
      `games,Foto PNG,https://chat.whatsapp.com/Imagem000001,${u}/foto.png`,
      `games,Foto JPEG,https://chat.whatsapp.com/Imagem000002,${u}/redireciona`,
      `games,Sumiu,https://chat.whatsapp.com/Imagem000003,${u}/nao-existe.png`,
      `games,Lenta,https://chat.whatsapp.com/Imagem000004,${u}/lenta.png`,
      `games,Texto,https://chat.whatsapp.com/Imagem000005,${u}/texto.png`,
      `games,Enorme,https://chat.whatsapp.com/Imagem000006,${u}/enorme.png`,
      `games,Nossa,https://chat.whatsapp.com/Imagem000007,${own!.image}`,
      'games,Rede interna,https://chat.whatsapp.com/Imagem000008,http://10.1.2.3/foto.png',
      'games,Antigo,https://chat.whatsapp.com/Imagem000009,/uploads/groups/foto.jpg',
      'games,Arquivo,https://chat.whatsapp.com/Imagem000010,file:///etc/passwd',
    ].join('\n');
    const res = await upload(csv);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ImportBody;
    expect(body.results).toMatchObject({ total: 10, success: 10, failed: 0, failures: [] });
    expect(body.results.warnings).toEqual([
      { row: 4, warning: 'Imagem ignorada: o endereço respondeu HTTP 404' },
      { row: 5, warning: 'Imagem ignorada: o servidor da imagem demorou demais para responder' },
      { row: 6, warning: 'Imagem ignorada: o arquivo não é uma imagem JPG, PNG ou GIF' },
      { row: 7, warning: 'Imagem ignorada: a imagem tem mais que 5MB' },
      { row: 9, warning: 'Imagem ignorada: endereço não permitido (rede interna ou local)' },
      { row: 10, warning: 'Imagem ignorada: informe um endereço http(s) da imagem ou deixe vazio' },
      { row: 11, warning: 'Imagem ignorada: informe um endereço http(s) da imagem ou deixe vazio' },
    ]);
    const rows = await db
      .select({ code: groups.inviteCode, image: groups.image })
      .from(groups)
      .where(like(groups.inviteCode, 'Imagem0000%'))
      .orderBy(groups.inviteCode);
    const image = Object.fromEntries(rows.map((r) => [r.code, r.image]));
    // Stored by the pipeline: served by the images function, re-encoded as WebP.
    for (const code of ['Imagem000001', 'Imagem000002']) {
      const key = /^\/api\/images\/([0-9a-f-]{36}\.webp)$/.exec(image[code] ?? '')?.[1];
      expect(key).toBeDefined();
      const stored = await readImage(key!);
      expect(await sharp(Buffer.from(stored!)).metadata()).toMatchObject({ format: 'webp' });
    }
    expect(image.Imagem000007).toBe(own!.image);
    for (const code of ['Imagem000003', 'Imagem000004', 'Imagem000005', 'Imagem000006', 'Imagem000008'])
      expect(image[code]).toBeNull();
    expect(image.Imagem000009).toBeNull();
    expect(pictures.requests).toContain('/foto.jpg'); // the redirect was followed
  });

  it('refuses loopback addresses unless local mode asks for them', async () => {
    delete process.env.CSV_IMAGES_ALLOW_LOOPBACK;
    resetEnvForTests();
    const before = pictures.requests.length;
    const res = await upload(
      `categoria,titulo,link,imagem\ngames,Local,https://chat.whatsapp.com/Loopback0001,${pictures.url}/foto.png\n` +
        'games,Localhost,https://chat.whatsapp.com/Loopback0002,http://localhost:1/foto.png\n',
    );
    const body = (await res.json()) as ImportBody;
    expect(body.results.success).toBe(2);
    expect(body.results.warnings).toEqual([
      { row: 2, warning: 'Imagem ignorada: endereço não permitido (rede interna ou local)' },
      { row: 3, warning: 'Imagem ignorada: endereço não permitido (rede interna ou local)' },
    ]);
    expect(pictures.requests.length).toBe(before);
  });
});

describe('big imports', () => {
  it('imports every row past 5,000 in one request and reports the bad ones after it', async () => {
    const lines = ['titulo,link,categoria'];
    for (let i = 0; i < 5003; i++)
      lines.push(`Muitos ${i},https://chat.whatsapp.com/Muitos${String(i).padStart(6, '0')},games`);
    lines.push('Depois do limite,https://exemplo.com/nada,games');
    lines.push(',https://chat.whatsapp.com/MuitosSemTitulo,games');
    const res = await upload(lines.join('\n'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as ImportBody;
    expect(body.results).toMatchObject({ total: 5005, success: 5003, failed: 2 });
    expect(body.results.failures).toEqual([
      {
        row: 5005,
        error:
          'Link inválido: O link deve começar com https://chat.whatsapp.com/ (grupo) ou https://whatsapp.com/channel/ (canal)',
      },
      { row: 5006, error: 'Título é obrigatório' },
    ]);
    const [n] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(groups)
      .where(like(groups.inviteCode, 'Muitos%'));
    expect(n!.n).toBe(5003);
  }, 180_000);

  it('imports a file sent in parts with the line numbers of the whole file', async () => {
    const lines = ['Titulo,Link,Descricao,Categoria'];
    for (let i = 0; i < 25; i++) {
      if (i === 7) lines.push(`Parte ${i},https://chat.whatsapp.com/Partes${i}XYZ,"duas\nlinhas",games`);
      else if (i % 10 === 9) lines.push(`,https://chat.whatsapp.com/Partes${i}XYZ,sem título,games`);
      else lines.push(`Parte ${i},https://chat.whatsapp.com/Partes${i}XYZ,ok,games`);
    }
    lines.push('', 'Repetido,https://chat.whatsapp.com/Partes0XYZ,de novo,games');
    const parts = [...splitCsv(lines.join('\r\n'), { maxRows: 10, maxChars: 100_000, maxImages: 5 })];
    expect(parts.map((p) => p.rows)).toEqual([10, 10, 6]);
    const failures: { row: number; error: string }[] = [];
    let success = 0;
    for (const part of parts) {
      const res = await upload(part.text, 'grupos.csv', 'csvFile', `?lineOffset=${part.lineOffset}`);
      const body = (await res.json()) as ImportBody;
      failures.push(...body.results.failures);
      success += body.results.success;
    }
    expect(success).toBe(23);
    // Line 12 is row 9 (the record of 'Parte 7' takes two lines); the last is after a blank line.
    expect(failures).toEqual([
      { row: 12, error: 'Título é obrigatório' },
      { row: 22, error: 'Título é obrigatório' },
      { row: 29, error: 'Grupo duplicado: já existe um grupo com este link' },
    ]);
    // The first part sent again as a retry (its answer lost): what it wrote counts as imported.
    const again = (await (
      await upload(parts[0]!.text, 'grupos.csv', 'csvFile', `?lineOffset=${parts[0]!.lineOffset}&retry=1`)
    ).json()) as ImportBody;
    expect(again.results).toMatchObject({ total: 10, success: 9, failed: 1 });
    expect(again.results.failures).toEqual([{ row: 12, error: 'Título é obrigatório' }]);
    const [two] = await db.select().from(groups).where(eq(groups.inviteCode, 'Partes7XYZ'));
    expect(two!.description).toBe('duas\nlinhas');
  });

  it('keeps the good rows of a batch the database refuses, and leaves nothing of that batch twice', async () => {
    await db.execute(sql`
      create or replace function csv_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.title = 'Recusado pelo banco' then raise exception 'recusado'; end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger csv_test_refuse before insert on groups for each row execute function csv_test_refuse()`,
    );
    try {
      const lines = ['titulo,link,categoria'];
      for (let i = 0; i < 6; i++)
        lines.push(
          `${i === 3 ? 'Recusado pelo banco' : `Lote ${i}`},https://chat.whatsapp.com/Recusa${i}ABCD,games`,
        );
      const body = (await (await upload(lines.join('\n'))).json()) as ImportBody;
      expect(body.results).toMatchObject({ total: 6, success: 5, failed: 1 });
      expect(body.results.failures).toEqual([{ row: 5, error: 'Não foi possível gravar esta linha' }]);
      const rows = await db.select().from(groups).where(like(groups.inviteCode, 'Recusa%'));
      expect(rows.map((r) => r.title).sort()).toEqual(['Lote 0', 'Lote 1', 'Lote 2', 'Lote 4', 'Lote 5']);
    } finally {
      await db.execute(sql`drop trigger csv_test_refuse on groups`);
      await db.execute(sql`drop function csv_test_refuse()`);
    }
  });
});

describe('round trip', () => {
  it('export → import into an empty catalogue → export gives the same file', async () => {
    const [category] = await db.select().from(categories).limit(1);
    await db.insert(groups).values([
      {
        title: "'Aspas' e =fórmula",
        description: 'Várias\nlinhas, "aspas" e vírgulas',
        link: 'https://chat.whatsapp.com/IdaEVolta0001',
        inviteCode: 'IdaEVolta0001',
        categoryId: category!.id,
        titleSlug: 'ida-e-volta-1',
        image: '/api/images/0b5c3b4e-1f8a-4c1e-9a53-0d7c2a7f6e11.webp',
        approved: false,
      },
      {
        title: '-menos no começo',
        description: '@arroba',
        link: 'https://chat.whatsapp.com/IdaEVolta0002',
        inviteCode: 'IdaEVolta0002',
        categoryId: category!.id,
        titleSlug: 'ida-e-volta-2',
        createdAt: new Date('2026-06-01T12:00:00.123Z'),
      },
    ]);
    // Two groups in the same millisecond, apart in microseconds (which the file cannot carry), with
    // their links in the other order: the round trip must not swap them.
    await db.execute(
      sql`update groups set created_at = '2026-06-01T12:00:00.123100Z' where invite_code = 'IdaEVolta0001'`,
    );
    await db.execute(
      sql`update groups set created_at = '2026-06-01T12:00:00.123900Z' where invite_code = 'IdaEVolta0002'`,
    );
    // Titles with control characters exist only when written straight to the database (the export
    // test above does): every way in, the import included, cleans them.
    await db.delete(groups).where(sql`${groups.title} ~ '[[:cntrl:]]'`);
    // The rows of the 5,000-row test make this one slow and add nothing to it.
    await db.delete(groups).where(like(groups.inviteCode, 'Muitos%'));
    const first = await exportCsv();
    const count = parse(first, { bom: true }).length - 1;
    expect(count).toBeGreaterThan(30);
    await db.delete(groups);

    const res = await upload(first);
    const body = (await res.json()) as ImportBody;
    expect(body.results).toMatchObject({ total: count, success: count, failed: 0, failures: [] });
    expect(body.results.warnings).toEqual([]);
    const second = await exportCsv();
    expect(second).toBe(first);
    expect((parse(second, { bom: true }) as string[][])[0]).toEqual(CSV_HEADER);
  }, 120_000);
});
