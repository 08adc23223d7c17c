import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin.ts';

describe('sameOriginPath', () => {
  it('keeps a path of this site, query and hash included', () => {
    expect(sameOriginPath('/categoria/18?pagina=2#lista')).toBe('/categoria/18?pagina=2#lista');
    expect(sameOriginPath('/')).toBe('/');
  });

  it('refuses anything the browser would take to another host', () => {
    for (const value of [
      '/\t/evil.example/phish',
      '/\n/evil.example',
      '/\r/evil.example',
      '//evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '/\t\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      ' /x',
      '',
    ])
      expect(sameOriginPath(value), JSON.stringify(value)).toBe('/');
  });

  it('uses the fallback given, and refuses what is not a string', () => {
    expect(sameOriginPath(null, '/painel')).toBe('/painel');
    expect(sameOriginPath(undefined)).toBe('/');
    expect(sameOriginPath('//x', '/admin')).toBe('/admin');
  });
});
