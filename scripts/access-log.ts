// npm run access-log -- --email <e> --from <data> --to <data>: the access logs (Marco Civil art. 15) of
// the account that used this e-mail, decrypted, for a court order. Dates are days (AAAA-MM-DD, São Paulo
// time, --to included) or ISO 8601 instants. Needs the deployment's ACCESS_LOG_KEY and DATABASE_URL.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDb } from '../db/client.ts';
import { findAccessLogs } from '../src/features/access-log/access-log.server.ts';
import { accessLogRange } from '../src/features/access-log/access-log.ts';
import { TIME_ZONE, timeZoneOffset } from '../src/lib/time-zone.ts';

const USAGE = 'uso: npm run access-log -- --email <e-mail> --from <AAAA-MM-DD> --to <AAAA-MM-DD>';
const { values } = parseArgs({
  options: { email: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
});
if (!values.email || !values.from || !values.to || !z.email().safeParse(values.email.trim()).success) {
  console.error(USAGE);
  process.exit(2);
}
let range: { from: Date; to: Date };
try {
  range = accessLogRange(values.from, values.to);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(2);
}

const saoPaulo = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'medium',
});

const handle = await openDb();
try {
  const entries = await findAccessLogs(handle.db, { email: values.email, ...range });
  console.log(
    `Registros de acesso de ${values.email.trim()} entre ${range.from.toISOString()} e ${range.to.toISOString()}: ${entries.length}`,
  );
  for (const entry of entries)
    console.log(
      [
        entry.at.toISOString(),
        `${saoPaulo.format(entry.at)} (${TIME_ZONE}, UTC${timeZoneOffset(entry.at)})`,
        entry.event,
        entry.ip ?? '[ilegível: ACCESS_LOG_KEY diferente]',
        `conta ${entry.userId}`,
      ].join('\t'),
    );
} finally {
  await handle.close();
}
