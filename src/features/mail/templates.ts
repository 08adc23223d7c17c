// The e-mails the product sends, as pure functions: data in, { subject, html, text } out, in pt-BR.
// One shared layout (tables and inline styles, so Gmail and Outlook show it as meant); every value
// that comes from a user (names, group titles, reasons) is escaped in the HTML part.
import { DEAD_LINK_NEXT_STEP } from '#src/features/links/link-health.ts';
import { formatBRL, formatDate } from '#src/lib/format.ts';
import { escapeHtml } from '#src/lib/html.ts';
import { SITE_NAME } from '#src/lib/site.ts';

export interface MailMessage {
  subject: string;
  html: string;
  text: string;
  /** extra headers, e.g. List-Unsubscribe on a message people opted into */
  headers?: Record<string, string>;
}

export interface MailContext {
  /** the public origin, e.g. https://gruposdezap.com.br */
  siteUrl: string;
}

/** Hours a confirmation link stays valid. */
export const CONFIRM_EMAIL_HOURS = 48;
/** Minutes a password reset link stays valid. */
export const PASSWORD_RESET_MINUTES = 60;

export const CONFIRM_EMAIL_PATH = '/auth/confirmar-email';
export const PASSWORD_RESET_PATH = '/auth/nova-senha';

/** What each template needs. Dates are ISO strings (the payload is stored as JSON). */
export interface MailTemplates {
  confirm_email: { name: string; token: string };
  password_reset: { name: string; token: string };
  group_approved: { name: string; groupTitle: string; groupPath: string };
  group_rejected: { name: string; groupTitle: string; reason: string };
  group_hidden: { name: string; groupTitle: string; reason: string };
  payment_confirmed: {
    name: string;
    groupTitle: string;
    planName: string;
    days: number;
    amountCents: number;
    provider: string;
    startDate: string;
    endDate: string;
    orderId: string;
  };
  featuring_ending: { name: string; groupTitle: string; groupId: string; endDate: string };
  featuring_ended: { name: string; groupTitle: string; groupId: string; endDate: string };
  link_dead: { name: string; groupTitle: string };
  /** token: the signed unsubscribe token (scrubbed from the outbox once sent) */
  renewal_open: { name: string; groupTitles: string[]; more: number; token: string };
}

export type TemplateName = keyof MailTemplates;

/** Templates sent even to an address that is not confirmed yet (they are how it gets confirmed or back in). */
export const SENT_TO_UNCONFIRMED: readonly TemplateName[] = ['confirm_email', 'password_reset'];

const PROVIDER_NAMES: Record<string, string> = {
  mercadopago: 'Mercado Pago',
  stripe: 'Stripe (cartão)',
  simulator: 'Simulador local',
  admin: 'Aprovação manual',
};

export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider;
}

const COLORS = {
  brand: '#25D366',
  brandDark: '#0b7a5b',
  brandDeep: '#075e54',
  text: '#1f2937',
  muted: '#4b5563',
  border: '#e5e7eb',
  page: '#f3f4f6',
};
const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif";

/** A block of the message: a paragraph, a call to action, or a small table of facts. */
type Block =
  | { kind: 'p'; text: string }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'facts'; rows: [string, string][] }
  | { kind: 'note'; text: string }
  | { kind: 'link'; text: string; label: string; href: string };

interface Parts {
  subject: string;
  greeting: string;
  blocks: Block[];
  headers?: Record<string, string>;
}

function absolute(ctx: MailContext, path: string): string {
  return new URL(path, ctx.siteUrl).toString();
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'p':
      return `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${COLORS.text}">${escapeHtml(block.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;${FONT};font-size:14px;line-height:20px;color:${COLORS.muted}">${escapeHtml(block.text)}</p>`;
    case 'button':
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr><td bgcolor="${COLORS.brandDark}" style="border-radius:8px;background:${COLORS.brandDark}"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:14px 24px;${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(block.label)}</a></td></tr></table><p style="margin:0 0 16px;${FONT};font-size:13px;line-height:18px;color:${COLORS.muted}">Se o botão não abrir, copie este endereço no navegador:<br><a href="${escapeHtml(block.href)}" style="color:${COLORS.brandDark};word-break:break-all">${escapeHtml(block.href)}</a></p>`;
    case 'facts':
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:0 0 20px;border:1px solid ${COLORS.border};border-radius:8px">${block.rows
        .map(
          ([label, value], i) =>
            `<tr><td style="padding:10px 14px;${FONT};font-size:14px;color:${COLORS.muted};${i ? `border-top:1px solid ${COLORS.border};` : ''}width:40%">${escapeHtml(label)}</td><td style="padding:10px 14px;${FONT};font-size:14px;font-weight:bold;color:${COLORS.text};${i ? `border-top:1px solid ${COLORS.border};` : ''}">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'link':
      return `<p style="margin:0 0 16px;${FONT};font-size:13px;line-height:18px;color:${COLORS.muted}">${escapeHtml(block.text)} <a href="${escapeHtml(block.href)}" style="color:${COLORS.brandDark}">${escapeHtml(block.label)}</a></p>`;
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'p':
    case 'note':
      return block.text;
    case 'button':
      return `${block.label}: ${block.href}`;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'link':
      return `${block.text} ${block.label}: ${block.href}`;
  }
}

