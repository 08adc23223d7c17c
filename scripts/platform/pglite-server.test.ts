// The local platform's PGlite server: many connections (pooled clients in several processes) share one
// PGlite session without seeing each other's statements, transactions or errors.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client.ts';
import { buildDatabaseUrl, type PgliteServer, servePglite } from './pglite-server.ts';

let db: Awaited<ReturnType<typeof openPglite>>;
let server: PgliteServer;
let url = '';

const dataDir = mkdtempSync(path.join(tmpdir(), 'wa-pglite-server-'));

beforeAll(async () => {
  // On disk, as the platform's: writing to the file system lets other connections' messages in.
  db = await openPglite({ dataDir });
  await db.exec(
    'create table notes (id int primary key, body text not null); create table log (n int, m int)',
  );
  server = await servePglite(db);
  url = `postgres://postgres:postgres@${server.address}/postgres?sslmode=disable`;
}, 60_000); // opening PGlite on disk takes seconds while the integration files run beside it

afterAll(async () => {
  await server?.stop();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One protocol message: a type byte, its length, its body. */
function message(type: string, ...body: Buffer[]) {
  const content = Buffer.concat(body);
  return Buffer.concat([Buffer.from(type), int32(4 + content.length), content]);
}
const cstring = (text: string) => Buffer.from(`${text}\0`);
const int16 = (n: number) => Buffer.from([(n >> 8) & 255, n & 255]);
function int32(n: number) {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(n);
  return buffer;
}

/** A connection that speaks the protocol by hand, so the test decides when each message is sent. */
async function rawConnection(address: string) {
  const [host, port] = address.split(':');
  const socket = connect(Number(port), host);
  await once(socket, 'connect');
  let received = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
  });
  /** The messages received up to the next ReadyForQuery. */
  async function untilReady() {
    for (;;) {
      const replies: { type: string; body: Buffer }[] = [];
      for (let at = 0; at + 5 <= received.length; ) {
        const length = received.readInt32BE(at + 1);
        if (at + 1 + length > received.length) break;
        const type = String.fromCharCode(received[at] as number);
        replies.push({ type, body: received.subarray(at + 5, at + 1 + length) });
        at += 1 + length;
        if (type === 'Z') {
          received = received.subarray(at);
          return replies;
        }
      }
      await once(socket, 'data');
    }
  }
  const user = Buffer.concat([
    cstring('user'),
    cstring('postgres'),
    cstring('database'),
    cstring('postgres'),
  ]);
  const startup = Buffer.concat([int32(196608), user, Buffer.from([0])]);
  socket.write(Buffer.concat([int32(4 + startup.length), startup]));
  await untilReady();
  return { send: (data: Buffer) => socket.write(data), untilReady, close: () => socket.destroy() };
}

