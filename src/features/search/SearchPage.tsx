// /buscar's island: the form with 'Filtros Avançados', sort, category and tag, chips, results with ads
// mixed in, pagination. Without a term it lists every public group in the chosen order ('Relevância' by
// default, #43); 'Nenhum resultado' offers related tags, categories and 'Enviar grupo'. The state is the URL's query string: submitting pushes a new entry, back/forward replays it.
// Without JavaScript the same form is a plain GET to /buscar.
import { ChevronLeft, ChevronRight, Search as SearchIcon, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api, withQuery } from '#src/lib/api.ts';
import { fieldErrors } from '#src/lib/form-errors.ts';
import { GAP, pageWindow } from '#src/lib/pagination.ts';
import AdSlot from '../ads/AdSlot.tsx';
import type { AdvertisementJson } from '../ads/ads.schema.ts';
import { adPositions, DEFAULT_CARDS_PER_AD, mixAds } from '../ads/ads.ts';
import { ADULT_FILTER_HINT, ADULT_FILTER_LABEL } from '../groups/adult.ts';
import GroupCard, { type CardGroup } from '../groups/GroupCard.tsx';
import { RANKING_PAGE } from '../ranking/ranking.ts';
import { FacetFilters, type Facets, NoResultsOffers, useFacets } from './SearchFacets.tsx';
import { SEARCH_PAGE_SIZE, SEARCH_SORT_LABELS, SEARCH_SORTS, SearchQuerySchema } from './search.schema.ts';
import { totalLabel } from './search.ts';
import {
  apiQuery,
  type Criteria,
  criteriaQuery,
  EMPTY_CRITERIA,
  filterChips,
  pageCriteria,
  readCriteria,
} from './search-state.ts';
import { TypeFilter } from './TypeFilter.tsx';

interface SearchPageJson {
  groups: CardGroup[];
  pagination: {
    total: number;
    pages: number;
    page: number;
    limit: number;
    capped?: boolean;
    nextCursor?: string | null;
  };
}

type Status = 'idle' | 'loading' | 'done' | 'error';

const CONTROL =
  'block min-h-11 rounded-control border border-neutral-300 bg-white px-3 text-base text-neutral-900 shadow-sm placeholder:text-neutral-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600';
const FIELD = `${CONTROL} w-full`;
const LABEL = 'mb-1 block text-sm font-medium text-neutral-800';
const CHIP =
  'inline-flex min-h-9 items-center gap-1 rounded-full border border-brand-200 bg-brand-50 pr-1 pl-3 text-sm font-medium text-brand-900';

function errorsOf(draft: Criteria): Record<string, string> {
  // The API reads ?tag= as a list (several tags narrow the search); the screen picks one.
  const parsed = SearchQuerySchema.safeParse({
    ...draft,
    search: draft.q,
    tag: draft.tag ? [draft.tag] : [],
    page: 1,
    after: '',
  });
  return parsed.success ? {} : fieldErrors(parsed.error);
}

/** The answer to the applied criteria (and the ads drawn once for the visit), fetched when they change. */
function useResults(
  criteria: Criteria,
  ready: boolean,
  setErrors: (errors: Record<string, string>) => void,
  adCount: number,
) {
  const [status, setStatus] = useState<Status>('idle');
  const [result, setResult] = useState<SearchPageJson | null>(null);
  const [ads, setAds] = useState<AdvertisementJson[]>([]);
  const adsRequested = useRef(false);
  useEffect(() => {
    if (!ready) {
      setStatus('idle');
      setResult(null);
      return;
    }
    const problems = errorsOf(criteria);
    if (Object.keys(problems).length) {
      setErrors(problems);
      setStatus('idle');
      setResult(null);
      return;
    }
    const controller = new AbortController();
    setStatus('loading');
    api<SearchPageJson>('/api/groups', {
      query: apiQuery(criteria, SEARCH_PAGE_SIZE),
      signal: controller.signal,
    })
      .then((page) => {
        setResult(page);
        setStatus('done');
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setStatus('error');
        toast({
          title: 'Erro na busca',
          description: 'Não foi possível buscar os grupos',
          variant: 'destructive',
        });
      });
    if (!adsRequested.current && adCount > 0) {
      adsRequested.current = true;
      api<AdvertisementJson[]>('/api/random-advertisements', { query: { count: adCount } })
        .then(setAds)
        .catch(() => setAds([])); // a list without ads is still a list
    }
    return () => controller.abort();
  }, [criteria, ready, setErrors, adCount]);

  return { status, setStatus, result, setResult, ads };
}

