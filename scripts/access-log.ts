// npm run access-log -- …: the access logs (Marco Civil art. 15) for the authorities, with the deployment's
// ACCESS_LOG_KEY (and ACCESS_LOG_PREVIOUS_KEYS) and DATABASE_URL. Dates are days (AAAA-MM-DD, São Paulo
// time, --to included) or ISO 8601 instants.
//   --email <e> | --ref <grupo|protocolo> --from --to --basis <ordem> --by <quem>   read-out (recorded)
//   hold (--email <e> | --ref <r>) --from --to --until <data> --basis <pedido> --by <quem>   legal hold (art. 15 §2)
//   holds | release <id> --by <quem> --reason <motivo> | disclosures
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDb } from '../db/client.ts';
import {
  type AccessLogQuery,
  discloseAccessLogs,
  listDisclosures,
  listLegalHolds,
  placeLegalHold,
  releaseLegalHold,
} from '../src/features/access-log/access-log.server.ts';
import { accessLogRange } from '../src/features/access-log/access-log.ts';
import { TIME_ZONE, timeZoneOffset } from '../src/lib/time-zone.ts';

const USAGE = `uso:
  npm run access-log -- (--email <e-mail> | --ref <id do grupo ou protocolo>) --from <AAAA-MM-DD> --to <AAAA-MM-DD> --basis "<ordem judicial>" --by "<quem entrega>"
  npm run access-log -- hold (--email <e-mail> | --ref <ref>) --from <AAAA-MM-DD> --to <AAAA-MM-DD> --until <AAAA-MM-DD> --basis "<pedido da autoridade>" --by "<quem>"
  npm run access-log -- holds
  npm run access-log -- release <id> --by "<quem>" --reason "<motivo>"
  npm run access-log -- disclosures`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    ref: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    until: { type: 'string' },
    basis: { type: 'string' },
    by: { type: 'string' },
    reason: { type: 'string' },
  },
});

function fail(message?: string): never {
  if (message) console.error(message);
  console.error(USAGE);
  process.exit(2);
}

/** A required text option, trimmed (at least 3 characters). */
function text(name: 'basis' | 'by' | 'reason'): string {
  const value = values[name]?.trim();
  if (!value || value.length < 3) fail(`--${name} é obrigatório`);
  return value;
}

/** What the command names: an e-mail or a ref, and the dates. */
function query(): AccessLogQuery {
  const email = values.email?.trim();
  const ref = values.ref?.trim();
  if (!email === !ref) fail('informe --email ou --ref (um dos dois)');
  if (email && !z.email().safeParse(email).success) fail(`e-mail inválido: ${email}`);
  if (!values.from || !values.to) fail('--from e --to são obrigatórios');
  try {
    return { ...(email ? { email } : { ref }), ...accessLogRange(values.from, values.to) };
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

const saoPaulo = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'medium',
});
const when = (at: Date) =>
  `${at.toISOString()}\t${saoPaulo.format(at)} (${TIME_ZONE}, UTC${timeZoneOffset(at)})`;
const ADDRESS = {
  missing: '[sem endereço: a plataforma não informou]',
  unreadable: '[ilegível: chave ausente]',
};

const [command, id] = positionals;
if (command && !['hold', 'holds', 'release', 'disclosures'].includes(command)) fail();
const handle = await openDb();
try {
  const db = handle.db;
  if (command === 'holds') {
    for (const h of await listLegalHolds(db))
      console.log(
        [
          h.id,
          h.inForce ? 'em vigor' : 'encerrada',
          `até ${h.keepUntil.toISOString()}`,
          h.reference,
          h.placedBy,
        ].join('\t'),
      );
  } else if (command === 'release') {
    if (!id) fail('informe o id da retenção');
    const released = await releaseLegalHold(db, id, { by: text('by'), reason: text('reason') });
    console.log(released ? `Retenção ${id} encerrada.` : `Nenhuma retenção em vigor com o id ${id}.`);
    if (!released) process.exitCode = 1;
  } else if (command === 'disclosures') {
    for (const d of await listDisclosures(db))
      console.log(
        [
          d.createdAt.toISOString(),
          d.operator,
          d.legalBasis,
          `${d.rowIds.length} registro(s)`,
          d.criteria,
        ].join('\t'),
      );
  } else if (command === 'hold') {
    const q = query();
    if (!values.until) fail('--until é obrigatório');
    let keepUntil: Date;
    try {
      keepUntil = accessLogRange(values.until, values.until).to;
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
    const { hold, rows } = await placeLegalHold(db, q, {
      reference: text('basis'),
      placedBy: text('by'),
      keepUntil,
    });
    console.log(
      `Retenção ${hold.id} em vigor até ${keepUntil.toISOString()}: ${rows} registro(s) guardado(s) além de 6 meses.`,
    );
  } else {
    const q = query();
    const legalBasis = text('basis');
    const entries = await discloseAccessLogs(db, q, { operator: text('by'), legalBasis });
    console.log(
      `Registros de acesso de ${q.email ?? q.ref} entre ${q.from.toISOString()} e ${q.to.toISOString()}: ${entries.length} (entrega registrada)`,
    );
    for (const entry of entries)
      console.log(
        [
          when(entry.at),
          entry.event,
          entry.address === 'ok' ? entry.ip : ADDRESS[entry.address],
          entry.userId ? `conta ${entry.userId}` : `ref ${entry.ref ?? '-'}`,
        ].join('\t'),
      );
  }
} finally {
  await handle.close();
}
