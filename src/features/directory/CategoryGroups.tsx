// A paginated group list (a category, or the home's 'Últimos Grupos'). Page 1 of the default order is
// static HTML passed in as children (GroupList.astro, ads included), so the list needs no JavaScript until
// the visitor reaches for the pagination or the sort; other pages and orders come from GET /api/groups and
// live in the URL (?pagina=2&ordem=cliques), so reload, back and forward work. Hydrate it with
// client:interaction={{ params: LIST_PARAMS }}: an address that names another page hydrates at once.
import { ChevronLeft, ChevronRight, SearchX, TriangleAlert } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { buttonClasses, cx } from '#src/components/ui/classes.ts';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { api } from '#src/lib/api.ts';
import { countLabel } from '#src/lib/format.ts';
import { GAP, pageWindow } from '#src/lib/pagination.ts';
import AdSlot from '../ads/AdSlot.tsx';
import type { AdvertisementJson } from '../ads/ads.schema.ts';
import { adPositions, DEFAULT_CARDS_PER_AD, mixAds } from '../ads/ads.ts';
import GroupCard from '../groups/GroupCard.tsx';
import { GROUP_SORTS, type GroupSort, SORT_LABELS } from '../groups/groups.schema.ts';
import type { GroupPage } from '../groups/groups.server.ts';
import { RANKING_PAGE } from '../ranking/ranking.ts';

/** The query parameters that name a view other than the static first page. */
export const LIST_PARAMS = ['pagina', 'ordem'];

/** What an empty list says (spec): a category's, or the home's recent groups. */
export const emptyListText = (category?: string) =>
  category ? 'Não há grupos disponíveis nesta categoria' : 'Ainda não há grupos publicados.';

interface Props {
  /** the static first page's pagination */
  pagination: GroupPage['pagination'];
  /** the static first page (GroupList.astro) */
  children?: ReactNode;
  /** the first page as data instead, when nothing static exists (the 404 page's fallback) */
  firstPage?: GroupPage;
  site: string;
  /** this page's path (links are built from it, identically on the server and in the browser) */
  path: string;
  /** a category's slug; none for the home's recent list */
  category?: string;
  /** a tag's slug: a topic page's list (#43), read from GET /api/groups?tag= in 'Mais recentes' order */
  tag?: string;
  /** an adult (18+) category: its pages are asked for with the opt-in (the page itself is gated) */
  adult?: boolean;
  /** id of the element to scroll back to when the page changes */
  anchor: string;
  /** the placement setting at build time: at most one ad in this many cards (ads.ts) */
  cardsPerAd?: number;
  /** show '{count} grupos encontrados' and the sort select (category pages) */
  showControls?: boolean;
  placeholders: number;
}

interface View {
  page: number;
  sort: GroupSort;
}

function viewFromUrl(): View {
  const params = new URLSearchParams(location.search);
  const page = Number.parseInt(params.get('pagina') ?? '1', 10);
  const sort = params.get('ordem') as GroupSort | null;
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    sort: sort && GROUP_SORTS.includes(sort) ? sort : 'createdAt',
  };
}

function hrefFor(path: string, view: View): string {
  const params = new URLSearchParams();
  if (view.page > 1) params.set('pagina', String(view.page));
  else params.delete('pagina');
  if (view.sort !== 'createdAt') params.set('ordem', view.sort);
  else params.delete('ordem');
  const qs = params.toString();
  return `${path}${qs ? `?${qs}` : ''}`;
}

const isFirstPage = (view: View) => view.page === 1 && view.sort === 'createdAt';

