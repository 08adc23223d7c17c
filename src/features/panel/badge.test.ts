import { describe, expect, it } from 'vitest';
import { BADGE_TEXT, badgeSnippet } from './badge.ts';

describe('badgeSnippet', () => {
  it('links to the page with the group title escaped', () => {
    const html = badgeSnippet({
      title: 'Vendas "top" <script>alert(1)</script> & cia',
      url: 'https://gruposdezap.com.br/vendas/vendas-top',
    });
    expect(BADGE_TEXT).toBe('Estamos no Grupos de Zap');
    expect(html).toContain('href="https://gruposdezap.com.br/vendas/vendas-top"');
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      'title="Vendas &#34;top&#34; &#60;script&#62;alert(1)&#60;/script&#62; &#38; cia no Grupos de Zap"',
    );
    // Parsed as HTML, it is one link and nothing else.
    expect(html.match(/</g)).toHaveLength(2);
    expect(html).toMatch(/^<a [^<]*>Estamos no Grupos de Zap<\/a>$/);
  });
});
