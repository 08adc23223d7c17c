import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from './json-ld.ts';

describe('serializeJsonLd', () => {
  it('cannot be closed or commented out by user text', () => {
    const data = {
      '@type': 'Thing',
      name: '</script><script>alert(1)</script>',
      description: '<!-- comentário --> & </SCRIPT >',
    };
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/<\//);
    expect(json).not.toMatch(/<!--/);
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    expect(JSON.parse(json)).toEqual(data);
  });

  it('keeps accents and line separators round-tripping', () => {
    const data = [{ name: 'Educação \u2028 Religião' }, { url: 'https://example.com/?a=1&b=2' }];
    const json = serializeJsonLd(data);
    expect(json).not.toContain('\u2028');
    expect(json).toContain('Educação');
    expect(JSON.parse(json)).toEqual(data);
  });
});