export default function CategoryGroups({
  pagination,
  children,
  firstPage,
  site,
  path,
  category,
  tag,
  adult = false,
  anchor,
  cardsPerAd = DEFAULT_CARDS_PER_AD,
  showControls = false,
  placeholders,
}: Props) {
  const [view, setView] = useState<View>({ page: 1, sort: 'createdAt' });
  // null: the static first page is showing
  const [data, setData] = useState<GroupPage | null>(firstPage ?? null);
  const [state, setState] = useState<'ready' | 'loading' | 'error'>('ready');
  const [error, setError] = useState('');
  const [ads, setAds] = useState<AdvertisementJson[]>([]);
  const request = useRef<AbortController | null>(null);
  // The island's pages' ads, drawn once per visit (the static page has its own) and shown together
  // with the groups, so they never push a page's cards down.
  const visitAds = useRef<Promise<AdvertisementJson[]> | null>(null);
  const adCount = adPositions(pagination.limit, cardsPerAd).length;
  const drawAds = useCallback(() => {
    visitAds.current ??= adCount
      ? api<AdvertisementJson[]>('/api/random-advertisements', { query: { count: adCount } })
          .then((list) => (Array.isArray(list) ? list : []))
          .catch(() => [])
      : Promise.resolve([]);
    return visitAds.current;
  }, [adCount]);

  const load = useCallback(
    async (next: View) => {
      setView(next);
      if (isFirstPage(next)) {
        request.current?.abort();
        setData(firstPage ?? null);
        setState('ready');
        return;
      }
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setState('loading');
      try {
        const path = category || tag ? '/api/groups' : '/api/groups/recent';
        const [page, pageAds] = await Promise.all([
          api<GroupPage>(path, {
            query: {
              category,
              tag,
              page: next.page,
              limit: pagination.limit,
              sortBy: category ? next.sort : tag ? 'createdAt' : undefined,
              adult: adult ? 1 : undefined,
            },
            signal: controller.signal,
          }),
          drawAds(),
        ]);
        setAds(pageAds);
        setData(page);
        setState('ready');
      } catch (cause) {
        if (controller.signal.aborted) return;
        setError(cause instanceof Error ? cause.message : 'Não foi possível carregar os grupos');
        setState('error');
      }
    },
    [category, tag, adult, pagination.limit, firstPage, drawAds],
  );

  useEffect(() => {
    void load(viewFromUrl());
    const onPop = () => void load(viewFromUrl());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [load]);

  // A first page given as data (the 404 fallback) draws its ads at once.
  useEffect(() => {
    if (firstPage) void drawAds().then(setAds);
  }, [firstPage, drawAds]);

  function go(next: View) {
    history.pushState(null, '', hrefFor(path, next));
    void load(next);
    document.getElementById(anchor)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  const { total, pages } = data?.pagination ?? pagination;

  return (
    <div>
      {showControls && (
        <ListControls
          loading={state === 'loading'}
          total={total}
          sort={view.sort}
          onSort={(sort) => go({ page: 1, sort })}
        />
      )}
      <div hidden={data !== null || state !== 'ready'}>{children}</div>
      {state === 'loading' ? (
        <LoadingCards count={placeholders} />
      ) : state === 'error' ? (
        <EmptyState
          icon={TriangleAlert}
          title="Não foi possível carregar os grupos"
          text={error}
          action={
            <button
              type="button"
              className={buttonClasses({ variant: 'secondary' })}
              onClick={() => void load(view)}
            >
              Tentar novamente
            </button>
          }
        />
      ) : data === null ? null : data.groups.length === 0 ? (
        <EmptyState icon={SearchX} title="Nenhum grupo encontrado" text={emptyListText(category)} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {mixAds(data.groups, ads, cardsPerAd).map((item) =>
            item.type === 'group' ? (
              <li key={item.group.id} className="grid">
                <GroupCard group={item.group} site={site} />
              </li>
            ) : (
              <AdSlot key={`ad-${item.ad.id}`} ad={item.ad} />
            ),
          )}
        </ul>
      )}
      {pages > 1 && state !== 'error' && (
        <ListPagination
          page={view.page}
          pages={pages}
          href={(page) => hrefFor(path, { ...view, page })}
          go={(page) => go({ ...view, page })}
        />
      )}
    </div>
  );
}

/** '{n} grupos encontrados' and 'Ordenar por' (category pages). */
function ListControls(props: {
  loading: boolean;
  total: number;
  sort: GroupSort;
  onSort: (sort: GroupSort) => void;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-neutral-700" aria-live="polite">
        {props.loading
          ? 'Carregando…'
          : `${countLabel(props.total, 'grupo encontrado', 'grupos encontrados')}`}
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <label className="flex items-center gap-2 text-sm font-medium text-neutral-800">
          Ordenar por
          <select
            value={props.sort}
            onChange={(event) => props.onSort(event.currentTarget.value as GroupSort)}
            className="min-h-11 rounded-control border border-neutral-300 bg-white px-3 text-[0.9375rem] text-neutral-900 shadow-card hover:border-neutral-400"
          >
            {GROUP_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
        <a href={RANKING_PAGE} className="text-sm font-medium text-brand-800 underline underline-offset-2">
          Como ordenamos
        </a>
      </div>
    </div>
  );
}

function LoadingCards({ count }: { count: number }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Carregando grupos">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i}>
          <Skeleton className="h-48 w-full rounded-card" />
        </li>
      ))}
    </ul>
  );
}

/** Previous, the page window and next: real links (the address of each page), followed in place. */
function ListPagination(props: {
  page: number;
  pages: number;
  href: (page: number) => string;
  go: (page: number) => void;
}) {
  const { page, pages } = props;
  const step = (to: number, label: string, disabled: boolean, icon: ReactNode) => (
    <a
      href={props.href(to)}
      aria-disabled={disabled ? 'true' : undefined}
      aria-label={label}
      onClick={(event) => {
        event.preventDefault();
        if (!disabled) props.go(to);
      }}
      className={buttonClasses({ variant: 'ghost', size: 'icon' })}
    >
      {icon}
    </a>
  );
  return (
    <nav aria-label="Paginação" className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {step(Math.max(1, page - 1), 'Página anterior', page <= 1, <ChevronLeft aria-hidden="true" />)}
      {pageWindow(page, pages).map((item, index) =>
        item === GAP ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: two gaps can exist; position identifies them
          <span key={`gap-${index}`} className="px-1 text-neutral-500" aria-hidden="true">
            {GAP}
          </span>
        ) : (
          <a
            key={item}
            href={props.href(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Página ${item}`}
            onClick={(event) => {
              event.preventDefault();
              props.go(item);
            }}
            className={cx(
              buttonClasses({ variant: item === page ? 'primary' : 'ghost', size: 'icon' }),
              'text-[0.9375rem]',
            )}
          >
            {item}
          </a>
        ),
      )}
      {step(Math.min(pages, page + 1), 'Próxima página', page >= pages, <ChevronRight aria-hidden="true" />)}
    </nav>
  );
}
