// The local mail catcher: an in-process SMTP server (smtp-server) that keeps every message it receives
// as an .eml file and shows them at /__platform/mail, each opened as its recipient would see it. `npm
// start` points SMTP_URL at it; integration tests start one in-process and read what it caught. It
// can be told to refuse mail, as a provider that is down does.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { escapeHtml } from '../../src/lib/html.ts';
import { TIME_ZONE } from '../../src/lib/time-zone.ts';

export const MAIL_PAGE_PATH = '/__platform/mail';

export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  date: Date;
  text: string;
  html: string;
  headers: [string, string][];
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port>, for SMTP_URL */
  url: string;
  dir: string;
  /** while true, every recipient is refused with a temporary error (451) */
  refuse(on: boolean): void;
  /** every caught message, newest first */
  list(): Promise<CaughtMail[]>;
  read(id: string): Promise<CaughtMail | null>;
  /** the newest message matching, waiting for it up to `timeoutMs` */
  waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  stop(): Promise<void>;
}

/** Where the messages go: MAIL_DIR, or `mail/` beside the local database folder (.data/mail). */
export function defaultMailDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MAIL_DIR) return path.resolve(env.MAIL_DIR);
  return path.resolve(path.dirname(path.resolve(env.PGLITE_DIR || '.data/pglite')), 'mail');
}

const ID = /^[0-9]+-[0-9a-f]+$/;

function addressText(value: unknown): string {
  if (!value) return '';
  const list = Array.isArray(value) ? value : [value];
  return list.map((v: { text?: string }) => v.text ?? '').join(', ');
}

async function parseFile(dir: string, id: string): Promise<CaughtMail | null> {
  if (!ID.test(id)) return null;
  let raw: Buffer;
  try {
    raw = await readFile(path.join(dir, `${id}.eml`));
  } catch {
    return null;
  }
  const mail = await simpleParser(raw);
  const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
    a.value.map((v) => v.address ?? ''),
  );
  return {
    id,
    from: addressText(mail.from),
    to,
    subject: mail.subject ?? '',
    date: mail.date ?? new Date(Number(id.split('-')[0])),
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    headers: mail.headerLines.map((h) => [h.key, h.line.slice(h.key.length + 1).trim()]),
  };
}

/** Every message in `dir`, newest first. */
export async function listMail(dir: string): Promise<CaughtMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const ids = names
    .filter((n) => n.endsWith('.eml'))
    .map((n) => n.slice(0, -4))
    .filter((id) => ID.test(id))
    .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
  const mails = await Promise.all(ids.map((id) => parseFile(dir, id)));
  return mails.filter((m): m is CaughtMail => m !== null);
}

