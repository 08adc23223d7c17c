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

/** The client's IP as Netlify reports it. */
export function clientIp(req: Request, context?: Pick<Context, 'ip'>): string {
  return (
    context?.ip ||
    req.headers.get('x-nf-client-connection-ip') ||
    req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ||
    '0.0.0.0'
  );
}

/** The visitor's hash for a day: HMAC(salt, day | ip | user agent). Changes every day by design. */
export function visitorHash(
  req: Request,
  context?: Pick<Context, 'ip'>,
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
