import { describe, expect, it } from 'vitest';
import { type MailTemplates, renderMail, type TemplateName } from './templates.ts';

const ctx = { siteUrl: 'https://gruposdezap.com.br' };
const evil = `<img src=x onerror="alert(1)"> & 'co'`;
const escaped = '&#60;img src=x onerror=&#34;alert(1)&#34;&#62; &#38; &#39;co&#39;';

const samples: { [T in TemplateName]: MailTemplates[T] } = {
  confirm_email: { name: evil, token: 'tok"en<' },
  password_reset: { name: evil, token: 'abc' },
  group_approved: { name: evil, groupTitle: evil, groupPath: '/tecnologia/x' },
  group_rejected: { name: evil, groupTitle: evil, reason: evil },
  group_hidden: { name: evil, groupTitle: evil, reason: evil, groupId: 'g1' },
  appeal_decided: { name: evil, groupTitle: evil, decision: 'keep', reason: evil, stillHidden: true },
  payment_confirmed: {
    name: evil,
    groupTitle: evil,
    planName: evil,
    days: 7,
    amountCents: 123456,
    provider: 'mercadopago',
    startDate: '2026-06-01T12:00:00Z',
    endDate: '2026-06-08T12:00:00Z',
    orderId: 'o1',
    withdrawableUntil: '2026-06-09T02:59:59Z',
  },
  payment_refunded: {
    name: evil,
    groupTitle: evil,
    planName: evil,
    amountCents: 123456,
    provider: 'stripe',
    orderId: 'o1',
    source: 'owner',
    featuredUntil: '2026-06-20T12:00:00Z',
  },
  featuring_ending: { name: evil, groupTitle: evil, groupId: 'g1', endDate: '2026-06-08T12:00:00Z' },
  featuring_ended: { name: evil, groupTitle: evil, groupId: 'g1', endDate: '2026-06-08T12:00:00Z' },
  link_dead: { name: evil, groupTitle: evil },
  group_claimed: { name: evil, groupTitle: evil },
  email_change: { name: evil, token: 'abc', newEmail: evil },
  email_changed: { name: evil, newEmail: evil },
  password_changed: { name: evil },
  account_deleted: { name: evil, groups: 2 },
  legal_notice_received: {
    name: evil,
    protocol: 'JUR-2026-3F9A0C7B21E4',
    kindLabel: 'Imagens íntimas',
    groupTitle: evil,
    token: 'tok',
  },
  appeal_admin: { groupTitle: evil, reasonLabel: 'Removido pelo admin', dueAt: '2026-11-29T12:00:00.000Z' },
  legal_notice_admin: {
    protocol: 'JUR-2026-3F9A0C7B21E4',
    kindLabel: 'Abuso',
    groupTitle: evil,
    hidden: true,
  },
  legal_notice_decided: {
    name: evil,
    protocol: 'JUR-2026-3F9A0C7B21E4',
    groupTitle: evil,
    decision: 'remove',
    reason: evil,
  },
  legal_notice_group_removed: {
    name: evil,
    groupTitle: evil,
    protocol: 'JUR-2026-3F9A0C7B21E4',
    reason: evil,
    groupId: 'g1',
  },
  renewal_open: { name: evil, groupTitles: [evil], more: 2, token: 'u.sig' },
};

describe('renderMail', () => {
  for (const template of Object.keys(samples) as TemplateName[]) {
    it(`${template}: both parts, the site's name and link, user text escaped in HTML only`, () => {
      const mail = renderMail(template, samples[template] as never, ctx);
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.html).toContain('Grupos de Zap');
      expect(mail.html).toContain('href="https://gruposdezap.com.br/"');
      expect(mail.text).toContain('Grupos de Zap: https://gruposdezap.com.br/');
      expect(mail.html).not.toContain('<img');
      expect(mail.html).toContain(escaped);
      expect(mail.text).toContain(evil);
    });
  }

  it('puts links on the site, the token URL-encoded, and the receipt in reais', () => {
    const confirm = renderMail('confirm_email', samples.confirm_email, ctx);
    expect(confirm.text).toContain('https://gruposdezap.com.br/auth/confirmar-email?token=tok%22en%3C');
    const receipt = renderMail('payment_confirmed', samples.payment_confirmed, ctx);
    expect(receipt.text).toContain('Valor: R$ 1.234,56');
    expect(receipt.text).toContain('Forma de pagamento: Mercado Pago');
    expect(receipt.text).toContain('Período: 01/06/2026 a 08/06/2026');
    expect(receipt.text).toContain('desistir da compra até 08/06/2026');
    const refund = renderMail('payment_refunded', samples.payment_refunded, ctx);
    expect(refund.text).toContain('Recebemos sua desistência da compra');
    expect(refund.text).toContain('Valor devolvido: R$ 1.234,56');
    expect(refund.text).toContain('continua em destaque até 20/06/2026');
    const byAdmin = renderMail(
      'payment_refunded',
      { ...samples.payment_refunded, source: 'admin', featuredUntil: null, groupTitle: null },
      ctx,
    );
    expect(byAdmin.text).toContain('Seu pedido de destaque foi reembolsado');
    expect(byAdmin.text).toContain('Grupo: Grupo excluído');
    expect(byAdmin.text).toContain('saiu do topo da página inicial');
    // Told why, and able to contest (#41): both owner notices carry the panel's 'Contestar' link.
    for (const t of ['group_hidden', 'legal_notice_group_removed'] as const)
      expect(renderMail(t, samples[t], ctx).text).toContain(
        'Contestar: https://gruposdezap.com.br/painel?contestar=g1',
      );
    const ending = renderMail('featuring_ending', samples.featuring_ending, ctx);
    expect(ending.text).toContain('https://gruposdezap.com.br/planos-destaque?groupId=g1');
  });
});
