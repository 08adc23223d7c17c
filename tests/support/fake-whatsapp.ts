// A stand-in for chat.whatsapp.com, whatsapp.com/channel and pps.whatsapp.net, reached through
// WHATSAPP_INVITE_BASE: invite pages shaped like WhatsApp's own (200 for live and dead alike, the
// verdict is in og:title, og:image and `#main_block h3`; attribute order, quoting and whitespace vary
// between kinds), a signed-looking photo URL served by the same server with real JPEG bytes, and
// WhatsApp's failures: 429 with Retry-After, 5xx, an answer slower than the checker waits, and the
// consent interstitial redirect. Unknown codes get the dead page, as WhatsApp answers them.
// `POST /__fake/invites/<code>` {kind?, title} renames a group (or changes its kind) from another
// process, as a group's admin would in the app: the site tests' claim journey uses it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type FakeInviteKind =
  | 'live'
  | 'live-no-photo'
  | 'dead'
  | 'rate-limited'
  | 'server-error'
  | 'interstitial'
  | 'slow'
  | 'channel';

export interface FakeWhatsApp {
  url: string;
  close(): Promise<void>;
  /** What a code (or channel id) answers from now on; the title defaults to 'Grupo <code>'. */
  setInvite(code: string, kind: FakeInviteKind, title?: string): void;
  /** 'GET /path?query' of every request, in order */
  requests: string[];
}

/** How long a 'slow' invite takes to answer: longer than any checker waits. */
const SLOW_MS = 15_000;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c] ?? c,
  );
}

const STATIC_OG = 'https://static.whatsapp.net/rsrc.php/v4/yO/r/rukeqTVNJDY.png';
const STATIC_BODY = 'https://static.whatsapp.net/rsrc.php/v4/yB/r/_0dVljceIA5.png';
/** Real pages carry tens of kilobytes of styles and scripts before the content. */
const FILLER = `<style nonce="x1">._9vd5{margin:0 auto}._9scr{font-size:20px}${'._a{color:#111}'.repeat(40)}</style>
<script nonce="x1">requireLazy(["Bootloader"],function(b){b.markComponentsAsImmediate(["Dialog"])});${'var _x=1;'.repeat(40)}</script>`;

