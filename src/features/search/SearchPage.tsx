// /buscar's island: the form with 'Filtros Avançados' and sort, chips, results with ads mixed in,
// pagination. The state is the URL's query string: submitting pushes a new entry, back/forward replays it.
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
import type { AdvertisementJson } from '../ads/ads.schema.ts';
import { mixAds } from '../ads/ads.ts';
import { ADULT_FILTER_HINT, ADULT_FILTER_LABEL } from '../groups/adult.ts';
import { AdCard, ResultCard, type ResultGroup } from './ResultCards.tsx';
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
  groups: ResultGroup[];
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
  const parsed = SearchQuerySchema.safeParse({ ...draft, search: draft.q, page: 1, after: '' });
  return parsed.success ? {} : fieldErrors(parsed.error);
}

/** adultAvailable: an age-verification provider is configured, so the 18+ filter can mean something. */
export default function SearchPage({ adultAvailable = false }: { adultAvailable?: boolean }) {
  const [criteria, setCriteria] = useState<Criteria>(EMPTY_CRITERIA);
  const [draft, setDraft] = useState<Criteria>(EMPTY_CRITERIA);
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [result, setResult] = useState<SearchPageJson | null>(null);
  const [ads, setAds] = useState<AdvertisementJson[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const resultsRef = useRef<HTMLDivElement>(null);
  const adsRequested = useRef(false);

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

  useEffect(() => {
    if (!ready || !criteria.q) {
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
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setStatus('error');
        toast({
          title: 'Erro na busca',
          description: 'Não foi possível buscar os grupos',
          variant: 'destructive',
        });
      });
    if (!adsRequested.current) {
      adsRequested.current = true;
      api<AdvertisementJson[]>('/api/random-advertisements', { query: { count: 3 } })
        .then(setAds)
        .catch(() => setAds([])); // a list without ads is still a list
    }
    return () => controller.abort();
  }, [criteria, ready]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = { ...draft, q: draft.q.trim(), page: 1 };
    if (!next.q) {
      // An empty (trimmed) term is ignored (spec).
      event.currentTarget.querySelector<HTMLInputElement>('input[name="q"]')?.focus();
      return;
    }
    const problems = errorsOf(next);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    navigate(next);
  }

  function goToPage(page: number) {
    navigate(pageCriteria(criteria, page, result?.pagination.nextCursor ?? null));
    resultsRef.current?.scrollIntoView({ block: 'start' });
  }

  const set = (key: keyof Criteria) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value; // read now: the updater runs after the event is gone
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const chips = filterChips(criteria);
  const filtersOpen = Boolean(
    draft.minCliques || draft.maxCliques || draft.dateAfter || draft.dateBefore || draft.adult,
  );
  const field = (name: keyof Criteria, label: string, type: 'number' | 'date') => (
    <div>
      <label htmlFor={`busca-${name}`} className={LABEL}>
        {label}
      </label>
      <input
        id={`busca-${name}`}
        name={name}
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        min={type === 'number' ? 0 : undefined}
        step={type === 'number' ? 1 : undefined}
        value={draft[name] as string}
        onChange={set(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `busca-${name}-erro` : undefined}
        className={FIELD}
      />
      {errors[name] && (
        <p id={`busca-${name}-erro`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Buscar Grupos</h1>

      <search className="mt-5 block">
        <form action="/buscar" method="get" onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
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
                onChange={set('q')}
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

          <details
            open={filtersOpen || Object.keys(errors).length > 0}
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
              {field('minCliques', 'Mínimo de cliques', 'number')}
              {field('maxCliques', 'Máximo de cliques', 'number')}
              {field('dateAfter', 'Criado após', 'date')}
              {field('dateBefore', 'Criado até', 'date')}
              {adultAvailable && (
                <label className="flex min-h-11 cursor-pointer items-center gap-3 text-[0.9375rem] font-medium text-neutral-800 sm:col-span-2 lg:col-span-4">
                  <input
                    type="checkbox"
                    name="adult"
                    value="1"
                    checked={draft.adult}
                    onChange={(event) => {
                      const adult = event.currentTarget.checked;
                      setDraft((d) => ({ ...d, adult }));
                      // Like the order, the opt-in applies at once to an existing search.
                      if (criteria.q) navigate({ ...criteria, adult, page: 1 });
                    }}
                    className="size-5 shrink-0 cursor-pointer accent-brand-700"
                  />
                  {ADULT_FILTER_LABEL}
                </label>
              )}
            </div>
          </details>

          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <div className="flex items-center gap-2">
              <label
                htmlFor="busca-sortBy"
                className="text-sm font-medium whitespace-nowrap text-neutral-800"
              >
                Ordenar por
              </label>
              <select
                id="busca-sortBy"
                name="sortBy"
                value={draft.sortBy}
                onChange={(event) => {
                  const sortBy = event.currentTarget.value as Criteria['sortBy'];
                  setDraft((d) => ({ ...d, sortBy }));
                  // Changing the order of an existing search applies at once.
                  if (criteria.q) navigate({ ...criteria, sortBy, page: 1 });
                }}
                className={`${CONTROL} w-auto min-w-44`}
              >
                {SEARCH_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SEARCH_SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </div>
            <TypeFilter
              value={draft.type}
              className={`${CONTROL} w-auto`}
              onChange={(type) => {
                setDraft((d) => ({ ...d, type }));
                if (criteria.q) navigate({ ...criteria, type, page: 1 });
              }}
            />
          </div>
        </form>
      </search>

      <div ref={resultsRef} className="mt-8 scroll-mt-24" aria-live="polite" aria-busy={status === 'loading'}>
        {criteria.q && (status === 'done' || status === 'loading') && (
          <div className="mb-4 flex flex-col gap-3">
            <h2 className="text-lg font-semibold text-balance text-neutral-900">
              {status === 'done' && result
                ? `Resultados para "${criteria.q}" (${totalLabel(result.pagination.total, Boolean(result.pagination.capped))} encontrados)`
                : `Buscando "${criteria.q}"…`}
            </h2>
            <ul className="flex flex-wrap gap-2" aria-label="Filtros aplicados">
              <li>
                <Badge variant="outline" className="min-h-9 px-3 text-sm">
                  Ordenado por: {SEARCH_SORT_LABELS[criteria.sortBy]}
                </Badge>
              </li>
              {chips.map((chip) => (
                <li key={chip.key} className={CHIP}>
                  {chip.label}
                  <button
                    type="button"
                    onClick={() => navigate({ ...criteria, ...chip.without, page: 1 })}
                    aria-label={`Remover filtro ${chip.label}`}
                    className="inline-flex size-8 items-center justify-center rounded-full hover:bg-brand-100"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}

        {status === 'loading' && (
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
        )}

        {status === 'done' && result && result.groups.length > 0 && (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {mixAds(result.groups, ads).map((item) =>
                item.type === 'group' ? (
                  <li key={item.group.id}>
                    <ResultCard group={item.group} />
                  </li>
                ) : (
                  <li key={`ad-${item.ad.id}`}>
                    <AdCard ad={item.ad} />
                  </li>
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
          <EmptyState
            icon={SearchX}
            title="Nenhum resultado encontrado"
            text={
              result.pagination.total > 0
                ? 'Esta página não existe mais. Volte para a primeira página dos resultados.'
                : `Tente outras palavras, confira a ortografia ou remova alguns filtros.${criteria.adult || !adultAvailable ? '' : ` ${ADULT_FILTER_HINT}`}`
            }
            action={
              result.pagination.total > 0 ? (
                <Button variant="secondary" onClick={() => goToPage(1)}>
                  Primeira página
                </Button>
              ) : undefined
            }
          />
        )}

        {(status === 'idle' || status === 'error') && !criteria.q && (
          <EmptyState
            icon={SearchIcon}
            title="Faça uma busca"
            text="Digite um assunto, como futebol, concurso ou receitas, e encontre grupos de WhatsApp."
          />
        )}

        {status === 'error' && criteria.q && (
          <EmptyState
            icon={SearchX}
            title="Erro na busca"
            text="Não foi possível buscar os grupos"
            action={
              <Button variant="secondary" onClick={() => setCriteria({ ...criteria })}>
                Tentar novamente
              </Button>
            }
          />
        )}
      </div>
    </div>
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
