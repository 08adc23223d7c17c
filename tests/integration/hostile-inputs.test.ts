// Hostile input against every endpoint on this branch: each answer is a 4xx with a pt-BR message
// (never a 500) and rejected requests leave the database unchanged. Table-driven: a new endpoint joins
// by adding a row to ENDPOINTS.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as ads from '../../functions/advertisements.ts';
import * as categories from '../../functions/categories.ts';
import * as groupById from '../../functions/group-by-id.ts';
import * as engagement from '../../functions/group-engagement.ts';
import * as groups from '../../functions/groups.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';

type Module = Parameters<typeof callFunction>[0];
interface Endpoint {
  name: string;
  module: Module;
  method: 'GET' | 'POST';
  /** path with {x} where hostile text goes */
  path: string;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'category by slug', module: categories, method: 'GET', path: '/api/categories/{x}' },
  { name: 'group by id', module: groups, method: 'GET', path: '/api/groups/{x}' },
  { name: 'group related', module: groups, method: 'GET', path: '/api/groups/{x}/related' },
  { name: 'group by slug', module: groups, method: 'GET', path: '/api/groups/slug/{x}/{x}' },
  {
    name: 'group list by category',
    module: groups,
    method: 'GET',
    path: '/api/groups?category={x}&page={x}',
  },
  { name: 'group search', module: groups, method: 'GET', path: '/api/groups?search={x}&minCliques={x}' },
  { name: 'search cursor', module: groups, method: 'GET', path: '/api/groups?search=grupo&page=2&after={x}' },
  { name: 'group page by id', module: groupById, method: 'GET', path: '/grupo/{x}' },
  { name: 'group click', module: engagement, method: 'POST', path: '/api/groups/{x}/click' },
  { name: 'group share', module: engagement, method: 'POST', path: '/api/groups/{x}/share' },
  { name: 'ad click', module: ads, method: 'POST', path: '/api/advertisements/{x}/click' },
  { name: 'random ads', module: ads, method: 'GET', path: '/api/random-advertisements?count={x}' },
];

const PAYLOADS: Record<string, string> = {
  'invalid uuid': 'not-a-uuid',
  'sql injection': "1' OR '1'='1'; DROP TABLE groups; --",
  xss: '<script>alert(1)</script>',
  'path trick': '..%2F..%2Fetc%2Fpasswd',
  'very long': 'a'.repeat(5000),
  emoji: '😀👍🏽🇧🇷',
  rtl: '\u202Eمرحبا بالعالم',
  'null byte': '%00',
  'bad percent': '%E0%A4%A',
};

const BODIES: Record<string, { body: string; type: string }> = {
  'malformed json': { body: '{"platform": ', type: 'application/json' },
  'oversized body': { body: 'x'.repeat(200 * 1024), type: 'application/json' },
  'wrong content type': { body: '<xml/>', type: 'application/xml' },
  'malformed multipart': {
    body: '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
    type: 'multipart/form-data; boundary=yy',
  },
};

const PT_BR =
  /[ãõçáéíóúâêô]|inválid|não|Envie|grande|Recurso|Método|Dados|Grupo|Categoria|Anúncio|Limite|Página|Ordena|número/i;

// At the top level, not in beforeAll: setupTestDb registers the afterAll that drops the database.
const handle = await setupTestDb();
let groupId = '';

async function checksum(): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await handle.db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    ),
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const [row] = rowsOf<{ h: string | null }>(
      await handle.db.execute(
        sql.raw(`select md5(string_agg(t::text, '|' order by t::text)) as h from "${name}" t`),
      ),
    );
    parts.push(`${name}:${row?.h ?? ''}`);
  }
  return parts.join(',');
}

function expectClean4xx(res: Response, text: string, label: string) {
  expect(res.status, `${label}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label}: ${text.slice(0, 200)}`).toBeLessThan(500);
  if (res.headers.get('content-type')?.includes('json')) {
    const message = (JSON.parse(text) as { message?: string }).message ?? '';
    expect(message, label).toMatch(PT_BR);
  }
}

beforeAll(async () => {
  await seedDatabase(handle.db, { groups: 30, now: new Date('2026-11-01T12:00:00Z') });
  const [row] = rowsOf<{ id: string }>(
    await handle.db.execute(sql`select id from groups where approved limit 1`),
  );
  groupId = row?.id ?? '';
});

describe('hostile input never gives a 500 and never writes', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: hostile path and query values`, async () => {
      const before = await checksum();
      for (const [label, payload] of Object.entries(PAYLOADS)) {
        const value = /%/.test(payload) ? payload : encodeURIComponent(payload);
        const res = await callFunction(endpoint.module, endpoint.path.replaceAll('{x}', value), {
          method: endpoint.method,
        });
        const text = await res.text();
        // A search or list may legitimately answer 200 (an empty result) to odd text; never 5xx.
        expect(res.status, `${label}: ${text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expectClean4xx(res, text, label);
      }
      expect(await checksum()).toBe(before);
    });
  }

  it('bodies: malformed JSON, oversized, wrong type and malformed multipart are 4xx and write nothing', async () => {
    const before = await checksum();
    for (const [label, { body, type }] of Object.entries(BODIES)) {
      const res = await callFunction(engagement, `/api/groups/${groupId}/share`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      const text = await res.text();
      expectClean4xx(res, text, label);
    }
    expect(await checksum()).toBe(before);
  });
});
