import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { groupReports, groups, rateLimitBuckets, rebuildRequests } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as reportsFn from '../../functions/group-reports.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';

const { db } = await setupTestDb();
let groupId = '';

beforeAll(async () => {
  await seedDatabase(db, { groups: 10, now: new Date('2026-06-01T12:00:00Z') });
  const [g] = await db.select().from(groups).where(eq(groups.approved, true)).limit(1);
  groupId = g!.id;
});
beforeEach(async () => {
  await db.delete(rateLimitBuckets);
});

function report(body: unknown, ip = '203.0.113.10', id = groupId, headers: Record<string, string> = {}) {
  return callFunction(reportsFn, `/api/groups/${id}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'test', ...headers },
    body: JSON.stringify(body),
    ip,
  });
}

describe('POST /api/groups/:id/reports', () => {
  it('validates reason and description with the spec messages', async () => {
    const cases: [unknown, string, string][] = [
      [{ description: 'texto longo' }, 'reason', 'Motivo do reporte é obrigatório'],
      [{ reason: 'boring', description: 'texto longo' }, 'reason', 'Motivo inválido'],
      [
        { reason: 'spam', description: 'curt' },
        'description',
        'Forneça uma descrição com pelo menos 5 caracteres',
      ],
      [
        { reason: 'spam', description: 'x'.repeat(501) },
        'description',
        'A descrição deve ter no máximo 500 caracteres',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await report(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields[field]).toBe(message);
    }
    expect(
      (
        await report(
          { reason: 'spam', description: 'um texto' },
          undefined,
          '00000000-0000-4000-8000-000000000000',
        )
      ).status,
    ).toBe(404);
  });

  it('accepts one report per visitor per group per day, storing no raw IP', async () => {
    const first = await report({ reason: 'spam', description: 'Só propaganda' }, '203.0.113.20');
    expect(first.status).toBe(201);
    const again = await report({ reason: 'other', description: 'De novo aqui' }, '203.0.113.20');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      'Você já denunciou este grupo hoje. Obrigado!',
    );
    const rows = await db.select().from(groupReports).where(eq(groupReports.groupId, groupId));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
  });

  it('hides the group after N distinct scam/illegal reports and requests a rebuild', async () => {
    process.env.REPORT_HIDE_THRESHOLD = '2';
    try {
      const before = (await db.select().from(rebuildRequests)).length;
      const r1 = await report({ reason: 'scam', description: 'Pede pix adiantado' }, '203.0.113.31');
      expect(((await r1.json()) as { hidden: boolean }).hidden).toBe(false);
      let [g] = await db.select().from(groups).where(eq(groups.id, groupId));
      expect(g!.hiddenAt).toBeNull();
      const r2 = await report({ reason: 'illegal', description: 'Venda de drogas' }, '203.0.113.32');
      expect(r2.status).toBe(201);
      expect(((await r2.json()) as { hidden: boolean }).hidden).toBe(true);
      [g] = await db.select().from(groups).where(eq(groups.id, groupId));
      expect(g!.hiddenAt).not.toBeNull();
      expect((await db.select().from(rebuildRequests)).length).toBe(before + 1);
    } finally {
      delete process.env.REPORT_HIDE_THRESHOLD;
    }
  });

  it('refuses a report from a foreign Origin', async () => {
    const res = await report({ reason: 'spam', description: 'Só propaganda' }, '203.0.113.40', groupId, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });
});
