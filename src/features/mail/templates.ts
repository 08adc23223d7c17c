// The e-mails the product sends, as pure functions: data in, { subject, html, text } out, in pt-BR.
// One shared layout (tables and inline styles, so Gmail and Outlook show it as meant); every value
// that comes from a user (names, group titles, reasons) is escaped in the HTML part.
import { DEAD_LINK_NEXT_STEP } from '#src/features/groups/groups.ts';
import { formatBRL, formatDate, formatDateTime, formatOrderNumber } from '#src/lib/format.ts';
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
/** The page that confirms a legal notice's e-mail (intimate images: the group is hidden then). */
export const LEGAL_NOTICE_CONFIRM_PATH = '/denuncia-juridica/confirmar';

/** What each template needs. Dates are ISO strings (the payload is stored as JSON). */
export interface MailTemplates {
  confirm_email: { name: string; token: string };
  password_reset: { name: string; token: string };
  group_approved: { name: string; groupTitle: string; groupPath: string };
  group_rejected: { name: string; groupTitle: string; reason: string };
  /** groupId: the panel's 'Contestar' link opens that group's appeal */
  group_hidden: { name: string; groupTitle: string; reason: string; groupId: string; removed?: boolean };
  /** to every admin: an owner contested a decision (same clock as a legal notice) */
  appeal_admin: { groupTitle: string; reasonLabel: string; dueAt: string };
  /** to the owner: an appeal's outcome and reason (stillHidden: another hold, or 'keep', keeps it off) */
  appeal_decided: {
    name: string;
    groupTitle: string;
    decision: 'restore' | 'keep';
    reason: string;
    stillHidden: boolean;
  };
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
    /** the order's short number (messages queued before it existed have none) */
    orderNumber?: number;
    /** the last moment the buyer may withdraw (CDC art. 49) */
    withdrawableUntil: string;
  };
  payment_refunded: {
    name: string;
    /** null once the group was deleted */
    groupTitle: string | null;
    planName: string;
    amountCents: number;
    provider: string;
    orderId: string;
    orderNumber?: number;
    /** who asked: the owner's withdrawal, an admin, the provider's dashboard, or a removal (unused days) */
    source: 'owner' | 'admin' | 'provider' | 'removal' | 'unserved';
    /** the group's featuring end left by other paid time, or null when it is no longer featured */
    featuredUntil: string | null;
  };
  featuring_ending: { name: string; groupTitle: string; groupId: string; endDate: string };
  featuring_ended: { name: string; groupTitle: string; groupId: string; endDate: string };
  link_dead: { name: string; groupTitle: string };
  group_claimed: { name: string; groupTitle: string };
  /** to the NEW address: the link that confirms it and applies the change */
  email_change: { name: string; token: string; newEmail: string };
  /** to the OLD address, once the change is applied */
  email_changed: { name: string; newEmail: string };
  /** after 'Alterar senha' in the panel: the other sessions ended */
  password_changed: { name: string };
  /** the last message to a deleted account's address (captured before the account was deleted) */
  account_deleted: {
    name: string;
    groups: number;
    /** paid orders still within the withdrawal window, withdrawn and refunded in full by the deletion */
    refunds?: { amountCents: number; orderNumber: number }[];
  };
  /** to the notifier: the protocol, and for intimate images the link that confirms their e-mail */
  legal_notice_received: {
    name: string;
    protocol: string;
    kindLabel: string;
    groupTitle: string;
    token?: string;
  };
  /** to every admin: a notice that needs a look now (child abuse, or a group hidden automatically) */
  legal_notice_admin: {
    protocol: string;
    kindLabel: string;
    groupTitle: string;
    hidden: boolean;
    /** the site-wide daily bound on automatic hides was past: a possible flood, decide first */
    pastCap?: boolean;
  };
  /** to the notifier: the decision and its reason */
  legal_notice_decided: {
    name: string;
    protocol: string;
    groupTitle: string;
    decision: 'remove' | 'keep';
    reason: string;
  };
  /** to the group's owner: the group was removed after a legal notice */
  legal_notice_group_removed: {
    name: string;
    groupTitle: string;
    protocol: string;
    reason: string;
    groupId: string;
  };
  /** token: the signed unsubscribe token (scrubbed from the outbox once sent) */
  renewal_open: { name: string; groupTitles: string[]; more: number; token: string };
}

