// /buscar's state lives in the query string (q, sortBy, categoria, tag, minCliques, maxCliques, dateAfter,
// dateBefore, adult, type, page, after) so back/forward and shared links work. Pure: read, write, and the chips that describe it.
import { ADULT_FILTER_LABEL } from '../groups/adult.ts';
import { GROUP_TYPES, type GroupType } from '../groups/groups.ts';
import { SEARCH_SORTS, type SearchSort } from './search.schema.ts';
import { parseCursor } from './search.ts';

export interface Criteria {
  q: string;
  sortBy: SearchSort;
  /** one category's slug ('' = every category) */
  categoria: string;
  /** one tag's slug ('' = any; the tags feature filters by it, #43) */
  tag: string;
  minCliques: string;
  maxCliques: string;
  dateAfter: string;
  dateBefore: string;
  /** include adult (18+) groups: adult=1 */
  adult: boolean;
  /** groups or channels only ('' = both) */
  type: '' | GroupType;
  page: number;
  /** the keyset cursor the next page was reached with (only past page 1; see search.ts) */
  after: string;
}

export const EMPTY_CRITERIA: Criteria = {
  q: '',
  sortBy: 'relevance',
  categoria: '',
  tag: '',
  minCliques: '',
  maxCliques: '',
  dateAfter: '',
  dateBefore: '',
  adult: false,
  type: '',
  page: 1,
  after: '',
};

/** A category's or tag's slug from the query string, or '' when it is not one. */
function slugParam(value: string | null): string {
  const slug = (value ?? '').trim().toLowerCase();
  return /^[a-z0-9-]{1,100}$/.test(slug) ? slug : '';
}

/** The criteria in a query string; unknown or malformed values fall back to the defaults. */
export function readCriteria(search: string): Criteria {
  const params = new URLSearchParams(search);
  const text = (name: string, max = 200) => (params.get(name) ?? '').trim().slice(0, max);
  const sort = params.get('sortBy') as SearchSort | null;
  const page = Number(params.get('page'));
  const after = params.get('after') ?? '';
  const type = params.get('type') as GroupType | null;
  return {
    q: text('q'),
    sortBy: sort && SEARCH_SORTS.includes(sort) ? sort : 'relevance',
    categoria: slugParam(params.get('categoria')),
    tag: slugParam(params.get('tag')),
    minCliques: text('minCliques', 12),
    maxCliques: text('maxCliques', 12),
    dateAfter: text('dateAfter', 10),
    dateBefore: text('dateBefore', 10),
    adult: params.get('adult') === '1',
    type: type && GROUP_TYPES.includes(type) ? type : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    after: page > 1 && parseCursor(after) ? after : '',
  };
}

/** The criteria of another page: the next one starts from the current page's cursor when there is one. */
export function pageCriteria(criteria: Criteria, page: number, nextCursor: string | null): Criteria {
  return { ...criteria, page, after: page === criteria.page + 1 && nextCursor ? nextCursor : '' };
}

/** The query string of criteria ('' or '?q=…'): defaults and empty values are left out. */
export function criteriaQuery(criteria: Criteria): string {
  const params = new URLSearchParams();
  if (criteria.q) params.set('q', criteria.q);
  if (criteria.sortBy !== 'relevance') params.set('sortBy', criteria.sortBy);
  for (const key of [
    'categoria',
    'tag',
    'minCliques',
    'maxCliques',
    'dateAfter',
    'dateBefore',
    'type',
  ] as const) {
    if (criteria[key]) params.set(key, criteria[key]);
  }
  if (criteria.adult) params.set('adult', '1');
  if (criteria.page > 1) params.set('page', String(criteria.page));
  if (criteria.page > 1 && criteria.after) params.set('after', criteria.after);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** The API query for criteria (the API calls the term `search`). */
export function apiQuery(criteria: Criteria, limit: number): Record<string, string | number> {
  const query: Record<string, string | number> = { search: criteria.q, page: criteria.page, limit };
  query.sortBy = criteria.sortBy;
  if (criteria.categoria) query.category = criteria.categoria;
  if (criteria.tag) query.tag = criteria.tag;
  for (const key of ['minCliques', 'maxCliques', 'dateAfter', 'dateBefore', 'type'] as const) {
    if (criteria[key]) query[key] = criteria[key];
  }
  if (criteria.adult) query.adult = 1;
  if (criteria.page > 1 && criteria.after) query.after = criteria.after;
  return query;
}

/** yyyy-mm-dd as dd/mm/yyyy (a calendar day: no time zone involved). */
export function dayLabel(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDay;
}

export interface Chip {
  key: 'categoria' | 'tag' | 'cliques' | 'data' | 'adulto';
  label: string;
  /** the criteria without this filter */
  without: Partial<Criteria>;
}

/**
 * The filter chips, worded as the spec: 'Cliques: a a b', 'mín.', 'máx.', 'Data: … a …', 'após', 'até';
 * a category or tag by its name when `names` knows it.
 */
export function filterChips(criteria: Criteria, names: { categoria?: string; tag?: string } = {}): Chip[] {
  const chips: Chip[] = [];
  if (criteria.categoria)
    chips.push({
      key: 'categoria',
      label: `Categoria: ${names.categoria ?? criteria.categoria}`,
      without: { categoria: '' },
    });
  if (criteria.tag)
    chips.push({ key: 'tag', label: `Assunto: ${names.tag ?? criteria.tag}`, without: { tag: '' } });
  const { minCliques: min, maxCliques: max, dateAfter: after, dateBefore: before } = criteria;
  if (min || max) {
    const label =
      min && max ? `Cliques: ${min} a ${max}` : min ? `Cliques: mín. ${min}` : `Cliques: máx. ${max}`;
    chips.push({ key: 'cliques', label, without: { minCliques: '', maxCliques: '' } });
  }
  if (after || before) {
    const label =
      after && before
        ? `Data: ${dayLabel(after)} a ${dayLabel(before)}`
        : after
          ? `Data: após ${dayLabel(after)}`
          : `Data: até ${dayLabel(before)}`;
    chips.push({ key: 'data', label, without: { dateAfter: '', dateBefore: '' } });
  }
  if (criteria.adult) chips.push({ key: 'adulto', label: ADULT_FILTER_LABEL, without: { adult: false } });
  return chips;
}