/** The shared layout: a brand bar with the site's name, the message, and a footer linking back. */
function layout(parts: Parts, ctx: MailContext): MailMessage {
  const home = absolute(ctx, '/');
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.page}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLORS.page}" style="background:${COLORS.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border:1px solid ${COLORS.border};border-radius:12px">
<tr><td bgcolor="${COLORS.brand}" style="height:6px;line-height:6px;font-size:0;background:${COLORS.brand};border-radius:12px 12px 0 0">&nbsp;</td></tr>
<tr><td style="padding:20px 28px 0"><a href="${escapeHtml(home)}" style="${FONT};font-size:20px;font-weight:bold;color:${COLORS.brandDeep};text-decoration:none">${escapeHtml(SITE_NAME)}</a></td></tr>
<tr><td style="padding:20px 28px 8px">
<h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:28px;color:${COLORS.text}">${escapeHtml(parts.subject)}</h1>
<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${COLORS.text}">${escapeHtml(parts.greeting)}</p>
${parts.blocks.map(blockHtml).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid ${COLORS.border}"><p style="margin:0;${FONT};font-size:12px;line-height:18px;color:${COLORS.muted}">Você recebeu esta mensagem porque tem uma conta no <a href="${escapeHtml(home)}" style="color:${COLORS.brandDark}">${escapeHtml(SITE_NAME)}</a>. Esta é uma mensagem automática: não responda.</p></td></tr>
</table>
</td></tr></table>
</body></html>`;
  const text = [
    parts.subject,
    '',
    parts.greeting,
    '',
    ...parts.blocks.flatMap((b) => [blockText(b), '']),
    '—',
    `${SITE_NAME}: ${home}`,
    'Esta é uma mensagem automática: não responda.',
    '',
  ].join('\n');
  return { subject: parts.subject, html, text, ...(parts.headers ? { headers: parts.headers } : {}) };
}

const hello = (name: string) => (name.trim() ? `Olá, ${name.trim()}!` : 'Olá!');

const BUILDERS: { [T in TemplateName]: (data: MailTemplates[T], ctx: MailContext) => Parts } = {
  confirm_email: (d, ctx) => ({
    subject: 'Confirme seu e-mail',
    greeting: hello(d.name),
    blocks: [
      { kind: 'p', text: `Falta pouco: confirme seu e-mail para usar sua conta no ${SITE_NAME}.` },
      {
        kind: 'button',
        label: 'Confirmar e-mail',
        href: absolute(ctx, `${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(d.token)}`),
      },
      {
        kind: 'note',
        text: `O link vale por ${CONFIRM_EMAIL_HOURS} horas e só pode ser usado uma vez. Se você não criou esta conta, ignore esta mensagem.`,
      },
    ],
  }),
  password_reset: (d, ctx) => ({
    subject: 'Redefina sua senha',
    greeting: hello(d.name),
    blocks: [
      { kind: 'p', text: 'Recebemos um pedido para redefinir a senha da sua conta.' },
      {
        kind: 'button',
        label: 'Criar nova senha',
        href: absolute(ctx, `${PASSWORD_RESET_PATH}?token=${encodeURIComponent(d.token)}`),
      },
      {
        kind: 'note',
        text: 'O link vale por 1 hora e só pode ser usado uma vez. Ao trocar a senha, todas as sessões abertas da conta são encerradas. Se você não pediu isso, ignore esta mensagem: sua senha continua a mesma.',
      },
    ],
  }),
  group_approved: (d, ctx) => ({
    subject: 'Seu grupo foi aprovado',
    greeting: hello(d.name),
    blocks: [
      { kind: 'p', text: `Boa notícia: o grupo "${d.groupTitle}" foi aprovado e já está no ${SITE_NAME}.` },
      { kind: 'button', label: 'Ver a página do grupo', href: absolute(ctx, d.groupPath) },
      {
        kind: 'note',
        text: 'A página pode levar alguns minutos para aparecer. Quer mais gente no grupo? Destaque-o no topo da página inicial.',
      },
    ],
  }),
  group_rejected: (d, ctx) => ({
    subject: 'Seu grupo não foi aprovado',
    greeting: hello(d.name),
    blocks: [
      { kind: 'p', text: `O grupo "${d.groupTitle}" não foi aprovado para o ${SITE_NAME}.` },
      { kind: 'facts', rows: [['Motivo', d.reason]] },
      { kind: 'p', text: 'Você pode enviar o grupo de novo depois de ajustá-lo às regras do diretório.' },
      { kind: 'button', label: 'Enviar um grupo', href: absolute(ctx, '/enviar') },
    ],
  }),
  group_hidden: (d, ctx) => ({
    subject: 'Seu grupo foi ocultado',
    greeting: hello(d.name),
    blocks: [
      {
        kind: 'p',
        text: `O grupo "${d.groupTitle}" foi ocultado do ${SITE_NAME} e não aparece mais nas buscas e listas.`,
      },
      { kind: 'facts', rows: [['Motivo', d.reason]] },
      { kind: 'p', text: 'A equipe vai revisar o caso. Veja seus grupos no painel.' },
      { kind: 'button', label: 'Abrir meu painel', href: absolute(ctx, '/painel') },
    ],
  }),
  payment_confirmed: (d, ctx) => ({
    subject: 'Pagamento confirmado: seu destaque está ativo',
    greeting: hello(d.name),
    blocks: [
      { kind: 'p', text: `Recebemos seu pagamento. O grupo "${d.groupTitle}" está em destaque.` },
      {
        kind: 'facts',
        rows: [
          ['Plano', `${d.planName} (${d.days} ${d.days === 1 ? 'dia' : 'dias'})`],
          ['Valor', formatBRL(d.amountCents)],
          ['Forma de pagamento', providerName(d.provider)],
          ['Período', `${formatDate(d.startDate)} a ${formatDate(d.endDate)}`],
          ['Pedido', d.orderId],
        ],
      },
      { kind: 'button', label: 'Ver meus destaques', href: absolute(ctx, '/painel') },
      { kind: 'note', text: 'Guarde este e-mail como comprovante.' },
    ],
  }),
  featuring_ending: (d, ctx) => ({
    subject: 'Seu destaque termina em 3 dias',
    greeting: hello(d.name),
    blocks: [
      {
        kind: 'p',
        text: `O destaque do grupo "${d.groupTitle}" termina em ${formatDate(d.endDate)}. Renove agora para continuar no topo: o novo período começa quando o atual acabar.`,
      },
      {
        kind: 'button',
        label: 'Renovar destaque',
        href: absolute(ctx, `/planos-destaque?groupId=${encodeURIComponent(d.groupId)}`),
      },
    ],
  }),
  featuring_ended: (d, ctx) => ({
    subject: 'Seu destaque terminou',
    greeting: hello(d.name),
    blocks: [
      {
        kind: 'p',
        text: `O destaque do grupo "${d.groupTitle}" terminou em ${formatDate(d.endDate)}. O grupo continua no diretório, mas saiu do topo da página inicial.`,
      },
      {
        kind: 'button',
        label: 'Destacar de novo',
        href: absolute(ctx, `/planos-destaque?groupId=${encodeURIComponent(d.groupId)}`),
      },
    ],
  }),
  link_dead: (d, ctx) => ({
    subject: 'O link do seu grupo parou de funcionar',
    greeting: hello(d.name),
    blocks: [
      {
        kind: 'p',
        text: `O link de convite do grupo "${d.groupTitle}" não abre mais no WhatsApp (foi revogado ou o grupo foi apagado), então o grupo saiu do ${SITE_NAME}.`,
      },
      {
        kind: 'p',
        text: DEAD_LINK_NEXT_STEP,
      },
      { kind: 'button', label: 'Atualizar link no painel', href: absolute(ctx, '/painel') },
    ],
  }),
  renewal_open: (d, ctx) => {
    const unsubscribe = absolute(
      ctx,
      `/api/renewal-reminders/unsubscribe?token=${encodeURIComponent(d.token)}`,
    );
    const titles = d.groupTitles.map((t) => `"${t}"`).join(', ');
    const more = d.more ? ` e mais ${d.more}` : '';
    return {
      subject: 'Seu grupo já pode ser renovado',
      greeting: hello(d.name),
      blocks: [
        {
          kind: 'p',
          text: `Já dá para renovar ${titles}${more} de graça. Renovar coloca o grupo de volta no topo dos Últimos Grupos e da categoria.`,
        },
        { kind: 'button', label: 'Renovar no painel', href: absolute(ctx, '/painel') },
        {
          kind: 'link',
          text: 'Você pediu este aviso no painel (no máximo um por dia).',
          label: 'Não quero mais estes avisos',
          href: unsubscribe,
        },
      ],
      // One-click unsubscribe from the mail client's own button (RFC 8058).
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  },
};

/** Render one message. */
export function renderMail<T extends TemplateName>(
  template: T,
  data: MailTemplates[T],
  ctx: MailContext,
): MailMessage {
  return layout(BUILDERS[template](data, ctx), ctx);
}