/** Start the SMTP server on loopback (port 0: any free port). */
export async function startMailCatcher(options: { dir?: string; port?: number } = {}): Promise<MailCatcher> {
  const dir = options.dir ?? defaultMailDir();
  mkdirSync(dir, { recursive: true });
  let refusing = false;
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    banner: 'Grupos de Zap - catcher local',
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      callback(
        Object.assign(new Error('Caixa temporariamente indisponivel (recusa de teste)'), {
          responseCode: 451,
        }),
      );
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Time first (sortable), then a counter and randomness so two messages in a millisecond differ.
        const id = `${Date.now()}${String(sequence++ % 1000).padStart(3, '0')}-${randomBytes(4).toString('hex')}`;
        writeFile(path.join(dir, `${id}.eml`), Buffer.concat(chunks)).then(
          () => callback(null, `Mensagem guardada: ${id}`),
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    refuse(on) {
      refusing = on;
    },
    list: () => listMail(dir),
    read: (id) => parseFile(dir, id),
    async waitFor(match, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = (await listMail(dir)).find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error('no matching e-mail reached the catcher in time');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#1f2937}
header{background:#25D366;padding:12px 16px}header a{color:#073b2f;font-weight:700;text-decoration:none}
main{max-width:960px;margin:0 auto;padding:16px}h1{font-size:1.3rem}
table{width:100%;border-collapse:collapse;background:#fff}td,th{padding:10px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top;font-size:.95rem;overflow-wrap:anywhere}
th[scope=row]{white-space:nowrap;overflow-wrap:normal;width:1%}a{color:#0b7a5b}iframe{width:100%;height:70vh;border:1px solid #e5e7eb;background:#fff}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;padding:12px;border:1px solid #e5e7eb}
@media (max-width:600px){.when{display:none}}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><header><a href="${MAIL_PAGE_PATH}">E-mails enviados (local)</a></header><main>${body}</main></body></html>`;
}

const when = (date: Date) =>
  date.toLocaleString('pt-BR', { timeZone: TIME_ZONE, dateStyle: 'short', timeStyle: 'medium' });

function listPage(mails: CaughtMail[], dir: string): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td class="when">${escapeHtml(when(m.date))}</td><td>${escapeHtml(m.to.join(', '))}</td><td><a href="${MAIL_PAGE_PATH}/${m.id}">${escapeHtml(m.subject || '(sem assunto)')}</a></td></tr>`,
    )
    .join('');
  return page(
    'E-mails enviados',
    `<h1>E-mails enviados (${mails.length})</h1><p>Tudo o que o site enviou por SMTP neste computador, o mais novo primeiro. Arquivos .eml em <code>${escapeHtml(dir)}</code>.</p>${
      mails.length
        ? `<table><thead><tr><th class="when">Quando</th><th>Para</th><th>Assunto</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p><strong>Nenhum e-mail ainda.</strong> Cadastre uma conta ou peça uma nova senha para ver um aqui.</p>'
    }`,
  );
}

function messagePage(m: CaughtMail): string {
  const headers = m.headers
    .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  return page(
    m.subject,
    `<p><a href="${MAIL_PAGE_PATH}">← Todos os e-mails</a> · <a href="${MAIL_PAGE_PATH}/${m.id}/eml">Baixar .eml</a></p>
<h1>${escapeHtml(m.subject)}</h1><p>Para: <strong>${escapeHtml(m.to.join(', '))}</strong> · De: ${escapeHtml(m.from)} · ${escapeHtml(when(m.date))}</p>
<h2>Como o destinatário vê</h2><iframe title="Mensagem em HTML" src="${MAIL_PAGE_PATH}/${m.id}/html"></iframe>
<h2>Texto</h2><pre>${escapeHtml(m.text)}</pre>
<h2>Cabeçalhos</h2><table><tbody>${headers}</tbody></table>`,
  );
}

/**
 * Answer /__platform/mail pages from `dir`; false when the request is for something else. The
 * message's own HTML is served sandboxed (no scripts), its links open in the top window.
 */
export async function handleMailPage(
  req: IncomingMessage,
  res: ServerResponse,
  dir: string,
): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname !== MAIL_PAGE_PATH && !url.pathname.startsWith(`${MAIL_PAGE_PATH}/`)) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET' }).end();
    return true;
  }
  const html = (status: number, body: string, headers: Record<string, string> = {}) =>
    res
      .writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        ...headers,
      })
      .end(body);
  const [, id, part] = url.pathname.slice(MAIL_PAGE_PATH.length).split('/');
  if (!id) {
    html(200, listPage(await listMail(dir), dir));
    return true;
  }
  const mail = await parseFile(dir, id);
  if (!mail) {
    html(
      404,
      page(
        'Não encontrado',
        `<h1>E-mail não encontrado</h1><p><a href="${MAIL_PAGE_PATH}">Todos os e-mails</a></p>`,
      ),
    );
    return true;
  }
  if (part === 'html') {
    const body = mail.html || `<pre>${escapeHtml(mail.text)}</pre>`;
    html(200, body.replace(/<head([^>]*)>/i, '<head$1><base target="_top">'), {
      'content-security-policy':
        "sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation; script-src 'none'",
    });
  } else if (part === 'eml') {
    res
      .writeHead(200, {
        'content-type': 'message/rfc822',
        'content-disposition': `attachment; filename="${id}.eml"`,
      })
      .end(await readFile(path.join(dir, `${id}.eml`)));
  } else html(200, messagePage(mail));
  return true;
}
