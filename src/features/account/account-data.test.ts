// The export and the privacy inventory hold every table about people (LGPD art. 18, #41 item 5): this
// reads db/schema.ts and finds each table with a user id (a column referencing users) or an e-mail
// column; each must be in the export (EXPORTED_TABLES) or left out with a reason (NOT_EXPORTED), and be
// described in the privacy inventory (or in its list of tables without personal data, with why).
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '#db/schema.ts';
import { DATA_INVENTORY, NO_PERSONAL_DATA } from '#src/features/privacy/data-inventory.ts';
import { EXPORTED_TABLES, NOT_EXPORTED } from './account-data.ts';

const EMAIL_COLUMN = /(^|_)(email|e_mail|recipient)(_|$)/;

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

/** Tables naming a person: a foreign key to users, a column called user_id, or an e-mail column. */
const personal = tables
  .filter(
    (config) =>
      config.name === 'users' ||
      config.foreignKeys.some((fk) => getTableConfig(fk.reference().foreignTable).name === 'users') ||
      config.columns.some((column) => column.name === 'user_id' || EMAIL_COLUMN.test(column.name)),
  )
  .map((config) => config.name)
  .sort();

describe('the data export and the inventory hold every table about people', () => {
  it('finds the tables that name a person (the walk itself works)', () => {
    expect(personal).toEqual(
      expect.arrayContaining([
        'users',
        'groups',
        'feature_orders',
        'mail_outbox',
        'group_claims',
        'renewal_reminders',
        'order_refunds',
        'legal_notices',
        'user_email_history',
      ]),
    );
    expect(personal).not.toContain('categories');
  });

  it('exports each one, or says why not', () => {
    const undecided = personal.filter((name) => !(name in EXPORTED_TABLES) && !(name in NOT_EXPORTED));
    expect(undecided, 'add these tables to EXPORTED_TABLES (and the export) or NOT_EXPORTED').toEqual([]);
    for (const [name, why] of Object.entries(NOT_EXPORTED)) expect(why.length, name).toBeGreaterThan(20);
  });

  it('describes each one in the privacy inventory, or says there why it holds no personal data', () => {
    const described = DATA_INVENTORY.flatMap((row) => row.tables);
    const missing = personal.filter((name) => !described.includes(name) && !(name in NO_PERSONAL_DATA));
    expect(missing, 'add these tables to DATA_INVENTORY').toEqual([]);
  });

  it('names only tables of the schema, each in one list', () => {
    const names = tables.map((config) => config.name);
    const listed = [...Object.keys(EXPORTED_TABLES), ...Object.keys(NOT_EXPORTED)];
    expect(listed.filter((name) => !names.includes(name))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });
});
