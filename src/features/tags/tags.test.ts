import { describe, expect, it } from 'vitest';
import { TAGS } from '#db/seed-data.ts';
import {
  MAX_GROUP_TAGS,
  parseTagsField,
  popularTags,
  stem,
  suggestTags,
  TAGS_TOO_MANY,
  TagsField,
} from './tags.ts';

const vocabulary = TAGS.map((tag) => ({ ...tag, synonyms: tag.synonyms ?? [] }));

describe('suggestTags (#43: accent- and case-insensitive stem match against names and synonyms)', () => {
  it('finds a tag by its name whatever the accents and case', () => {
    expect(suggestTags({ title: 'MATEMATICA para o ENEM' }, vocabulary)).toEqual(['matematica', 'enem']);
  });
  it('matches plurals and gender by stem', () => {
    expect(
      suggestTags({ title: 'Grupo dos concurseiros', description: 'Vagas e concurso público' }, vocabulary),
    ).toContain('concursos');
    expect(suggestTags({ title: 'Evangélicas de Recife' }, vocabulary)).toEqual(['evangelicos', 'recife']);
    expect(suggestTags({ title: 'Professor de inglês' }, vocabulary)).toEqual(['professores', 'ingles']);
  });
  it('matches a synonym, and a many-word term only with all its words in order', () => {
    expect(suggestTags({ title: 'Sampa das motos' }, vocabulary)).toEqual(['sao-paulo', 'motos']);
    expect(suggestTags({ title: 'Free Fire' }, vocabulary)).toEqual(['free-fire']);
    expect(suggestTags({ title: 'Fire free' }, vocabulary)).not.toContain('free-fire');
    expect(suggestTags({ title: 'Concurso da PM de SP' }, vocabulary)).toEqual([
      'concursos',
      'concurso-policia',
      'sao-paulo',
    ]);
  });
  it('puts title matches before description matches, and stops at the limit', () => {
    const found = suggestTags(
      {
        title: 'Vagas de emprego em Campinas',
        description: 'Futebol, memes, receitas, anime, pets e música',
      },
      vocabulary,
    );
    expect(found.slice(0, 2)).toEqual(['vagas-de-emprego', 'campinas']);
    expect(found).toHaveLength(MAX_GROUP_TAGS);
  });
  it('suggests 18+ tags only for an adult group', () => {
    const text = { title: 'Namoro adulto' };
    expect(suggestTags(text, vocabulary)).toEqual([]);
    expect(suggestTags(text, vocabulary, { adult: true })).toEqual(['namoro-adulto']);
  });
  it('finds nothing in unrelated words (no partial-word hits)', () => {
    expect(
      suggestTags({ title: 'Grupo da família Souza', description: 'Recados do dia a dia' }, vocabulary),
    ).toEqual([]);
  });
});

describe('stem', () => {
  it('folds plural endings and the final vowel', () => {
    expect(stem('Canções')).toBe(stem('canção'));
    expect(stem('jornais')).toBe(stem('jornal'));
    expect(stem('professores')).toBe(stem('professor'));
    expect(stem('SP')).toBe('sp');
  });
});

describe('the tags field', () => {
  it('reads comma-separated slugs, trimmed, lower case, without repeats', () => {
    expect(parseTagsField(' Enem, concursos,,enem ')).toEqual(['enem', 'concursos']);
  });
  it('refuses more than five with the pt-BR message', () => {
    const result = TagsField.safeParse('a,b,c,d,e,f');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(TAGS_TOO_MANY);
    expect(TagsField.parse('a,b,c,d,e')).toHaveLength(5);
  });
});

describe('popularTags', () => {
  it('keeps indexable, non-adult tags, most groups first', () => {
    const tags = [
      { slug: 'a', name: 'A', categorySlug: 'x', adult: false, count: 2 },
      { slug: 'b', name: 'B', categorySlug: 'x', adult: false, count: 9 },
      { slug: 'c', name: 'C', categorySlug: null, adult: false, count: 5 },
      { slug: 'd', name: 'D', categorySlug: 'x', adult: true, count: 50 },
    ];
    expect(popularTags(tags, 10).map((t) => t.slug)).toEqual(['b', 'c']);
    expect(popularTags(tags, 10, 'x').map((t) => t.slug)).toEqual(['b']);
  });
});