/** /buscar's state: the applied criteria (the URL), the form's draft, and the answer to the criteria. */
function useSearch(adCount: number) {
  const [criteria, setCriteria] = useState<Criteria>(EMPTY_CRITERIA);
  const [draft, setDraft] = useState<Criteria>(EMPTY_CRITERIA);
  const [ready, setReady] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // The URL is the state: read it once hydrated and on every back/forward.
  useEffect(() => {
    const sync = () => {
      const next = readCriteria(window.location.search);
      setCriteria(next);
      setDraft(next);
      setErrors({});
    };
    sync();
    setReady(true);
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  const navigate = useCallback((next: Criteria) => {
    const url = `${window.location.pathname}${criteriaQuery(next)}`;
    if (url !== `${window.location.pathname}${window.location.search}`)
      window.history.pushState(null, '', url);
    setCriteria(next);
    setDraft(next);
  }, []);

  const { status, setStatus, result, setResult, ads } = useResults(criteria, ready, setErrors, adCount);

  /**
   * Search with the form as it is now, changed by `changes` (a sort, a type, the 18+ opt-in): what the
   * person typed in the filters is applied with it, never dropped. Invalid filters show their errors and
   * take the previous results away, so no list stands under an error it does not answer.
   */
  function apply(changes: Partial<Criteria> = {}) {
    const next = { ...draft, ...changes, q: draft.q.trim(), page: 1, after: '' };
    setDraft(next);
    const problems = errorsOf(next);
    setErrors(problems);
    if (Object.keys(problems).length) {
      setStatus('idle');
      setResult(null);
      return true;
    }
    navigate(next);
    return true;
  }

  return { criteria, setCriteria, draft, setDraft, status, result, ads, errors, navigate, apply };
}

/**
 * adultAvailable: an age-verification provider is configured, so the 18+ filter can mean something;
 * cardsPerAd: the ads' placement setting at build time (ads.ts); site: the origin the cards share.
 */
export default function SearchPage({
  adultAvailable = false,
  site,
  cardsPerAd = DEFAULT_CARDS_PER_AD,
}: {
  adultAvailable?: boolean;
  site: string;
  cardsPerAd?: number;
}) {
  const search = useSearch(adPositions(SEARCH_PAGE_SIZE, cardsPerAd).length);
  const facets = useFacets();
  const { criteria, status, result } = search;
  const resultsRef = useRef<HTMLDivElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // An empty (trimmed) term lists every group (#43: 'Ver todos' leads here).
    search.apply();
  }

  function goToPage(page: number) {
    search.navigate(pageCriteria(criteria, page, result?.pagination.nextCursor ?? null));
    resultsRef.current?.scrollIntoView({ block: 'start' });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Buscar Grupos</h1>
      <SearchForm search={search} facets={facets} adultAvailable={adultAvailable} onSubmit={onSubmit} />
      <div ref={resultsRef} className="mt-8 scroll-mt-24" aria-live="polite" aria-busy={status === 'loading'}>
        {(status === 'done' || status === 'loading') && (
          <AppliedFilters
            criteria={criteria}
            facets={facets}
            result={status === 'done' ? result : null}
            navigate={search.navigate}
          />
        )}
        <SearchResults
          search={search}
          facets={facets}
          adultAvailable={adultAvailable}
          goToPage={goToPage}
          site={site}
          cardsPerAd={cardsPerAd}
        />
      </div>
    </div>
  );
}

type Search = ReturnType<typeof useSearch>;

/** The term, 'Filtros Avançados', the order and the type: a plain GET to /buscar without JavaScript. */
function SearchForm(props: {
  search: Search;
  facets: Facets;
  adultAvailable: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { draft, setDraft, errors, apply } = props.search;
  return (
    <search className="mt-5 block">
      <form
        action="/buscar"
        method="get"
        onSubmit={props.onSubmit}
        noValidate
        className="flex flex-col gap-3"
      >
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="relative flex-1">
            <label htmlFor="busca-q" className="sr-only">
              Termo de busca
            </label>
            <SearchIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-neutral-500"
            />
            <input
              id="busca-q"
              name="q"
              type="search"
              value={draft.q}
              onChange={(event) => {
                const q = event.currentTarget.value; // read now: the updater runs after the event is gone
                setDraft((d) => ({ ...d, q }));
              }}
              maxLength={200}
              autoComplete="off"
              enterKeyHint="search"
              placeholder="Ex.: concurso, futebol, receitas"
              aria-invalid={errors.search ? true : undefined}
              className={`${FIELD} min-h-12 pl-11`}
            />
          </div>
          <Button type="submit" size="lg">
            Buscar
          </Button>
        </div>
        {errors.search && <p className="text-sm text-red-700">{errors.search}</p>}
        <AdvancedFilters search={props.search} adultAvailable={props.adultAvailable} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <SortControl value={draft.sortBy} apply={apply} />
          <FacetFilters facets={props.facets} draft={draft} className={CONTROL} apply={apply} />
          <TypeFilter
            value={draft.type}
            className={`${CONTROL} w-auto`}
            onChange={(type) => apply({ type })}
          />
        </div>
      </form>
    </search>
  );
}

/** 'Ordenar por' ('Relevância', 'Em alta', 'Novos') and the link to how the lists are ordered. */
function SortControl({ value, apply }: { value: Criteria['sortBy']; apply: Search['apply'] }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <label htmlFor="busca-sortBy" className="text-sm font-medium whitespace-nowrap text-neutral-800">
        Ordenar por
      </label>
      <select
        id="busca-sortBy"
        name="sortBy"
        value={value}
        // Changing the order of an existing search applies at once, with the filters as typed.
        onChange={(event) => apply({ sortBy: event.currentTarget.value as Criteria['sortBy'] })}
        className={`${CONTROL} w-auto min-w-44`}
      >
        {SEARCH_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SEARCH_SORT_LABELS[sort]}
          </option>
        ))}
      </select>
      <a
        href={RANKING_PAGE}
        className="text-sm font-medium whitespace-nowrap text-brand-800 underline underline-offset-2"
      >
        Como ordenamos
      </a>
    </div>
  );
}

