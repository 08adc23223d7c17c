// A visitor is a daily-salted hash of IP and user agent: enough to count once per day, never the IP.
import { createHmac } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { secret } from '#src/lib/env.server.ts';
import { TIME_ZONE } from '#src/lib/site.ts';

// Built once: constructing an Intl formatter costs more than a click's hash.
const SAO_PAULO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in São Paulo as yyyy-mm-dd (counters and "today" figures use this day). */
export function saoPauloDay(date: Date = new Date()): string {
  return SAO_PAULO_DAY.format(date);
}

/**
 * The client's address as Netlify reports it: `context.ip`, taken from the connection. Never a header:
 * a client writes x-forwarded-for (and any other) as it likes, so one client could pass for many.
 * The request stays in the signature so callers read the same everywhere.
 */
export function clientIp(_req: Request, context?: Partial<Pick<Context, 'ip'>>): string {
  return context?.ip || '0.0.0.0';
}

/** The visitor's hash for a day: HMAC(salt, day | ip | user agent). Changes every day by design. */
export function visitorHash(
  req: Request,
  context?: Partial<Pick<Context, 'ip'>>,
  day: string = saoPauloDay(),
): string {
  const ua = req.headers.get('user-agent') ?? '';
  return createHmac('sha256', secret('VISITOR_SALT'))
    .update(`${day}|${clientIp(req, context)}|${ua}`)
    .digest('base64url')
    .slice(0, 32);
}

/** A stable hash of any subject (an e-mail, an IP) for keys that must not hold the subject itself. */
export function subjectHash(subject: string): string {
  return createHmac('sha256', secret('VISITOR_SALT')).update(subject).digest('base64url').slice(0, 32);
}
