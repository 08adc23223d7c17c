// PGlite is one Postgres session in one process; the other processes (functions, builds, scripts) reach
// it over the Postgres protocol through this server. pglite-socket, which this replaces, queued single
// protocol messages from every connection and let them interleave outside explicit transactions, so one
// connection's Parse could replace another's unnamed statement between its Parse and its Bind: under
// concurrent calls that gave wrong rows (a 404 for a group that exists) and errors such as "bind message
// supplies 5 parameters, but prepared statement "" requires 4" (electric-sql/pglite#1046). Here a
// connection holds the session from its first message until PGlite is idle again at a sync point (a
// Sync or a simple Query, outside a transaction block); the others wait their turn.
//
// A site build reads the whole catalogue, statement after statement, over several connections; served in
// arrival order, every function call waited behind the build's queue (an approval took 43 s with 20k
// groups). Connections that name themselves BUILD_APPLICATION_NAME (application_name, as the local
// builder's do) get the session only when no other connection is waiting, and at least every
// BUILD_TURN_EVERY-th turn so that a build under constant load still ends.
//
// The session's settings are per connection, as on a real server: a connection that changes one (SET,
// set_config, RESET, as pg_dump does with search_path) gets its settings recorded at the end of its turn
// and the session put back as it was at start; its next turn starts with its own settings again. Other
// connections never see them. Only turns that may change a setting pay the two extra statements.
import { createServer, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

// Requests a client may send before its startup message (they carry a code where a version would be).
const SSL_REQUEST = 80877103;
const GSS_ENCRYPTION_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

/** The application_name of the local site builder's connections: served after everyone else's. */
export const BUILD_APPLICATION_NAME = 'local-site-build';
const BUILD_TURN_EVERY = 8;

/** `url` with the builder's application_name, for a build's DATABASE_URL. */
export function buildDatabaseUrl(url: string) {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', BUILD_APPLICATION_NAME);
  return parsed.toString();
}

/** Turns on the one session: the waiting calls first, a waiting build's connection when none waits. */
class Turns {
  #busy = false;
  #calls: (() => void)[] = [];
  #builds: (() => void)[] = [];
  #callsInRow = 0;

  async run<T>(build: boolean, turn: () => Promise<T>): Promise<T> {
    if (this.#busy) await new Promise<void>((resolve) => (build ? this.#builds : this.#calls).push(resolve));
    this.#busy = true;
    try {
      return await turn();
    } finally {
      this.#next();
    }
  }

  #next() {
    const buildsTurn =
      this.#builds.length > 0 && (this.#calls.length === 0 || this.#callsInRow >= BUILD_TURN_EVERY);
    const next = buildsTurn ? this.#builds.shift() : this.#calls.shift();
    this.#callsInRow = buildsTurn || !next ? 0 : this.#callsInRow + 1;
    if (next) next();
    else this.#busy = false;
  }
}

/** A simple Query message. */
function queryMessage(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`);
  const message = Buffer.alloc(5 + body.length);
  message[0] = QUERY;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

const SYNC_MESSAGE = Uint8Array.from([SYNC, 0, 0, 0, 4]);
const ROLLBACK = queryMessage('ROLLBACK');
const PARSE = 0x50; // 'P'

/** A session's settings changed by SET or set_config (name, value), as pg_settings lists them. */
type Settings = [string, string][];

const SESSION_SETTINGS = queryMessage(
  "select coalesce(json_agg(json_build_array(name, setting) order by name), '[]')::text from pg_settings where source = 'session'",
);

// A statement that may change a session setting: SET, RESET, DISCARD at a statement's start, or
// set_config() anywhere. (An UPDATE's SET clause is not at a statement's start.)
const CHANGES_SETTINGS = /(?:^|;)\s*(?:set|reset|discard)\s|set_config\s*\(/i;

/** Whether a Query or Parse message's SQL may change a session setting. */
function changesSettings(message: Uint8Array) {
  if (message[0] !== QUERY && message[0] !== PARSE) return false;
  return CHANGES_SETTINGS.test(
    Buffer.from(message.buffer, message.byteOffset, message.byteLength).toString('utf8', 5),
  );
}

/** Run one simple query on the session itself (nothing goes to any client); its first value, if any. */
async function sessionQuery(db: PGlite, message: Uint8Array): Promise<string | undefined> {
  const chunks: Uint8Array[] = [];
  await db.execProtocolRawStream(message, { syncToFs: false, onRawData: (data) => chunks.push(data) });
  const reply = Buffer.concat(chunks);
  for (let at = 0; at + 5 <= reply.length; at += 1 + reply.readInt32BE(at + 1)) {
    // A DataRow: 'D', its length, the field count, then the first field's length and bytes.
    if (reply[at] === 0x44 && reply.readInt16BE(at + 5) > 0) {
      const length = reply.readInt32BE(at + 7);
      return length < 0 ? undefined : reply.toString('utf8', at + 11, at + 11 + length);
    }
  }
  return undefined;
}

async function readSettings(db: PGlite): Promise<Settings> {
  return JSON.parse((await sessionQuery(db, SESSION_SETTINGS)) ?? '[]');
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Put the session's settings back to `settings` (every other one to its default). */
async function applySettings(db: PGlite, settings: Settings) {
  const sets = settings.map(
    ([name, value]) => `select set_config(${literal(name)}, ${literal(value)}, false);`,
  );
  await sessionQuery(db, queryMessage(`reset all; ${sets.join(' ')}`));
}

const sameSettings = (a: Settings, b: Settings) => JSON.stringify(a) === JSON.stringify(b);

/** One client connection: its socket and the whole protocol messages it has sent, in order. */
class Connection {
  #buffer: Buffer = Buffer.alloc(0);
  #started = false;
  #messages: Uint8Array[] = [];
  #waiting: ((message: Uint8Array | null) => void) | undefined;
  #closed = false;
  /** Whether the client named itself the site builder in its startup message. */
  build = false;

  constructor(readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.#receive(chunk));
    socket.on('close', () => this.#close());
    socket.on('error', () => this.#close());
  }

  /** The next message, or null once the client has gone. */
  next(): Promise<Uint8Array | null> {
    const message = this.#messages.shift();
    if (message) return Promise.resolve(message);
    if (this.#closed) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.#waiting = resolve;
    });
  }

  write(data: Uint8Array) {
    if (!this.#closed) this.socket.write(Buffer.from(data));
  }

  end() {
    this.socket.end();
    this.#close();
  }

  #push(message: Uint8Array | null) {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    if (waiting) waiting(message);
    else if (message) this.#messages.push(message);
  }

  #close() {
    if (this.#closed) return;
    this.#closed = true;
    this.#push(null);
  }

  #receive(chunk: Buffer) {
    this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : chunk;
    for (;;) {
      // Before startup a message is its length and a code; after it, a type byte and its length.
      const header = this.#started ? 5 : 8;
      if (this.#buffer.length < header) return;
      const length = this.#started ? 1 + this.#buffer.readInt32BE(1) : this.#buffer.readInt32BE(0);
      if (this.#buffer.length < length) return;
      const message = this.#buffer.subarray(0, length);
      this.#buffer = this.#buffer.subarray(length);
      if (!this.#started) {
        const code = message.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSS_ENCRYPTION_REQUEST) {
          this.socket.write('N'); // no encryption on loopback; the client goes on in plain text
          continue;
        }
        if (code === CANCEL_REQUEST) {
          this.end();
          return;
        }
        this.#started = true;
        // The startup parameters: name\0value\0 pairs after the version.
        const params = message.toString('utf8', 8).split('\0');
        const at = params.indexOf('application_name');
        this.build = at >= 0 && at % 2 === 0 && params[at + 1] === BUILD_APPLICATION_NAME;
      }
      this.#push(Uint8Array.from(message));
    }
  }
}

const isSyncPoint = (message: Uint8Array, started: boolean) =>
  !started || message[0] === SYNC || message[0] === QUERY;

/** Serve one connection until it closes, one turn on the session at a time. */
async function serve(db: PGlite, connection: Connection, baseline: Settings, turns: Turns) {
  let started = false;
  // This connection's own settings, when they differ from the session's at start.
  let own: Settings | undefined;
  for (;;) {
    const first = await connection.next();
    if (!first || first[0] === TERMINATE) return connection.end();
    const gone = await turns.run(connection.build, () =>
      db.runExclusive(async () => {
        if (own) await applySettings(db, own);
        let changed = Boolean(own);
        let gone = false;
        let message: Uint8Array | null = first;
        for (;;) {
          const sync = isSyncPoint(message, started);
          started = true;
          changed ||= changesSettings(message);
          await db.execProtocolRawStream(message, {
            syncToFs: sync,
            onRawData: (data) => connection.write(data),
          });
          if (sync && !db.isInTransaction()) break;
          message = await connection.next();
          if (!message || message[0] === TERMINATE) {
            // Gone in the middle of a batch or a transaction: leave the session idle for the next one.
            await db.execProtocolRawStream(SYNC_MESSAGE, { onRawData: () => {} });
            if (db.isInTransaction()) await db.execProtocolRawStream(ROLLBACK, { onRawData: () => {} });
            gone = true;
            break;
          }
        }
        if (changed) {
          const now = gone ? baseline : await readSettings(db);
          own = sameSettings(now, baseline) ? undefined : now;
          await applySettings(db, baseline);
        }
        return gone;
      }),
    );
    if (gone) return connection.end();
  }
}

export interface PgliteServer {
  /** host:port */
  address: string;
  stop(): Promise<void>;
}

/** Serve `db` on a loopback port (0: any free one). */
export async function servePglite(db: PGlite, { host = '127.0.0.1', port = 0 } = {}): Promise<PgliteServer> {
  // What a connection's turn leaves the session as: its settings before any client came.
  const baseline = await db.runExclusive(() => readSettings(db));
  const turns = new Turns();
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(db, new Connection(socket), baseline, turns).catch((error) => {
      console.error('[pglite-server]', error);
      socket.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const bound = server.address();
      const actualPort = typeof bound === 'object' && bound ? bound.port : port;
      resolve({
        address: `${host}:${actualPort}`,
        stop: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
