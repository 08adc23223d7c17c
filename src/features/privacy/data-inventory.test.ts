// Every table of db/schema.ts must be described: in the privacy inventory (what it keeps, why, how long,
// who receives it) or in the list of tables without personal data. A new table fails here until someone
// decides which, so /privacidade never drifts from the schema.
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '#db/schema.ts';
import { SESSION_DAYS } from '#src/features/auth/session.server.ts';
import { COOKIES, DATA_INVENTORY, LEGAL_BASES, NO_PERSONAL_DATA, RECIPIENTS } from './data-inventory.ts';
import { ENGAGEMENT_KEEP_DAYS, MAIL_KEEP_DAYS } from './retention.ts';

const schemaTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table).name)
  .sort();
const bound = DATA_INVENTORY.flatMap((row) => row.tables);

describe('the privacy inventory', () => {
  it('finds the schema’s tables (the walk itself works)', () => {
    expect(schemaTables).toEqual(
      expect.arrayContaining(['users', 'groups', 'feature_orders', 'mail_outbox']),
    );
    expect(schemaTables.length).toBeGreaterThanOrEqual(20);
  });

  it('describes every table of db/schema.ts, or says why it holds no personal data', () => {
    const undecided = schemaTables.filter((name) => !bound.includes(name) && !(name in NO_PERSONAL_DATA));
    expect(undecided, 'add these tables to DATA_INVENTORY or NO_PERSONAL_DATA').toEqual([]);
  });

  it('names only tables that exist, each once', () => {
    const listed = [...bound, ...Object.keys(NO_PERSONAL_DATA)];
    expect(
      listed.filter((name) => !schemaTables.includes(name)),
      'stale names',
    ).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('gives every row its data, purpose, legal basis, retention and recipients', () => {
    for (const row of DATA_INVENTORY) {
      expect(row.data.length, row.name).toBeGreaterThan(10);
      expect(row.purpose.length, row.name).toBeGreaterThan(10);
      expect(row.retention.length, row.name).toBeGreaterThan(5);
      expect(row.basis.length, row.name).toBeGreaterThan(0);
      for (const basis of row.basis) expect(LEGAL_BASES[basis], row.name).toMatch(/art\. 7º/);
      expect(row.recipients.length, row.name).toBeGreaterThan(0);
      for (const to of row.recipients) expect(RECIPIENTS[to], row.name).toBeTruthy();
    }
  });

  it('prints the periods the code enforces', () => {
    const retention = (table: string) => DATA_INVENTORY.find((row) => row.tables.includes(table))!.retention;
    expect(retention('revoked_sessions')).toContain(`${SESSION_DAYS} dias`);
    expect(retention('engagement_events')).toContain(`${ENGAGEMENT_KEEP_DAYS} dias`);
    expect(retention('mail_outbox')).toContain(`${MAIL_KEEP_DAYS} dias`);
    expect(retention('access_logs')).toContain('6 meses');
    expect(COOKIES.map((c) => c.lifetime)).toEqual([`${SESSION_DAYS} dias`, `${SESSION_DAYS} dias`]);
  });
});
