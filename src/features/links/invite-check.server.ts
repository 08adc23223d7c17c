// Does an invite link still open a group (or channel)? One GET of WhatsApp's own invite page, read
// with an HTML parser. WhatsApp answers 200 for live and dead invites alike, so the page's content
// decides; anything inconclusive (429, 5xx, timeouts, network errors, the consent interstitial, a page
// too short to judge) is 'unknown' and must never be a reason to hide anything.
//
// The fetch is a door into our network: the URL is built only from the code parsed by the shared link
// rules, on WhatsApp's hosts (or on WHATSAPP_INVITE_BASE, honoured locally and in tests only), no
// redirect to another host is followed, and time and size are capped.
import type { ChildNode, Element } from 'domhandler';
import { findAll, findOne, getAttributeValue } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { type GroupType, normalizeInviteLink } from '#src/features/groups/groups.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { readBounded } from '#src/lib/read-bounded.server.ts';

export type InviteStatus = 'live' | 'dead' | 'unknown';

export type InviteCheck = {
  status: InviteStatus;
  type: GroupType;
  /** the group's or channel's name, when live */
  title?: string;
  /** the photo on WhatsApp's image host (signed, expires): copy it, never hot-link it */
  imageUrl?: string;
  /** channels only, when the page shows a follower count */
  followers?: number;
  /** on a 429: how long to wait before the next request (the answer's Retry-After, or a default) */
  retryAfterSeconds?: number;
  /** why the answer is 'unknown' (or dead), a short English word for logs */
  reason?: string;
};

export interface CheckOptions {
  signal?: AbortSignal;
  /** another origin standing in for WhatsApp's hosts (tests and the bench); defaults to whatsappBase() */
  base?: string;
  /** overall time cap in milliseconds, body included (default 5 s) */
  timeoutMs?: number;
}

const TIMEOUT_MS = 5_000;
const MAX_BODY_BYTES = 512 * 1024;
const MAX_REDIRECTS = 2;
/** Below this many characters a page cannot be judged (an error stub, a truncated answer). */
const MIN_PAGE_CHARS = 200;
const DEFAULT_RETRY_AFTER_SECONDS = 60;
const USER_AGENT = 'Mozilla/5.0 (compatible; GruposDeZapLinkCheck/1.0)';

/**
 * The origin standing in for WhatsApp's hosts: WHATSAPP_INVITE_BASE, honoured only locally and in
 * tests (like STRIPE_API_BASE), so a deployed site can never be pointed at another server.
 */
export function whatsappBase(): URL | null {
  const env = getEnv();
  if (!env.WHATSAPP_INVITE_BASE || !env.isLocal) return null;
  return new URL(env.WHATSAPP_INVITE_BASE);
}

/** Where the invite page of a parsed link lives: WhatsApp's own host, or the same path on `base`. */
export function invitePageUrl(type: GroupType, id: string, base: URL | null): URL {
  const path = type === 'channel' ? `/channel/${encodeURIComponent(id)}` : `/${encodeURIComponent(id)}`;
  if (base) return new URL(path, base);
  return new URL(path, type === 'channel' ? 'https://whatsapp.com' : 'https://chat.whatsapp.com');
}

/**
 * Whether a URL is on WhatsApp's image hosts (https, `*.whatsapp.net`), or on `base`'s origin when a
 * stand-in is configured. The only hosts an invite photo is ever fetched from.
 */
export function isWhatsAppImageUrl(url: URL, base: URL | null = whatsappBase()): boolean {
  if (base && url.origin === base.origin) return true;
  return url.protocol === 'https:' && url.hostname.endsWith('.whatsapp.net') && !url.port;
}

/** Check an invite or channel link. Never throws: every failure is an 'unknown' with a reason. */
export async function checkInvite(link: string, options: CheckOptions = {}): Promise<InviteCheck> {
  const invite = normalizeInviteLink(link);
  if (!invite) return { status: 'unknown', type: 'group', reason: 'invalid_link' };
  const { type } = invite;
  const base = options.base ? new URL(options.base) : whatsappBase();
  // Local mode without a stand-in is offline by design: answer at once instead of waiting on a
  // network that is not there (npm start must keep working without one).
  if (!base && getEnv().isLocal) return { status: 'unknown', type, reason: 'offline' };

  const timeout = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    let url = invitePageUrl(type, invite.id, base);
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept: 'text/html,application/xhtml+xml',
          'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8',
        },
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        const next = location ? new URL(location, url) : null;
        if (next?.hostname.startsWith('consent.')) return { status: 'unknown', type, reason: 'interstitial' };
        if (!next || next.origin !== url.origin || hop >= MAX_REDIRECTS)
          return { status: 'unknown', type, reason: 'redirect' };
        url = next;
        continue;
      }
      if (response.status === 429) {
        await response.body?.cancel();
        return {
          status: 'unknown',
          type,
          reason: 'rate_limited',
          retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
        };
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        return { status: 'unknown', type, reason: 'server_error' };
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        return { status: 'unknown', type, reason: `http_${response.status}` };
      }
      const html = await readCapped(response, MAX_BODY_BYTES);
      return { ...judgePage(html, type, base), type };
    }
  } catch (error) {
    if (options.signal?.aborted) return { status: 'unknown', type, reason: 'aborted' };
    if (timeout.aborted) return { status: 'unknown', type, reason: 'timeout' };
    return { status: 'unknown', type, reason: errorReason(error) };
  }
}