describe('PGlite server', () => {
  it("keeps one connection's Parse, Bind and Sync together while another connection queries", async () => {
    const a = await rawConnection(server.address);
    const b = new pg.Client(url);
    await b.connect();
    try {
      // A client's messages may arrive apart (a busy process, a slow network): A parses, B runs a
      // whole query with two parameters, then A binds its one parameter to the unnamed statement.
      a.send(message('P', cstring(''), cstring('select $1::text as a'), int16(0)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const bAnswer = b.query('select $1::int + $2::int as b', [1, 2]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      a.send(
        Buffer.concat([
          message('B', cstring(''), cstring(''), int16(0), int16(1), int32(1), Buffer.from('x'), int16(0)),
          message('E', cstring(''), int32(0)),
          message('S'),
        ]),
      );
      const replies = await a.untilReady();
      expect(replies.filter((r) => r.type === 'E').map((r) => r.body.toString())).toEqual([]);
      expect(replies.filter((r) => r.type === 'D').map((r) => r.body.subarray(6).toString())).toEqual(['x']);
      expect((await bAnswer).rows).toEqual([{ b: 3 }]);
    } finally {
      a.close();
      await b.end();
    }
  });

  it('keeps a transaction to its connection: others wait, and see it only once committed', async () => {
    const a = new pg.Client(url);
    const b = new pg.Client(url);
    await Promise.all([a.connect(), b.connect()]);
    try {
      await a.query('begin');
      await a.query('insert into notes values (1, $1)', ['em andamento']);
      const seenByB = b.query('select count(*)::int as n from notes');
      await new Promise((resolve) => setTimeout(resolve, 50));
      await a.query('commit');
      expect((await seenByB).rows[0].n).toBe(1);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('rolls back what a connection leaves open, and recovers from a failed statement', async () => {
    const quitter = new pg.Client(url);
    quitter.on('error', () => {}); // its connection is cut below, on purpose
    await quitter.connect();
    await quitter.query('begin');
    await quitter.query('insert into notes values (2, $1)', ['abandonada']);
    quitter.connection.stream.destroy(); // gone without commit or Terminate
    await new Promise((resolve) => setTimeout(resolve, 50));

    const client = new pg.Client(url);
    await client.connect();
    try {
      await expect(client.query('select * from nowhere where id = $1', [1])).rejects.toThrow(/nowhere/);
      const { rows } = await client.query('select id from notes order by id');
      expect(rows).toEqual([{ id: 1 }]);
    } finally {
      await client.end();
    }
  });

  it("keeps each connection's session settings to itself: one client's SET never reaches another", async () => {
    const dumper = new pg.Client(url);
    const api = new pg.Client(url);
    await Promise.all([dumper.connect(), api.connect()]);
    try {
      const before = (await api.query('show search_path')).rows[0].search_path;
      // What pg_dump does first, then a statement of each kind in turn.
      await dumper.query("select pg_catalog.set_config('search_path', '', false)");
      await dumper.query("SET statement_timeout = '7s'");
      expect((await api.query('show search_path')).rows[0].search_path).toBe(before);
      expect((await api.query('show statement_timeout')).rows[0].statement_timeout).toBe('0');
      // An unqualified table still resolves for the other client, with parameters (extended protocol) too.
      expect((await api.query('select count(*)::int as n from notes where id > $1', [0])).rows).toHaveLength(
        1,
      );
      // The client that set them keeps them across its turns.
      expect((await dumper.query('show search_path')).rows[0].search_path).not.toBe(before);
      expect((await dumper.query('show statement_timeout')).rows[0].statement_timeout).toBe('7s');
      await expect(dumper.query('select count(*) from notes')).rejects.toThrow(/notes/);
      // Until it resets them; a write with an UPDATE ... SET changes no setting.
      await dumper.query('reset all');
      await dumper.query('update notes set body = body where id = $1', [1]);
      expect((await dumper.query('show search_path')).rows[0].search_path).toBe(before);
      expect((await api.query('show search_path')).rows[0].search_path).toBe(before);
    } finally {
      await Promise.all([dumper.end(), api.end()]);
    }
    // A connection that leaves with settings changed leaves nothing behind either.
    const quitter = new pg.Client(url);
    quitter.on('error', () => {});
    await quitter.connect();
    const defaultPath = (await quitter.query('show search_path')).rows[0].search_path;
    await quitter.query('begin');
    await quitter.query("insert into notes values (99, 'deixada no meio')");
    await quitter.query("set search_path = ''");
    quitter.connection.stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = new pg.Client(url);
    await next.connect();
    try {
      // Its setting is gone, its open transaction rolled back, and unqualified names resolve again.
      expect((await next.query('show search_path')).rows[0].search_path).toBe(defaultPath);
      expect((await next.query('select count(*)::int as n from notes where id = 99')).rows[0].n).toBe(0);
    } finally {
      await next.end();
    }
  });

  it("serves a waiting function call before a waiting build's statement", async () => {
    const holder = new pg.Client(url);
    const build = new pg.Client(buildDatabaseUrl(url));
    const call = new pg.Client(url);
    await Promise.all([holder.connect(), build.connect(), call.connect()]);
    try {
      await holder.query('create sequence turn_order');
      await holder.query('begin');
      // The build asks first, the call after it; both wait for the open transaction.
      const fromBuild = build.query("insert into log values (1, nextval('turn_order'))");
      await new Promise((resolve) => setTimeout(resolve, 50));
      const fromCall = call.query("insert into log values (2, nextval('turn_order'))");
      await new Promise((resolve) => setTimeout(resolve, 50));
      await holder.query('commit');
      await Promise.all([fromBuild, fromCall]);
      const { rows } = await holder.query('select n from log where n in (1, 2) order by m');
      expect(rows.map((row) => row.n)).toEqual([2, 1]);
    } finally {
      await Promise.all([holder.end(), build.end(), call.end()]);
    }
  });
});