export type TemplateName = keyof MailTemplates;

/** Templates sent even to an address that is not confirmed yet (they are how it gets confirmed or back in). */
export const SENT_TO_UNCONFIRMED: readonly TemplateName[] = [
  'confirm_email',
  'password_reset',
  'email_change',
  'email_changed',
  'password_changed',
  'account_deleted',
  // A notifier wrote to us and asked for these, account or not (the first one confirms their address).
  'legal_notice_received',
  'legal_notice_decided',
];

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
  /** why the person gets this message, when it is not because they have an account */
  footer?: string;
  headers?: Record<string, string>;
}

function absolute(ctx: MailContext, path: string): string {
  return new URL(path, ctx.siteUrl).toString();
}

/** The panel with the group's 'Contestar' dialog open. */
function contestLink(ctx: MailContext, groupId: string): string {
  return absolute(ctx, `/painel?contestar=${encodeURIComponent(groupId)}`);
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
<tr><td style="padding:16px 28px 24px;border-top:1px solid ${COLORS.border}"><p style="margin:0;${FONT};font-size:12px;line-height:18px;color:${COLORS.muted}">${parts.footer ? escapeHtml(parts.footer) : `Você recebeu esta mensagem porque tem uma conta no <a href="${escapeHtml(home)}" style="color:${COLORS.brandDark}">${escapeHtml(SITE_NAME)}</a>.`} Esta é uma mensagem automática: não responda.</p></td></tr>
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

const p = (text: string): Block => ({ kind: 'p', text });
const note = (text: string): Block => ({ kind: 'note', text });
const facts = (rows: [string, string][]): Block => ({ kind: 'facts', rows });
const button = (label: string, href: string): Block => ({ kind: 'button', label, href });
const link = (text: string, label: string, href: string): Block => ({ kind: 'link', text, label, href });

/** The refund e-mail's first sentence, by who asked for it. */
function refundOpening(source: MailTemplates['payment_refunded']['source']): string {
  if (source === 'owner')
    return 'Recebemos sua desistência da compra. Devolvemos o valor total pelo mesmo meio de pagamento.';
  if (source === 'removal')
    return 'Seu grupo foi removido do site. Devolvemos o valor dos dias de destaque que não foram usados, pelo mesmo meio de pagamento.';
  if (source === 'unserved')
    return 'O pagamento do seu pedido de destaque chegou quando ele não podia mais ser ativado: o pedido tinha sido cancelado, ou uma desistência recente impede uma nova compra por enquanto. Devolvemos o valor total pelo mesmo meio de pagamento.';
  return 'Seu pedido de destaque foi reembolsado. Devolvemos o valor total pelo mesmo meio de pagamento.';
}

const hello = (name: string) => (name.trim() ? `Olá, ${name.trim()}!` : 'Olá!');

const BUILDERS: { [T in TemplateName]: (data: MailTemplates[T], ctx: MailContext) => Parts } = {
  confirm_email: (d, ctx) => ({
    subject: 'Confirme seu e-mail',
    greeting: hello(d.name),
    blocks: [
      p(`Falta pouco: confirme seu e-mail para usar sua conta no ${SITE_NAME}.`),
      button('Confirmar e-mail', absolute(ctx, `${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(d.token)}`)),
      note(
        `O link vale por ${CONFIRM_EMAIL_HOURS} horas e só pode ser usado uma vez. Se você não criou esta conta, ignore esta mensagem.`,
      ),
    ],
  }),
  password_reset: (d, ctx) => ({
    subject: 'Redefina sua senha',
    greeting: hello(d.name),
    blocks: [
      p('Recebemos um pedido para redefinir a senha da sua conta.'),
      button(
        'Criar nova senha',
        absolute(ctx, `${PASSWORD_RESET_PATH}?token=${encodeURIComponent(d.token)}`),
      ),
      note(
        'O link vale por 1 hora e só pode ser usado uma vez. Ao trocar a senha, todas as sessões abertas da conta são encerradas. Se você não pediu isso, ignore esta mensagem: sua senha continua a mesma.',
      ),
    ],
  }),
  group_approved: (d, ctx) => ({
    subject: 'Seu grupo foi aprovado',
    greeting: hello(d.name),
    blocks: [
      p(`Boa notícia: o grupo "${d.groupTitle}" foi aprovado e já está no ${SITE_NAME}.`),
      button('Ver a página do grupo', absolute(ctx, d.groupPath)),
      note(
        'A página pode levar alguns minutos para aparecer. Quer mais gente no grupo? Destaque-o no topo da página inicial.',
      ),
    ],
  }),
  group_rejected: (d, ctx) => ({
    subject: 'Seu grupo não foi aprovado',
    greeting: hello(d.name),
    blocks: [
      p(`O grupo "${d.groupTitle}" não foi aprovado para o ${SITE_NAME}.`),
      facts([['Motivo', d.reason]]),
      p('Você pode enviar o grupo de novo depois de ajustá-lo às regras do diretório.'),
      button('Enviar um grupo', absolute(ctx, '/enviar')),
    ],
  }),
  group_hidden: (d, ctx) => ({
    subject: d.removed ? 'Seu grupo foi removido' : 'Seu grupo foi ocultado',
    greeting: hello(d.name),
    blocks: [
      p(
        d.removed
          ? `O grupo "${d.groupTitle}" foi removido do ${SITE_NAME} pela equipe e não aparece mais no site.`
          : `O grupo "${d.groupTitle}" foi ocultado do ${SITE_NAME} e não aparece mais nas buscas e listas.`,
      ),
      facts([['Motivo', d.reason]]),
      p(
        "Se você discorda, conteste: explique por que o grupo deve voltar ao ar e a equipe revisa a decisão. Use 'Contestar' no seu painel.",
      ),
      button('Contestar', contestLink(ctx, d.groupId)),
    ],
  }),
  appeal_admin: (d, ctx) => ({
    subject: `Contestação recebida: ${d.groupTitle}`,
    greeting: 'Olá!',
    blocks: [
      p(
        `O dono do grupo "${d.groupTitle}" contestou a decisão que o tirou do ar e aguarda a revisão da equipe.`,
      ),
      facts([
        ['Decisão contestada', d.reasonLabel],
        ['Decidir até', formatDateTime(d.dueAt)],
      ]),
      button('Abrir Contestações', absolute(ctx, '/admin/contestacoes')),
      note('Quem colocou ou decidiu a retenção não decide a contestação quando há outro administrador.'),
    ],
  }),
  appeal_decided: (d, ctx) => ({
    subject:
      d.decision === 'restore'
        ? 'Contestação aceita: seu grupo foi revisto'
        : 'Contestação analisada: decisão mantida',
    greeting: hello(d.name),
    blocks: [
      p(
        d.decision === 'keep'
          ? `Analisamos sua contestação sobre o grupo "${d.groupTitle}" e mantivemos a decisão: ele continua fora do ar.`
          : d.stillHidden
            ? `Aceitamos sua contestação sobre o grupo "${d.groupTitle}". Ele ainda está fora do ar por outro motivo, que aparece no seu painel.`
            : `Aceitamos sua contestação: o grupo "${d.groupTitle}" voltou ao ${SITE_NAME}.`,
      ),
      facts([['Motivo da decisão', d.reason]]),
      button('Abrir meu painel', absolute(ctx, '/painel')),
    ],
  }),
  payment_confirmed: (d, ctx) => ({
    subject: 'Pagamento confirmado: seu destaque está ativo',
    greeting: hello(d.name),
    blocks: [
      p(`Recebemos seu pagamento. O grupo "${d.groupTitle}" está em destaque.`),
      facts([
        ['Plano', `${d.planName} (${d.days} ${d.days === 1 ? 'dia' : 'dias'})`],
        ['Valor', formatBRL(d.amountCents)],
        ['Forma de pagamento', providerName(d.provider)],
        ['Período', `${formatDate(d.startDate)} a ${formatDate(d.endDate)}`],
        ['Pedido', d.orderNumber ? formatOrderNumber(d.orderNumber) : d.orderId],
      ]),
      button('Ver meus destaques', absolute(ctx, '/painel')),
      note(
        `Você pode desistir da compra até ${formatDate(d.withdrawableUntil)}, com devolução do valor total: use 'Desistir da compra' em Meus Destaques, no seu painel.`,
      ),
      note('Guarde este e-mail como comprovante.'),
    ],
  }),
  payment_refunded: (d, ctx) => ({
    subject: 'Reembolso feito: seu pedido de destaque',
    greeting: hello(d.name),
    blocks: [
      p(refundOpening(d.source)),
      facts([
        ['Grupo', d.groupTitle ?? 'Grupo excluído'],
        ['Plano', d.planName],
        ['Valor devolvido', formatBRL(d.amountCents)],
        ['Forma de pagamento', providerName(d.provider)],
        ['Pedido', d.orderNumber ? formatOrderNumber(d.orderNumber) : d.orderId],
      ]),
      p(
        d.featuredUntil
          ? `O destaque comprado neste pedido foi retirado. O grupo continua em destaque até ${formatDate(d.featuredUntil)} por outro período pago.`
          : 'O destaque comprado neste pedido foi retirado: o grupo saiu do topo da página inicial.',
      ),
      button('Ver meus destaques', absolute(ctx, '/painel')),
      note(
        'O valor aparece conforme o prazo do meio de pagamento (no cartão, na fatura atual ou na seguinte).',
      ),
    ],
  }),
  featuring_ending: (d, ctx) => ({
    subject: 'Seu destaque termina em 3 dias',
    greeting: hello(d.name),
    blocks: [
      p(
        `O destaque do grupo "${d.groupTitle}" termina em ${formatDate(d.endDate)}. Renove agora para continuar no topo: o novo período começa quando o atual acabar.`,
      ),
      button('Renovar destaque', absolute(ctx, `/planos-destaque?groupId=${encodeURIComponent(d.groupId)}`)),
    ],
  }),
  featuring_ended: (d, ctx) => ({
    subject: 'Seu destaque terminou',
    greeting: hello(d.name),
    blocks: [
      p(
        `O destaque do grupo "${d.groupTitle}" terminou em ${formatDate(d.endDate)}. O grupo continua no diretório, mas saiu do topo da página inicial.`,
      ),
      button('Destacar de novo', absolute(ctx, `/planos-destaque?groupId=${encodeURIComponent(d.groupId)}`)),
    ],
  }),
  link_dead: (d, ctx) => ({
    subject: 'O link do seu grupo parou de funcionar',
    greeting: hello(d.name),
    blocks: [
      p(
        `O link de convite do grupo "${d.groupTitle}" não abre mais no WhatsApp (foi revogado ou o grupo foi apagado), então o grupo saiu do ${SITE_NAME}.`,
      ),
      p(DEAD_LINK_NEXT_STEP),
      button('Atualizar link no painel', absolute(ctx, '/painel')),
    ],
  }),
  group_claimed: (d, ctx) => ({
    subject: 'Seu grupo passou para outra conta',
    greeting: hello(d.name),
    blocks: [
      p(
        `O grupo "${d.groupTitle}" saiu da sua conta no ${SITE_NAME}: outra pessoa o reivindicou pondo um código de verificação no nome do grupo no WhatsApp, o que só os administradores do grupo conseguem fazer.`,
      ),
      p('A página do grupo, os cliques e o destaque pago continuam com o grupo.'),
      note(
        'Se você não reconhece esta mudança, confira no WhatsApp quem administra o grupo e deixe só os administradores editarem os dados do grupo; depois, reivindique-o de volta pelo painel (Reivindicar grupo).',
      ),
      button('Abrir meu painel', absolute(ctx, '/painel')),
    ],
  }),
  email_change: (d, ctx) => ({
    subject: 'Confirme seu novo e-mail',
    greeting: hello(d.name),
    blocks: [
      p(`Você pediu para usar ${d.newEmail} na sua conta do ${SITE_NAME}. Confirme para concluir a troca.`),
      button(
        'Confirmar novo e-mail',
        absolute(ctx, `${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(d.token)}`),
      ),
      note(
        `O link vale por ${CONFIRM_EMAIL_HOURS} horas e só pode ser usado uma vez. Até lá, o e-mail antigo continua valendo. Se você não pediu isso, ignore esta mensagem.`,
      ),
    ],
  }),
  email_changed: (d, ctx) => ({
    subject: 'O e-mail da sua conta foi alterado',
    greeting: hello(d.name),
    blocks: [
      p(
        `O e-mail da sua conta no ${SITE_NAME} agora é ${d.newEmail}. Este endereço não recebe mais nossas mensagens.`,
      ),
      note(
        'Se não foi você, fale com a equipe pelo e-mail de contato do rodapé do site o quanto antes: alguém pode ter acessado sua conta.',
      ),
      button('Abrir o site', absolute(ctx, '/')),
    ],
  }),
  password_changed: (d, ctx) => ({
    subject: 'A senha da sua conta foi alterada',
    greeting: hello(d.name),
    blocks: [
      p(
        `A senha da sua conta no ${SITE_NAME} foi alterada em 'Meus dados'. As sessões abertas nos outros aparelhos foram encerradas.`,
      ),
      note(
        "Se não foi você, crie uma nova senha agora em 'Esqueci minha senha' e fale com a equipe pelo e-mail de contato do rodapé do site.",
      ),
      button('Criar nova senha', absolute(ctx, '/auth/esqueci-senha')),
    ],
  }),
  account_deleted: (d, ctx) => ({
    subject: 'Sua conta foi excluída',
    greeting: hello(d.name),
    blocks: [
      p(
        `Excluímos sua conta no ${SITE_NAME}, como você pediu. ${
          d.groups === 0
            ? 'Você não tinha grupos cadastrados.'
            : d.groups === 1
              ? 'Seu grupo saiu do site.'
              : `Seus ${d.groups} grupos saíram do site.`
        } Todas as sessões foram encerradas.`,
      ),
      ...(d.refunds?.length
        ? [
            p(
              `Como ${d.refunds.length === 1 ? 'um pedido de destaque estava' : 'pedidos de destaque estavam'} no prazo de desistência, ${d.refunds.length === 1 ? 'ele foi cancelado' : 'eles foram cancelados'} e o valor total volta pelo mesmo meio de pagamento: ${d.refunds.map((r) => `${formatOrderNumber(r.orderNumber)} (${formatBRL(r.amountCents)})`).join(', ')}.`,
            ),
          ]
        : []),
      note(
        'Guardamos apenas o que a lei exige: pedidos e pagamentos, sem seu nome e e-mail (obrigação fiscal), e os registros de acesso (endereço IP e horário) por 6 meses, como manda o Marco Civil da Internet.',
      ),
      button('Abrir o site', absolute(ctx, '/')),
    ],
  }),
  legal_notice_received: (d, ctx) => ({
    subject: `Recebemos sua denúncia jurídica ${d.protocol}`,
    greeting: hello(d.name),
    footer: `Você recebeu esta mensagem porque enviou uma denúncia jurídica ao ${SITE_NAME}.`,
    blocks: [
      p('Recebemos sua denúncia. Guarde o número do protocolo: ele identifica o seu caso.'),
      facts([
        ['Protocolo', d.protocol],
        ['Tipo', d.kindLabel],
        ['Grupo', d.groupTitle],
      ]),
      ...(d.token
        ? ([
            p(
              'Confirme que este e-mail é seu: assim que você confirmar, o grupo sai do ar até a nossa análise.',
            ),
            button(
              'Confirmar e ocultar o grupo',
              absolute(ctx, `${LEGAL_NOTICE_CONFIRM_PATH}?token=${encodeURIComponent(d.token)}`),
            ),
            note(`O link vale por ${CONFIRM_EMAIL_HOURS} horas e só pode ser usado uma vez.`),
          ] satisfies Block[])
        : []),
      note(
        'Nossa equipe analisa cada denúncia em até 24 horas e responde a este e-mail com a decisão. Se você não enviou esta denúncia, ignore esta mensagem.',
      ),
    ],
  }),
  legal_notice_admin: (d, ctx) => ({
    subject: `Denúncia jurídica ${d.protocol}: ${d.kindLabel}`,
    greeting: 'Olá!',
    blocks: [
      p(
        d.hidden
          ? `O grupo "${d.groupTitle}" foi ocultado automaticamente e aguarda a sua decisão.`
          : `O grupo "${d.groupTitle}" recebeu uma denúncia que precisa de análise agora. Ele não foi ocultado automaticamente.`,
      ),
      ...(d.pastCap
        ? [
            p(
              'Atenção: o limite diário de ocultações automáticas do site foi ultrapassado (pode ser uma onda de denúncias falsas). Esta notificação está no topo da fila.',
            ),
          ]
        : []),
      facts([
        ['Protocolo', d.protocol],
        ['Tipo', d.kindLabel],
      ]),
      button('Abrir notificações jurídicas', absolute(ctx, '/admin/notificacoes-juridicas')),
      note('Prazo: decidir em até 24 horas desde o recebimento.'),
    ],
  }),
  legal_notice_decided: (d) => ({
    subject: `Decisão sobre a denúncia ${d.protocol}`,
    greeting: hello(d.name),
    footer: `Você recebeu esta mensagem porque enviou uma denúncia jurídica ao ${SITE_NAME}.`,
    blocks: [
      p(
        d.decision === 'remove'
          ? `Analisamos sua denúncia e removemos o grupo "${d.groupTitle}" do ${SITE_NAME}.`
          : `Analisamos sua denúncia e decidimos manter o grupo "${d.groupTitle}" no ${SITE_NAME}.`,
      ),
      facts([
        ['Protocolo', d.protocol],
        ['Decisão', d.decision === 'remove' ? 'Grupo removido' : 'Grupo mantido'],
        ['Motivo', d.reason],
      ]),
    ],
  }),
  legal_notice_group_removed: (d, ctx) => ({
    subject: 'Seu grupo foi removido',
    greeting: hello(d.name),
    blocks: [
      p(`O grupo "${d.groupTitle}" foi removido do ${SITE_NAME} depois da análise de uma denúncia jurídica.`),
      facts([
        ['Protocolo', d.protocol],
        ['Motivo', d.reason],
      ]),
      p("Se você discorda, conteste: use 'Contestar' no seu painel e explique por que o grupo deve voltar."),
      button('Contestar', contestLink(ctx, d.groupId)),
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
        p(
          `Já dá para renovar ${titles}${more}. Renovar é grátis: põe o grupo de volta no topo dos Últimos Grupos e da categoria, uma vez por dia (não é o destaque pago).`,
        ),
        button('Renovar no painel', absolute(ctx, '/painel')),
        link(
          'Você pediu este aviso no painel (no máximo um por dia).',
          'Não quero mais estes avisos',
          unsubscribe,
        ),
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