function AdvancedFilters({ search, adultAvailable }: { search: Search; adultAvailable: boolean }) {
  const { draft, errors, apply } = search;
  const open = Boolean(
    draft.minCliques || draft.maxCliques || draft.dateAfter || draft.dateBefore || draft.adult,
  );
  return (
    <details
      open={open || Object.keys(errors).length > 0}
      className="group rounded-card border border-neutral-200 bg-white"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-card px-4 font-semibold text-neutral-900 hover:bg-neutral-50 [&::-webkit-details-marker]:hidden">
        <SlidersHorizontal aria-hidden="true" className="size-5 text-brand-700" />
        Filtros Avançados
        <ChevronRight
          aria-hidden="true"
          className="ml-auto size-5 transition-transform group-open:rotate-90"
        />
      </summary>
      <div className="grid gap-4 border-t border-neutral-200 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <FilterField search={search} name="minCliques" label="Mínimo de cliques" type="number" />
        <FilterField search={search} name="maxCliques" label="Máximo de cliques" type="number" />
        <FilterField search={search} name="dateAfter" label="Criado após" type="date" />
        <FilterField search={search} name="dateBefore" label="Criado até" type="date" />
        {adultAvailable && (
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-[0.9375rem] font-medium text-neutral-800 sm:col-span-2 lg:col-span-4">
            <input
              type="checkbox"
              name="adult"
              value="1"
              checked={draft.adult}
              // Like the order, the opt-in applies at once to an existing search.
              onChange={(event) => apply({ adult: event.currentTarget.checked })}
              className="size-5 shrink-0 cursor-pointer accent-brand-700"
            />
            {ADULT_FILTER_LABEL}
          </label>
        )}
      </div>
    </details>
  );
}

