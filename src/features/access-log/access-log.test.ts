import { describe, expect, it } from 'vitest';
import { accessLogRange, normaliseEmail } from './access-log.ts';

describe('accessLogRange', () => {
  it('reads days as São Paulo days, --to included', () => {
    expect(accessLogRange('2026-11-01', '2026-11-02')).toEqual({
      from: new Date('2026-11-01T03:00:00Z'),
      to: new Date('2026-11-03T03:00:00Z'),
    });
  });

  it('takes ISO instants as they are, and refuses nonsense or an empty range', () => {
    expect(accessLogRange('2026-11-01T10:00:00Z', '2026-11-01T11:00:00Z')).toEqual({
      from: new Date('2026-11-01T10:00:00Z'),
      to: new Date('2026-11-01T11:00:00Z'),
    });
    expect(() => accessLogRange('ontem', '2026-11-01')).toThrow('data inválida: ontem');
    expect(() => accessLogRange('2026-11-02T00:00:00Z', '2026-11-01T00:00:00Z')).toThrow(
      '--to deve ser depois',
    );
  });

  it('normalises an e-mail as accounts compare them', () => {
    expect(normaliseEmail('  Maria@Exemplo.COM ')).toBe('maria@exemplo.com');
  });
});
