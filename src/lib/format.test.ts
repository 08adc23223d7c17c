import { describe, expect, it } from 'vitest';
import {
  countLabel,
  formatBRL,
  formatCount,
  formatDate,
  formatRelative,
  formatYear,
  pluralize,
} from './format.ts';

describe('formatBRL', () => {
  it('formats centavos as reais with a plain space, as the spec shows', () => {
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(990)).toBe('R$ 9,90');
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
    expect(formatBRL(100000000)).toBe('R$ 1.000.000,00');
  });

  it('never contains a no-break space', () => {
    expect(formatBRL(2990)).not.toMatch(/[\u00A0\u202F]/);
  });

  it('handles negatives, fractions of a centavo and invalid input', () => {
    expect(formatBRL(-1500)).toBe('-R$ 15,00');
    expect(formatBRL(-0)).toBe('R$ 0,00');
    expect(formatBRL(1999.6)).toBe('R$ 20,00');
    expect(formatBRL(Number.NaN)).toBe('R$ 0,00');
  });
});

describe('formatYear', () => {
  it('is the year in Brasília, which turns three hours after UTC', () => {
    expect(formatYear('2026-06-01T12:00:00Z')).toBe('2026');
    expect(formatYear('2027-01-01T02:59:00Z')).toBe('2026');
    expect(formatYear('2027-01-01T03:00:00Z')).toBe('2027');
  });
});

describe('formatDate', () => {
  it('shows dd/MM/yyyy', () => {
    expect(formatDate(new Date('2025-03-07T15:00:00Z'))).toBe('07/03/2025');
    expect(formatDate('2024-12-25T12:00:00.000Z')).toBe('25/12/2024');
    expect(formatDate(Date.UTC(2025, 0, 9, 12))).toBe('09/01/2025');
  });

  it('uses Brasília time, not UTC', () => {
    // 02:00 UTC on 1 January is still 31 December in São Paulo (UTC-3).
    expect(formatDate('2025-01-01T02:00:00Z')).toBe('31/12/2024');
    expect(formatDate('2025-01-01T03:00:00Z')).toBe('01/01/2025');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatRelative', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('says "agora mesmo" within a minute, either way', () => {
    expect(formatRelative(now, now)).toBe('agora mesmo');
    expect(formatRelative(ago(59), now)).toBe('agora mesmo');
    expect(formatRelative(ago(-30), now)).toBe('agora mesmo');
  });

  it('counts minutes, hours, days, weeks, months and years in Portuguese', () => {
    expect(formatRelative(ago(60), now)).toBe('há 1 minuto');
    expect(formatRelative(ago(5 * 60), now)).toBe('há 5 minutos');
    expect(formatRelative(ago(2 * 3600), now)).toBe('há 2 horas');
    expect(formatRelative(ago(2 * 3600 + 3599), now)).toBe('há 2 horas');
    expect(formatRelative(ago(86_400), now)).toBe('há 1 dia');
    expect(formatRelative(ago(3 * 86_400), now)).toBe('há 3 dias');
    expect(formatRelative(ago(14 * 86_400), now)).toBe('há 2 semanas');
    expect(formatRelative(ago(45 * 86_400), now)).toBe('há 1 mês');
    expect(formatRelative(ago(90 * 86_400), now)).toBe('há 3 meses');
    expect(formatRelative(ago(800 * 86_400), now)).toBe('há 2 anos');
  });

  it('accepts ISO strings and describes the future', () => {
    expect(formatRelative('2025-06-12T12:00:00Z', now)).toBe('há 3 dias');
    expect(formatRelative(ago(-3 * 86_400), now)).toBe('em 3 dias');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatRelative('garbage', now)).toBe('');
  });
});

describe('formatCount', () => {
  it('uses dots as thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1.234');
    expect(formatCount(1234567)).toBe('1.234.567');
  });

  it('shows whole numbers only', () => {
    expect(formatCount(1234.7)).toBe('1.235');
    expect(formatCount(Number.NaN)).toBe('0');
  });
});

describe('pluralize and countLabel', () => {
  it('uses the singular only for one', () => {
    expect(pluralize(0, 'grupo', 'grupos')).toBe('grupos');
    expect(pluralize(1, 'grupo', 'grupos')).toBe('grupo');
    expect(pluralize(2, 'grupo', 'grupos')).toBe('grupos');
    expect(pluralize(-1, 'clique', 'cliques')).toBe('clique');
  });

  it('joins the formatted count and the word', () => {
    expect(countLabel(1, 'grupo', 'grupos')).toBe('1 grupo');
    expect(countLabel(1234, 'grupo', 'grupos')).toBe('1.234 grupos');
  });
});
