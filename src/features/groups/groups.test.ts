import { describe, expect, it } from 'vitest';
import {
  groupPath,
  isFeaturedNow,
  normalizeInviteLink,
  slugify,
  titleSlugFor,
  whatsappNameToShow,
} from './groups.ts';

describe('slugify (spec section 5)', () => {
  it('removes accents, lowercases and hyphenates', () => {
    expect(slugify('  Educação Física & Saúde  ')).toBe('educacao-fisica-saude');
  });
  it('drops other characters and collapses hyphens', () => {
    expect(slugify('Grupo --- do   Zap!!! 🚀 2025')).toBe('grupo-do-zap-2025');
  });
  it('cuts to 100 characters without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(99)} bcd`);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug.endsWith('-')).toBe(false);
  });
  it('gives an empty string for text with nothing sluggable', () => {
    expect(slugify('🔥🔥')).toBe('');
  });
});

describe('titleSlugFor', () => {
  const id = '3f2a9c1e-7b4d-4e2a-9f1c-0d8e6b5a4c3b';
  it('uses the plain slug when it is free', () => {
    expect(titleSlugFor('Futebol Brasil', id, () => false)).toBe('futebol-brasil');
  });
  it('adds a stable suffix from the id when the slug is taken in the category', () => {
    expect(titleSlugFor('Futebol Brasil', id, (s) => s === 'futebol-brasil')).toBe('futebol-brasil-3f2a9c1e');
  });
  it('falls back to "grupo" for titles without letters', () => {
    expect(titleSlugFor('🔥🔥', id, () => false)).toBe('grupo');
  });
});

describe('normalizeInviteLink', () => {
  it('keeps the code case and canonicalises the prefix', () => {
    expect(normalizeInviteLink(' http://www.chat.whatsapp.com/AbCdEfGh1234/?utm=x ')).toEqual({
      link: 'https://chat.whatsapp.com/AbCdEfGh1234',
      type: 'group',
      id: 'AbCdEfGh1234',
      code: 'AbCdEfGh1234',
    });
  });
  it('accepts a channel link, keeps the id case and keys it apart from group codes', () => {
    expect(
      normalizeInviteLink(' http://www.whatsapp.com/channel/0029VaAbCdEfGh123456789X/?utm=x#y '),
    ).toEqual({
      link: 'https://whatsapp.com/channel/0029VaAbCdEfGh123456789X',
      type: 'channel',
      id: '0029VaAbCdEfGh123456789X',
      code: 'channel:0029VaAbCdEfGh123456789X',
    });
    for (const bad of [
      'https://whatsapp.com/channel/',
      'https://whatsapp.com/channel/abc',
      'https://chat.whatsapp.com/channel/0029VaAbCdEfGh123456789X/extra',
      'https://whatsapp.com.evil.com/channel/0029VaAbCdEfGh123456789X',
      'https://evil.com/whatsapp.com/channel/0029VaAbCdEfGh123456789X',
    ]) {
      expect(normalizeInviteLink(bad)).toBeNull();
    }
  });
  it('accepts the canonical form as is', () => {
    expect(normalizeInviteLink('https://chat.whatsapp.com/KX9fz2LmQ0aB1cD2eF3gH4')?.link).toBe(
      'https://chat.whatsapp.com/KX9fz2LmQ0aB1cD2eF3gH4',
    );
  });
  it('rejects other hosts, paths and lookalikes', () => {
    for (const bad of [
      'https://wa.me/5511999999999',
      'https://chat.whatsapp.com.evil.com/AbCdEfGh1234',
      'https://evil.com/chat.whatsapp.com/AbCdEfGh1234',
      'https://chat.whatsapp.com/',
      'https://chat.whatsapp.com/abc',
      'javascript:alert(1)',
      '',
    ]) {
      expect(normalizeInviteLink(bad)).toBeNull();
    }
  });
});

describe('isFeaturedNow', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('is true only with the flag and a future end', () => {
    expect(isFeaturedNow({ featured: true, featuredUntil: '2026-01-11T00:00:00Z' }, now)).toBe(true);
    expect(isFeaturedNow({ featured: true, featuredUntil: '2026-01-10T11:59:59Z' }, now)).toBe(false);
    expect(isFeaturedNow({ featured: true, featuredUntil: null }, now)).toBe(false);
    expect(isFeaturedNow({ featured: false, featuredUntil: '2027-01-01T00:00:00Z' }, now)).toBe(false);
  });
});

describe('groupPath', () => {
  it('is /{categorySlug}/{titleSlug}', () => {
    expect(groupPath({ categorySlug: 'esportes', titleSlug: 'futebol-brasil' })).toBe(
      '/esportes/futebol-brasil',
    );
  });
});

describe("'No WhatsApp: …' (#45)", () => {
  const show = (title: string, whatsappTitle: string | null) => whatsappNameToShow({ title, whatsappTitle });

  it('names the group as WhatsApp does only when that is not the listing title', () => {
    expect(show('Vagas de Emprego Zona Sul SP', 'Bolão da Firma ⚽')).toBe('Bolão da Firma ⚽');
    expect(show('Vagas de Emprego Zona Sul SP', null)).toBeNull();
    expect(show('Vagas de Emprego Zona Sul SP', '   ')).toBeNull();
    // case, accents, spacing and punctuation are not a different name
    expect(show('Vagas de Emprego Zona Sul SP', 'VAGAS de emprego - zona sul (SP)')).toBeNull();
    expect(show('Educação Física', 'Educacao  Fisica!')).toBeNull();
  });
});