function page(head: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="pt-BR" id="facebook" class="no_js">
<head><meta charset="utf-8" /><meta name="referrer" content="origin-when-crossorigin" id="meta_referrer" />
<title id="pageTitle">WhatsApp Group Invite</title>
${head}
<meta name="viewport" content="width=device-width, initial-scale=1" />
${FILLER}
</head>
<body class="_9vd5 _9scr"><div class="_li"><div id="main_content">
${body}
</div></div></body></html>`;
}

function livePage(title: string, photo: string | null): string {
  const t = escapeHtml(title);
  // Attribute order, quotes and spacing differ from the dead page on purpose.
  const head = `<meta property="og:title" content="${t}" />
<meta content='${photo ? escapeHtml(photo) : STATIC_OG}'   property='og:image'>
<meta property=og:description content="WhatsApp Group Invite" />
<meta property="og:url" content="https://chat.whatsapp.com/" />`;
  const body = `<div class="_9vd5 _9scb" id="main_block">
  <div class="_9vd6"><img class="_9vx6" src="${photo ? escapeHtml(photo) : STATIC_BODY}" alt="" /></div>
  <h3 class="_9vd5 _9scr" style="color:#5E5E5E;">
     ${t}
  </h3>
  <h4 class="_9vd5 _9scb">Você foi convidado para participar de um grupo do WhatsApp</h4>
  <a id="action-button" class="_9vcv" href="https://chat.whatsapp.com/"><span>Entrar na conversa</span></a>
</div>`;
  return page(head, body);
}

function deadPage(): string {
  const head = `<meta content="" property="og:title">
<meta property="og:image" content="${STATIC_OG}">
<meta content="WhatsApp Group Invite" property="og:description">`;
  const body = `<div id='main_block' class='_9vd5'>
  <div class="_9vd6"><img class="_9vx6" src="${STATIC_BODY}" alt=""></div>
  <h3 class="_9vd5 _9scr"></h3>
  <h4 class="_9vd5 _9scb">Esse link de convite não é válido.</h4>
</div>`;
  return page(head, body);
}

function channelPage(title: string, photo: string, followers: string): string {
  const t = escapeHtml(title);
  const head = `<META PROPERTY="og:title" CONTENT="${t} | WhatsApp Channel">
<meta property="og:image" content="${escapeHtml(photo)}"/>
<meta property="og:description" content="Canal oficial de ${t}. Siga para novidades."/>`;
  const body = `<div id="main_block" class="_9vd5">
  <div class="_9vd6"><img class="_9vx6" src="${escapeHtml(photo)}" alt=""></div>
  <h3 class="_9vd5 _9scr">${t}</h3>
  <h4 class="_9vd5 _9scb">Canal<span> • </span>${followers}</h4>
  <a id="action-button" href="https://whatsapp.com/channel/"><span>Seguir</span></a>
</div>`;
  return page(head, body);
}

/** A small real picture, as pps.whatsapp.net serves (JPEG). */
async function photoBytes(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 37, g: 211, b: 102 } } })
    .jpeg()
    .toBuffer();
}

/**
 * The invites the site tests' platform knows (tests/support/global-site.ts registers them); every
 * other code answers a server error there, so the other journeys' links stay inconclusive.
 */
export const SITE_INVITES = {
  live: { code: 'SiteLiveInvite0001', title: 'Trilhas de Fim de Semana' },
  dead: { code: 'SiteDeadInvite0001' },
  /** the link-health test breaks a published group with it (the submission test keeps `dead` unused) */
  deadGroup: { code: 'SiteDeadInvite0002' },
  channel: { code: '0029VaSiteChannel0000001', title: 'Canal das Trilhas' },
  /** squatted anonymously, then claimed by its owner through the name (tests/site/group-claims.test.ts) */
  claim: { code: 'SiteClaimInvite0001', title: 'Corrida de Rua Sorocaba' },
} as const;

/** Rename a group (or change its kind) on a fake server in another process (see the control route). */
export async function setFakeInvite(
  base: string,
  code: string,
  invite: { kind?: FakeInviteKind; title?: string },
) {
  const res = await fetch(new URL(`/__fake/invites/${encodeURIComponent(code)}`, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(invite),
  });
  if (!res.ok) throw new Error(`fake WhatsApp refused the change: ${res.status}`);
}

const KINDS: readonly FakeInviteKind[] = [
  'live',
  'live-no-photo',
  'dead',
  'rate-limited',
  'server-error',
  'interstitial',
  'slow',
  'channel',
];

/**
 * Start the fake on 127.0.0.1 and a free port. Codes never set answer the dead page, as
 * WhatsApp does, unless `unknownCodes` names another kind (or picks one per code).
 */
export async function startFakeWhatsApp(
  options: { unknownCodes?: FakeInviteKind | ((code: string) => FakeInviteKind) } = {},
): Promise<FakeWhatsApp> {
  const invites = new Map<string, { kind: FakeInviteKind; title?: string }>();
  const requests: string[] = [];
  const jpeg = await photoBytes();
  let origin = '';
  const photoFor = (code: string) =>
    `${origin}/v/t61.24694-24/${code}_n.jpg?ccb=11-4&oh=01_Q5Aa1gE&oe=6750A1B2&_nc_sid=5e03e0&_nc_cat=104`;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const control = /^\/__fake\/invites\/([A-Za-z0-9]+)$/.exec(url.pathname)?.[1];
    if (control && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      req.on('end', () => {
        try {
          const body = JSON.parse(raw) as { kind?: FakeInviteKind; title?: string };
          const kind = body.kind ?? invites.get(control)?.kind ?? 'live';
          if (!KINDS.includes(kind)) throw new Error('kind');
          invites.set(control, { kind, title: body.title ?? invites.get(control)?.title });
          res.writeHead(204);
          res.end();
        } catch {
          res.writeHead(400);
          res.end();
        }
      });
      return;
    }
    // The control route above is the test's own, not a request to WhatsApp: not recorded.
    requests.push(`${req.method} ${req.url}`);
    const html = (status: number, body: string) => {
      res.writeHead(status, {
        'content-type': 'text/html; charset="utf-8"',
        'cache-control': 'private, no-cache',
      });
      res.end(body);
    };
    if (url.pathname.startsWith('/v/t61.')) {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length });
      res.end(jpeg);
      return;
    }
    const channel = /^\/channel\/([A-Za-z0-9]+)\/?$/.exec(url.pathname)?.[1];
    const code = channel ?? /^\/(?:invite\/)?([A-Za-z0-9]+)\/?$/.exec(url.pathname)?.[1];
    if (!code) return html(404, '<!DOCTYPE html><title>Not found</title>');
    const unknown = options.unknownCodes;
    const invite =
      invites.get(code) ??
      (unknown ? { kind: typeof unknown === 'function' ? unknown(code) : unknown } : undefined);
    const title = invite?.title ?? `Grupo ${code}`;
    switch (invite?.kind) {
      case 'live':
        return html(200, livePage(title, photoFor(code)));
      case 'live-no-photo':
        return html(200, livePage(title, null));
      case 'channel':
        return html(200, channelPage(title, photoFor(code), '1,2 mil seguidores'));
      case 'rate-limited':
        res.writeHead(429, { 'retry-after': '120', 'content-type': 'text/html' });
        res.end('<html><body>Too Many Requests</body></html>');
        return;
      case 'server-error':
        return html(502, '<html><body>Bad Gateway</body></html>');
      case 'interstitial':
        res.writeHead(302, {
          location: `https://consent.whatsapp.com/consent/?next=${encodeURIComponent(url.pathname)}`,
        });
        res.end();
        return;
      case 'slow': {
        const timer = setTimeout(() => html(200, livePage(title, photoFor(code))), SLOW_MS);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      default:
        return html(200, deadPage());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    setInvite(code, kind, title) {
      invites.set(code, { kind, title });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
