// What the code relies on from the database driver, asserted directly on each one the project runs on
// (PGlite; with TEST_DATABASE_URL, pg and the Neon driver too). The Neon pass of the integration project
// runs this file and a few features that lean on the same things end to end (vitest.config.ts): a
// difference between drivers fails here, named, before it shows up as a feature's odd bug.
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { isUniqueViolation } from '../../src/lib/db-errors.ts';
import { setupTestDb } from '../support/db.ts';

const { db, driver } = await setupTestDb();
await db.execute(sql`
  create table driver_probe (
    id int primary key,
    name text constraint driver_probe_name_key unique,
    n int not null default 0
  )`);

/** Two gates a test opens by hand: one transaction says it holds its row, the test lets it go on. */
function gates() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  return { release, released, locked, isLocked };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const probe = async () =>
  rowsOf<{ id: number; name: string | null; n: number }>(
    await db.execute(sql`select id, name, n from driver_probe order by id`),
  );

beforeEach(async () => {
  await db.execute(sql`delete from driver_probe where true`);
  await db.execute(sql`insert into driver_probe (id, n) values (1, 0), (2, 0)`);
});

describe(`the ${driver} driver`, () => {
  it('reads raw rows back as rowsOf expects, with the types the queries cast to', async () => {
    const [row] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select 7::int as "int", count(*)::int as "count", 2.5::float8 as "float",
          true as "bool", 'texto'::text as "text", array['a', 'b']::text[] as "texts",
          '{"a": [1]}'::jsonb as "json", timestamptz '2026-03-10 12:00:00+00' as "at",
          null::text as "none"
        from driver_probe`),
    );
    // A raw timestamp is a Date on one driver and Postgres's text on another: readers take it through
    // new Date(), which gives the same instant from both.
    expect(new Date(row!.at as string).toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect({ ...row, at: undefined }).toEqual({
      int: 7,
      count: 2,
      float: 2.5,
      bool: true,
      text: 'texto',
      texts: ['a', 'b'],
      json: { a: [1] },
      at: undefined,
      none: null,
    });
  });

  it('rolls a transaction back whole when it throws, and the error reaches the caller', async () => {
    const failed = db.transaction(async (tx) => {
      await tx.execute(sql`update driver_probe set n = 5 where id = 1`);
      await tx.execute(sql`insert into driver_probe (id) values (3)`);
      throw new Error('no meio');
    });
    await expect(failed).rejects.toThrow('no meio');
    expect(await probe()).toEqual([
      { id: 1, name: null, n: 0 },
      { id: 2, name: null, n: 0 },
    ]);
  });

  it("raises the unique violation with its code and constraint (db-errors.ts), and the transaction's writes go", async () => {
    await db.execute(sql`update driver_probe set name = 'tomado' where id = 1`);
    const error = await db
      .transaction(async (tx) => {
        await tx.execute(sql`update driver_probe set n = 9 where id = 2`);
        await tx.execute(sql`update driver_probe set name = 'tomado' where id = 2`);
      })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(isUniqueViolation(error, 'driver_probe_name_key')).toBe(true);
    expect(isUniqueViolation(error, 'another_constraint')).toBe(false);
    expect((await probe())[1]).toEqual({ id: 2, name: null, n: 0 });
  });

  it('makes a second transaction wait for a row another holds (select … for update)', async () => {
    const order: string[] = [];
    const { release, released, locked, isLocked } = gates();
    const first = db.transaction(async (tx) => {
      await tx.execute(sql`select id from driver_probe where id = 1 for update`);
      locked();
      await released;
      await tx.execute(sql`update driver_probe set n = n + 1 where id = 1`);
      order.push('first');
    });
    await isLocked;
    const second = db.transaction(async (tx) => {
      await tx.execute(sql`update driver_probe set n = n * 10 where id = 1`);
      order.push('second');
    });
    await wait(150);
    expect(order).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect((await probe())[0]!.n).toBe(10);
  });

  // PGlite runs one transaction at a time: a second one cannot start while the first holds its rows.
  it.skipIf(driver === 'pglite')(
    'lets another transaction skip the rows one holds (for update skip locked: the queues)',
    async () => {
      const { release, released, locked, isLocked } = gates();
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`select id from driver_probe where id = 1 for update`);
        locked();
        await released;
      });
      await isLocked;
      const next = await db.transaction(async (tx) =>
        rowsOf<{ id: number }>(
          await tx.execute(sql`select id from driver_probe order by id for update skip locked limit 1`),
        ),
      );
      release();
      await holder;
      expect(next).toEqual([{ id: 2 }]);
    },
  );

  it('serialises concurrent read-modify-writes under a transaction advisory lock, across the pool', async () => {
    const bump = () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
        const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select n from driver_probe where id = 2`));
        // Without the lock, the others would read the same n meanwhile and their writes would be lost.
        await wait(10);
        await tx.execute(sql`update driver_probe set n = ${row!.n + 1} where id = 2`);
      });
    await Promise.all(Array.from({ length: 8 }, bump));
    expect((await probe())[1]!.n).toBe(8);
  });

  it('answers many concurrent statements and transactions on one pool, each its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 3 === 0
          ? db.transaction(async (tx) =>
              Number(rowsOf<{ v: number }>(await tx.execute(sql`select ${i}::int as v`))[0]!.v),
            )
          : db.execute(sql`select ${i}::int as v`).then((r) => Number(rowsOf<{ v: number }>(r)[0]!.v)),
      ),
    );
    expect(results).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });
});