function errorReason(error: unknown): string {
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ECONNREFUSED' || code === 'ENETUNREACH')
    return 'offline';
  return 'network';
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or the default. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  if (header) {
    const trimmed = header.trim();
    if (/^\d+$/.test(trimmed)) return Math.max(1, Number(trimmed));
    const date = Date.parse(trimmed);
    if (!Number.isNaN(date)) return Math.max(1, Math.ceil((date - now) / 1000));
  }
  return DEFAULT_RETRY_AFTER_SECONDS;
}

/** The body as text, at most `max` bytes (the tags that matter are near the top). */
async function readCapped(response: Response, max: number): Promise<string> {
  const head = await readBounded(response.body, max, { truncate: true });
  return new TextDecoder().decode(head ?? undefined);
}

const GENERIC_TITLES = new Set([
  '',
  'whatsapp',
  'whatsapp group invite',
  'whatsapp channel',
  'canal do whatsapp',
]);
const CHANNEL_SUFFIX = /\s*[|·•–-]\s*(?:whatsapp channel|canal do whatsapp)\s*$/i;

/** The verdict on an invite page's HTML. Pure: exported for the unit tests. */
export function judgePage(html: string, type: GroupType, base: URL | null = null): Omit<InviteCheck, 'type'> {
  if (html.trim().length < MIN_PAGE_CHARS) return { status: 'unknown', reason: 'too_short' };
  const doc = parseDocument(html);
  const metas = findAll((el) => el.name === 'meta', doc.children);
  const meta = (name: string) => {
    const tag = metas.find(
      (el) =>
        (getAttributeValue(el, 'property') ?? getAttributeValue(el, 'name'))?.trim().toLowerCase() === name,
    );
    const content = tag && getAttributeValue(tag, 'content');
    return content === undefined ? undefined : clean(content);
  };
  const ogTitle = meta('og:title');
  const ogImage = meta('og:image');
  const mainBlock = findOne((el) => getAttributeValue(el, 'id') === 'main_block', doc.children);
  const heading = mainBlock ? findOne((el) => el.name === 'h3', mainBlock.children) : null;
  const headingText = heading ? clean(textOf(heading)) : '';

  // A channel's og:title is "Name | WhatsApp Channel"; the generic title alone names nothing.
  const named = GENERIC_TITLES.has((ogTitle ?? '').toLowerCase())
    ? ''
    : type === 'channel'
      ? (ogTitle ?? '').replace(CHANNEL_SUFFIX, '').trim()
      : (ogTitle ?? '');
  const title = named || headingText;
  const photo = photoUrl(ogImage, base);

  if (title) {
    const followers =
      type === 'channel'
        ? (parseFollowers(meta('og:description') ?? '') ?? parseFollowers(clean(textOf(doc))))
        : undefined;
    return {
      status: 'live',
      title,
      ...(photo ? { imageUrl: photo } : {}),
      ...(followers !== undefined ? { followers } : {}),
    };
  }
  // Dead: nothing names the group and the page carries WhatsApp's generic picture (or none at all
  // on a page that still has WhatsApp's layout). Anything else is a page we do not recognise.
  const genericImage = !ogImage || isGenericImage(ogImage);
  if (ogTitle !== undefined || mainBlock) {
    if (genericImage && !photo) return { status: 'dead', reason: 'revoked' };
  }
  return { status: 'unknown', reason: 'unrecognised' };
}

function isGenericImage(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.hostname === 'static.whatsapp.net' || parsed.pathname.includes('/rsrc.php/');
  } catch {
    return false;
  }
}

/** The og:image when it is a photo on WhatsApp's image host (not the generic picture). */
function photoUrl(ogImage: string | undefined, base: URL | null): string | undefined {
  if (!ogImage) return undefined;
  try {
    const url = new URL(ogImage);
    if (isGenericImage(ogImage) || !isWhatsAppImageUrl(url, base)) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The visible text under a node (script, style and template contents left out). */
function textOf(node: ChildNode | { children: ChildNode[] }): string {
  if ('type' in node && node.type === 'text') return (node as { data: string }).data;
  if ('name' in node && ['script', 'style', 'template', 'noscript'].includes((node as Element).name))
    return '';
  if ('children' in node) return node.children.map((child) => textOf(child)).join(' ');
  return '';
}

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  mil: 1e3,
  m: 1e6,
  mi: 1e6,
  mio: 1e6,
  b: 1e9,
  bi: 1e9,
};

/**
 * A follower count from text such as "Channel • 234M followers", "1,2 mil seguidores",
 * "12,345 followers" or "1.234 seguidores"; undefined when there is none.
 */
export function parseFollowers(text: string): number | undefined {
  const match = /(\d[\d.,\s\u00a0]*?)\s*(k|mil|mi|mio|m|b|bi)?\.?\s+(?:followers|seguidores)\b/i.exec(text);
  if (!match?.[1]) return undefined;
  const digits = match[1].replace(/[\s\u00a0]/g, '');
  const multiplier = match[2] ? (MULTIPLIERS[match[2].toLowerCase()] ?? 1) : 1;
  let value: number;
  if (multiplier > 1) {
    // With a unit the separator is a decimal point: "1,2 mil", "2.5M".
    value = Number(digits.replace(',', '.')) * multiplier;
  } else {
    // Without one, groups of three digits are thousands: "12,345", "1.234.567".
    value = /^\d{1,3}([.,]\d{3})+$/.test(digits) ? Number(digits.replace(/[.,]/g, '')) : Number(digits);
  }
  return Number.isFinite(value) ? Math.round(value) : undefined;
}
