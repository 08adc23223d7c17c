// Shown by the 404 page for addresses shaped like a group (/grupo/{id}, /{categorySlug}/{titleSlug}) or a
// category (/categoria/{slug}) that the last build did not know. Every public group has a real page, pre-
// rendered or rendered on demand (decision 0008), so a group address that lands here names no public
// group: the spec's 'Oops!' state, then home. A category created since the build appears at once, read
// from the API, until the next build writes its page (the 404 page is noindex). Unknown addresses keep the
// plain 404.
import { TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonClasses, cx } from '#src/components/ui/classes.ts';
import { Loading, Skeleton } from '#src/components/ui/Skeleton.tsx';
import { api } from '#src/lib/api.ts';
import { REDIRECT_DELAY_MS, type Wanted, wantedFromPath } from '../groups/fallback.ts';
import type { GroupPage } from '../groups/groups.server.ts';
import CategoryGroups from './CategoryGroups.tsx';

type State =
  | { status: 'loading' }
  | { status: 'category'; slug: string; page: GroupPage; name: string }
  | { status: 'error'; message: string };

function hideStaticNotFound() {
  const block = document.getElementById('nao-encontrada');
  if (block) block.hidden = true;
}

export default function GroupFallback({ site, cardsPerAd }: { site: string; cardsPerAd?: number }) {
  const [wanted, setWanted] = useState<Wanted>({ kind: 'none' });
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const next = wantedFromPath(location.pathname);
    setWanted(next);
    if (next.kind === 'none') return;
    hideStaticNotFound();
    if (next.kind === 'group') {
      // The spec's fallback message, 'Grupo não encontrado' (below).
      setState({ status: 'error', message: '' });
    } else {
      api<GroupPage>('/api/groups', { query: { category: next.slug, page: 1, limit: 8 } })
        .then((page) =>
          setState({
            status: 'category',
            slug: next.slug,
            page,
            name: page.groups[0]?.category ?? next.slug,
          }),
        )
        .catch(() => setState({ status: 'error', message: 'Categoria não encontrada' }));
    }
  }, []);

  useEffect(() => {
    if (state.status !== 'error') return;
    const timer = window.setTimeout(() => location.assign('/'), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state.status]);

  if (wanted.kind === 'none') return null;

  if (state.status === 'loading')
    return (
      <Loading className="mx-auto max-w-3xl space-y-4 px-4 py-10">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-40 w-full rounded-card" />
      </Loading>
    );

  if (state.status === 'error')
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
        <span className="grid size-16 place-items-center rounded-full bg-red-50 text-red-700">
          <TriangleAlert aria-hidden="true" className="size-8" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Oops!</h1>
        <p className="mt-3 text-neutral-700" role="alert">
          {state.message || 'Grupo não encontrado'}
        </p>
        <p className="mt-1 text-sm text-neutral-600">
          Você será redirecionado para a página inicial em breve...
        </p>
        <a href="/" className={cx(buttonClasses({ size: 'lg' }), 'mt-8')}>
          Voltar para a Página Inicial
        </a>
      </section>
    );

  if (state.status === 'category')
    return (
      <section className="mx-auto max-w-6xl px-4 py-8" id="grupos">
        <h1 className="mb-4 text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">
          Grupos de {state.name}
        </h1>
        <CategoryGroups
          pagination={state.page.pagination}
          firstPage={state.page}
          site={site}
          path={`/categoria/${state.slug}`}
          category={state.slug}
          anchor="grupos"
          showControls
          cardsPerAd={cardsPerAd}
          placeholders={8}
        />
      </section>
    );

  return null;
}