function FilterField(props: {
  search: Search;
  name: 'minCliques' | 'maxCliques' | 'dateAfter' | 'dateBefore';
  label: string;
  type: 'number' | 'date';
}) {
  const { name, type } = props;
  const { draft, setDraft, errors } = props.search;
  const error = errors[name];
  return (
    <div>
      <label htmlFor={`busca-${name}`} className={LABEL}>
        {props.label}
      </label>
      <input
        id={`busca-${name}`}
        name={name}
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        min={type === 'number' ? 0 : undefined}
        step={type === 'number' ? 1 : undefined}
        value={draft[name]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setDraft((d) => ({ ...d, [name]: value }));
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `busca-${name}-erro` : undefined}
        className={FIELD}
      />
      {error && (
        <p id={`busca-${name}-erro`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** 'Resultados para …' and the chips of the applied filters, each removable. */
function AppliedFilters(props: {
  criteria: Criteria;
  facets: Facets;
  result: SearchPageJson | null;
  navigate: (next: Criteria) => void;
}) {
  const { criteria, result, facets } = props;
  const names = {
    categoria: facets.categories.find((c) => c.slug === criteria.categoria)?.name,
    tag: facets.tags.find((t) => t.slug === criteria.tag)?.name,
  };
  return (
    <div className="mb-4 flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-balance text-neutral-900">
        {resultsTitle(criteria, result)}
      </h2>
      <ul className="flex flex-wrap gap-2" aria-label="Filtros aplicados">
        <li>
          <Badge variant="outline" className="min-h-9 px-3 text-sm">
            Ordenado por: {SEARCH_SORT_LABELS[criteria.sortBy]}
          </Badge>
        </li>
        {filterChips(criteria, names).map((chip) => (
          <li key={chip.key} className={CHIP}>
            {chip.label}
            <button
              type="button"
              onClick={() => props.navigate({ ...criteria, ...chip.without, page: 1 })}
              aria-label={`Remover filtro ${chip.label}`}
              className="inline-flex size-8 items-center justify-center rounded-full hover:bg-brand-100"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'Resultados para "…" (N encontrados)', or without a term 'Todos os grupos (N)'. */
function resultsTitle(criteria: Criteria, result: SearchPageJson | null): string {
  if (!result) return criteria.q ? `Buscando "${criteria.q}"…` : 'Carregando grupos…';
  const total = totalLabel(result.pagination.total, Boolean(result.pagination.capped));
  return criteria.q ? `Resultados para "${criteria.q}" (${total} encontrados)` : `Todos os grupos (${total})`;
}

function SearchResults(props: {
  search: Search;
  facets: Facets;
  adultAvailable: boolean;
  goToPage: (page: number) => void;
  site: string;
  cardsPerAd: number;
}) {
  const { search, adultAvailable, goToPage, site, cardsPerAd } = props;
  const { criteria, status, result } = search;
  return (
    <>
      {(status === 'loading' || (status === 'idle' && !result)) && <ResultsSkeleton />}
      {status === 'done' && result && result.groups.length > 0 && (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {mixAds(result.groups, search.ads, cardsPerAd).map((item) =>
              item.type === 'group' ? (
                <li key={item.group.id} className="grid">
                  <GroupCard group={item.group} site={site} />
                </li>
              ) : (
                <AdSlot key={`ad-${item.ad.id}`} ad={item.ad} />
              ),
            )}
          </ul>
          <Pagination
            page={criteria.page}
            pages={result.pagination.pages}
            href={(page) =>
              `/buscar${criteriaQuery(pageCriteria(criteria, page, result.pagination.nextCursor ?? null))}`
            }
            onPage={goToPage}
          />
        </>
      )}
      {status === 'done' && result && result.groups.length === 0 && (
        <>
          <NoResults
            pageGone={result.pagination.total > 0}
            hint={criteria.adult || !adultAvailable ? '' : ` ${ADULT_FILTER_HINT}`}
            onFirstPage={() => goToPage(1)}
          />
          {result.pagination.total === 0 && <NoResultsOffers facets={props.facets} criteria={criteria} />}
        </>
      )}
      {status === 'error' && (
        <EmptyState
          icon={SearchX}
          title="Erro na busca"
          text="Não foi possível buscar os grupos"
          action={
            <Button variant="secondary" onClick={() => search.setCriteria({ ...criteria })}>
              Tentar novamente
            </Button>
          }
        />
      )}
    </>
  );
}

function ResultsSkeleton() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Carregando resultados">
      {Array.from({ length: SEARCH_PAGE_SIZE }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className="rounded-card border border-neutral-200 bg-white p-4">
          <div className="flex gap-3">
            <Skeleton className="size-14 shrink-0 rounded-xl" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-5/6" />
          <Skeleton className="mt-4 h-11 w-full" />
        </li>
      ))}
    </ul>
  );
}

function NoResults(props: { pageGone: boolean; hint: string; onFirstPage: () => void }) {
  return (
    <EmptyState
      icon={SearchX}
      title="Nenhum resultado encontrado"
      text={
        props.pageGone
          ? 'Esta página não existe mais. Volte para a primeira página dos resultados.'
          : `Tente outras palavras, confira a ortografia ou remova alguns filtros.${props.hint}`
      }
      action={
        props.pageGone ? (
          <Button variant="secondary" onClick={props.onFirstPage}>
            Primeira página
          </Button>
        ) : undefined
      }
    />
  );
}

function Pagination({
  page,
  pages,
  href,
  onPage,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  onPage: (page: number) => void;
}) {
  const items = pageWindow(page, pages);
  if (items.length === 0) return null;
  const link = (target: number, children: React.ReactNode, label: string, current = false) => (
    <a
      href={withQuery(href(target))}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onPage(target);
      }}
      className="inline-flex size-11 items-center justify-center rounded-control border border-neutral-300 bg-white font-semibold text-neutral-800 hover:bg-neutral-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
    >
      {children}
    </a>
  );
  return (
    <nav aria-label="Paginação" className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 && link(page - 1, <ChevronLeft aria-hidden="true" className="size-5" />, 'Página anterior')}
      {items.map((item, index) =>
        item === GAP ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap's place is its identity
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-neutral-500">
            …
          </span>
        ) : (
          <span key={item}>{link(item, item, `Página ${item}`, item === page)}</span>
        ),
      )}
      {page < pages &&
        link(page + 1, <ChevronRight aria-hidden="true" className="size-5" />, 'Próxima página')}
    </nav>
  );
}
