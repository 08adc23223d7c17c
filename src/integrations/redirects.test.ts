import { describe, expect, it } from 'vitest';
import { redirectsFile } from './redirects.ts';

describe('redirectsFile', () => {
  it('writes one 301 rule per former address, after a comment line', () => {
    const text = redirectsFile([
      { from: '/esportes/nome-antigo', to: '/esportes/nome-novo' },
      { from: '/games/clube', to: '/tecnologia/clube' },
    ]);
    expect(text.split('\n')).toEqual([
      expect.stringMatching(/^# /),
      '/esportes/nome-antigo /esportes/nome-novo 301',
      '/games/clube /tecnologia/clube 301',
      '',
    ]);
  });

  it('is only the comment when no group has moved', () => {
    expect(redirectsFile([]).trim().split('\n')).toHaveLength(1);
  });
});
