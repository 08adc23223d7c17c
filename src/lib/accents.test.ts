import { describe, expect, it } from 'vitest';
import { withoutAccents } from './accents.ts';

describe('withoutAccents', () => {
  it('drops the accents of Portuguese letters and keeps everything else', () => {
    expect(withoutAccents('Educação, Religião e Ônibus à Noite')).toBe('Educacao, Religiao e Onibus a Noite');
    expect(withoutAccents('Futebol ⚽ 2025 – grupo')).toBe('Futebol ⚽ 2025 – grupo');
  });
});
