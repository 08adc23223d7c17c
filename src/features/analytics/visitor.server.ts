// A visitor is a daily-salted hash of IP and user agent: enough to tell visitors apart for a day, never
// the IP. What counts (clicks, shares, ad clicks) uses a user-agent slot instead, so one address is few.
import { createHmac } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { getEnv, secret } from '#src/lib/env.server.ts';
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
 * Null when the platform gave none: the access logs record it as missing, never as a made-up address.
 * The request stays in the signature so callers read the same everywhere.
 */
export function clientIp(_req: Request, context?: Partial<Pick<Context, 'ip'>>): string | null {
  return context?.ip || null;
}

/** What stands for a missing address in hashes and rate-limit keys (all such requests share one bucket). */
const NO_ADDRESS = 'sem-endereco';

/** The salted hash of a client's address for rate-limit keys and counters (never the address). */
export function addressHash(ip: string | null): string {
  return subjectHash(ip ?? NO_ADDRESS);
}

/**
 * Which of an address's `VISITORS_PER_ADDRESS` visitors a user agent is. The user agent is the client's
 * to write: a source rotating it lands in the same few slots, so one address is at most that many
 * visitors (people sharing a carrier's address still count separately, up to the cap).
 */
function userAgentSlot(userAgent: string): number {
  const digest = createHmac('sha256', secret('VISITOR_SALT')).update(`ua|${userAgent}`).digest();
  return digest.readUInt32BE(0) % getEnv().VISITORS_PER_ADDRESS;
}

const dailyHash = (day: string, ip: string, who: string | number) =>
  createHmac('sha256', secret('VISITOR_SALT')).update(`${day}|${ip}|${who}`).digest('base64url').slice(0, 32);

/** The visitor's hash for a day: HMAC(salt, day | ip | user agent). Changes every day by design. */
export function visitorHash(
  req: Request,
  context?: Partial<Pick<Context, 'ip'>>,
  day: string = saoPauloDay(),
): string {
  return dailyHash(day, clientIp(req, context) ?? NO_ADDRESS, req.headers.get('user-agent') ?? '');
}

/**
 * The visitor as counted in clicks, shares and ad clicks: HMAC(salt, day | ip | user-agent slot), so one
 * address adds at most `VISITORS_PER_ADDRESS` to a target's count a day, whatever user agents it sends.
 */
export function countedVisitorHash(
  req: Request,
  context?: Partial<Pick<Context, 'ip'>>,
  day: string = saoPauloDay(),
): string {
  return dailyHash(
    day,
    clientIp(req, context) ?? NO_ADDRESS,
    `slot:${userAgentSlot(req.headers.get('user-agent') ?? '')}`,
  );
}

/**
 * The network an address belongs to, as the ranking groups joins (#43): an IPv4 address's /24, an IPv6
 * address's /48 (what one customer or one server host is usually given). Null without an address.
 */
export function networkPrefix(ip: string | null): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!ip.includes(':')) return null;
  const [head = '', tail = ''] = ip.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = ip.includes('::') ? 8 - headParts.length - tailParts.length : 0;
  const full = [...headParts, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailParts];
  const first = full.slice(0, 3).map((part) => (Number.parseInt(part || '0', 16) || 0).toString(16));
  return `${first.join(':')}::/48`;
}

/** The salted hash of a client's network for a day (never the address), or null without an address. */
export function networkHash(
  _req: Request,
  context?: Partial<Pick<Context, 'ip'>>,
  day: string = saoPauloDay(),
): string | null {
  const prefix = networkPrefix(clientIp(_req, context));
  return prefix ? dailyHash(day, prefix, 'network') : null;
}

/** A stable hash of any subject (an e-mail, an IP) for keys that must not hold the subject itself. */
export function subjectHash(subject: string): string {
  return createHmac('sha256', secret('VISITOR_SALT')).update(subject).digest('base64url').slice(0, 32);
}
