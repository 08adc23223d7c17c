import { describe, expect, it } from 'vitest';
import { SearchQuerySchema } from './search.schema.ts';
import { cleanTerm, numberVariant, searchWords, totalLabel, usesSearchSyntax } from './search.ts';

describe('search terms', () => {
  it('cleans control characters and collapses spaces', () => {
    expect(cleanTerm('  a\u0000b\n\tc  ')).toBe('a b c');
  });
  it('keeps only letters and digits as words, at most eight', () => {
    expect(searchWords("Futebol, 'São' Paulo %_ 2026!")).toEqual(['futebol', 'são', 'paulo', '2026']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('%_\'";--')).toEqual([]);
  });
  it('gives the other number for endings the stemmer misses', () => {
    expect(numberVariant('futebois')).toBe('futebol');
    expect(numberVariant('futebóis')).toBe('futebol');
    expect(numberVariant('futebol')).toBe('futebois');
    expect(numberVariant('jornais')).toBe('jornal');
    expect(numberVariant('papeis')).toBe('papel');
    expect(numberVariant('limões')).toBe('limão');
    expect(numberVariant('carro')).toBeNull();
  });
  it('recognises web-search syntax', () => {
    expect(usesSearchSyntax('"futebol clube"')).toBe(true);
    expect(usesSearchSyntax('futebol -paulo')).toBe(true);
    expect(usesSearchSyntax('futebol or volei')).toBe(true);
    expect(usesSearchSyntax('bem-vindo')).toBe(false);
  });
  it('labels capped totals honestly', () => {
    expect(totalLabel(1000, true)).toBe('mais de 1.000');
    expect(totalLabel(14, false)).toBe('14');
  });
});

describe('SearchQuerySchema', () => {
  it('treats empty filters as unset and parses integers', () => {
    expect(
      SearchQuerySchema.parse({ search: ' futebol ', minCliques: '', maxCliques: '10', dateAfter: '' }),
    ).toMatchObject({
      search: 'futebol',
      minCliques: undefined,
      maxCliques: 10,
      dateAfter: undefined,
      page: 1,
      limit: 6,
      sortBy: 'relevance',
    });
  });
});

describe('/buscar state in the query string', () => {
  it('round-trips criteria, leaving defaults out', async () => {
    const { readCriteria, criteriaQuery } = await import('./search-state.ts');
    const c = readCriteria('?q=futebol+clube&sortBy=trending&minCliques=10&dateBefore=2026-03-10&page=3');
    expect(c).toEqual({
      q: 'futebol clube',
      sortBy: 'trending',
      categoria: '',
      tag: '',
      minCliques: '10',
      maxCliques: '',
      dateAfter: '',
      dateBefore: '2026-03-10',
      adult: false,
      type: '',
      page: 3,
      after: '',
    });
    expect(criteriaQuery(c)).toBe(
      '?q=futebol+clube&sortBy=trending&minCliques=10&dateBefore=2026-03-10&page=3',
    );
    expect(criteriaQuery(readCriteria('?sortBy=nope&page=-2&type=comunidade'))).toBe('');
    // An old link's 'Mais populares' is gone: it reads as 'Relevância', the default (#43).
    expect(readCriteria('?sortBy=cliques').sortBy).toBe('relevance');
  });

  it('carries the category and tag filters (slugs only) to the address and the API', async () => {
    const { readCriteria, criteriaQuery, apiQuery, filterChips } = await import('./search-state.ts');
    const c = readCriteria('?categoria=esportes&tag=free-fire');
    expect(criteriaQuery(c)).toBe('?categoria=esportes&tag=free-fire');
    expect(apiQuery(c, 6)).toMatchObject({ search: '', category: 'esportes', tag: 'free-fire' });
    expect(readCriteria('?categoria=<script>&tag=a b').categoria).toBe('');
    expect(filterChips(c, { categoria: 'Esportes' }).map((chip) => chip.label)).toEqual([
      'Categoria: Esportes',
      'Assunto: free-fire',
    ]);
  });

  it('carries the type filter to the address and the API', async () => {
    const { readCriteria, criteriaQuery, apiQuery } = await import('./search-state.ts');
    const c = readCriteria('?q=receitas&type=channel');
    expect(c.type).toBe('channel');
    expect(criteriaQuery(c)).toBe('?q=receitas&type=channel');
    expect(apiQuery(c, 6)).toMatchObject({ search: 'receitas', type: 'channel' });
  });

  it("keeps the next page's cursor only for the page after the current one", async () => {
    const { readCriteria, criteriaQuery, pageCriteria, apiQuery } = await import('./search-state.ts');
    const cursor = 'p.120.0b0e4a8c-9a57-4d6c-8f0e-1c2d3e4f5a6b';
    const c = readCriteria('?q=futebol&page=2');
    expect(criteriaQuery(pageCriteria(c, 3, cursor))).toBe(`?q=futebol&page=3&after=${cursor}`);
    expect(apiQuery(pageCriteria(c, 3, cursor), 6)).toMatchObject({ page: 3, after: cursor });
    expect(criteriaQuery(pageCriteria(c, 5, cursor))).toBe('?q=futebol&page=5');
    expect(criteriaQuery(pageCriteria(c, 1, cursor))).toBe('?q=futebol');
    expect(readCriteria(`?q=futebol&page=3&after=${cursor}`).after).toBe(cursor);
    // a cursor is dropped on page 1 and when it is not one
    expect(readCriteria(`?q=futebol&after=${cursor}`).after).toBe('');
    expect(readCriteria('?q=futebol&page=3&after=oops').after).toBe('');
  });

  it('words the chips as the spec', async () => {
    const { readCriteria, filterChips } = await import('./search-state.ts');
    const labels = (qs: string) => filterChips(readCriteria(qs)).map((c) => c.label);
    expect(labels('?minCliques=10&maxCliques=50')).toEqual(['Cliques: 10 a 50']);
    expect(labels('?minCliques=10')).toEqual(['Cliques: mín. 10']);
    expect(labels('?maxCliques=50')).toEqual(['Cliques: máx. 50']);
    expect(labels('?dateAfter=2026-01-02&dateBefore=2026-03-04')).toEqual(['Data: 02/01/2026 a 04/03/2026']);
    expect(labels('?dateAfter=2026-01-02')).toEqual(['Data: após 02/01/2026']);
    expect(labels('?dateBefore=2026-03-04')).toEqual(['Data: até 04/03/2026']);
  });
});
