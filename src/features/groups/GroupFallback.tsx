// Shown by the 404 page for addresses shaped like a group (/grupo/{id}, /{categorySlug}/{titleSlug}) or a
// category (/categoria/{slug}) that the last build did not know: a group approved (or a category created)
// since then appears at once, read from the API, until the next build writes its static page. The 404 page
// is noindex, so these client-rendered copies are never indexed. Unknown addresses keep the plain 404.
import { CalendarDays, Crown, Hash, MousePointerClick, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { badgeClasses, buttonClasses, cardClasses, cx, FEATURED_LABEL } from '#src/components/ui/classes.ts';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { ApiError, api } from '#src/lib/api.ts';
import { countLabel, formatDate, formatRelative } from '#src/lib/format.ts';
import ShareDialog from '../share/ShareDialog.tsx';
import CategoryGroups from './CategoryGroups.tsx';
import { REDIRECT_DELAY_MS, type Wanted, wantedFromPath } from './fallback.ts';
import { groupAvatar } from './group-image.ts';
import type { GroupJson, GroupPage } from './groups.server.ts';
import JoinButton from './JoinButton.tsx';
import { TypeBadge } from './TypeBadge.tsx';

type State =
  | { status: 'loading' }
  | { status: 'group'; group: GroupJson; related: GroupJson[] }
  | { status: 'category'; slug: string; page: GroupPage; name: string }
  | { status: 'error'; message: string };

function hideStaticNotFound() {
  const block = document.getElementById('nao-encontrada');
  if (block) block.hidden = true;
}

export default function GroupFallback({ site }: { site: string }) {
  const [wanted, setWanted] = useState<Wanted>({ kind: 'none' });
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const next = wantedFromPath(location.pathname);
    setWanted(next);
    if (next.kind === 'none') return;
    hideStaticNotFound();
    if (next.kind === 'group') {
      api<GroupJson>(next.api)
        .then(async (group) => {
          document.title = `${group.title} | Grupos de WhatsApp`;
          const related = await api<GroupJson[]>(`/api/groups/${group.id}/related`).catch(() => []);
          setState({ status: 'group', group, related });
        })
        .catch((error) =>
          setState({
            status: 'error',
            message:
              error instanceof ApiError
                ? error.message || 'Não foi possível carregar este grupo'
                : 'Ocorreu um erro ao carregar o grupo',
          }),
        );
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
      <div
        className="mx-auto max-w-3xl space-y-4 px-4 py-10"
        role="status"
        aria-busy="true"
        aria-label="Carregando"
      >
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-40 w-full rounded-card" />
      </div>
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
          placeholders={8}
        />
      </section>
    );

  const { group, related } = state;
  const url = new URL(group.path, site).href;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <article className={cardClasses({ padding: 'lg' })}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <img
            src={groupAvatar(group)}
            alt=""
            width={96}
            height={96}
            className="size-20 shrink-0 rounded-2xl bg-neutral-100 object-cover sm:size-24"
          />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-1.5">
              <TypeBadge type={group.type} />
              <a href={`/categoria/${group.categorySlug}`} className={badgeClasses('brand')}>
                {group.category}
              </a>
              {group.featured && group.featuredUntil && (
                <span className={badgeClasses('featured')}>
                  <Crown aria-hidden="true" />
                  {FEATURED_LABEL}
                </span>
              )}
            </p>
            <h1 className="mt-2 text-2xl font-bold tracking-tight break-words text-neutral-900 sm:text-3xl">
              {group.title}
            </h1>
            <p className="mt-1 text-sm text-neutral-600">Adicionado {formatRelative(group.createdAt)}</p>
          </div>
        </div>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <JoinButton groupId={group.id} link={group.link} type={group.type} block className="sm:w-auto" />
          <ShareDialog groupId={group.id} title={group.title} url={url} />
        </div>
        <p className="mt-2 text-sm text-neutral-600">Ao clicar, você será redirecionado para o WhatsApp</p>
        <h2 className="mt-8 text-lg font-semibold text-neutral-900">Descrição</h2>
        <div className="mt-2 space-y-3 break-words text-neutral-800">
          {group.description
            .split(/\r?\n/)
            .filter((line) => line.trim())
            .map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity
              <p key={index}>{line}</p>
            ))}
        </div>
        <dl className="mt-6 grid gap-3 text-sm sm:grid-cols-3">
          <div className="flex items-center gap-2">
            <CalendarDays aria-hidden="true" className="size-4 text-neutral-500" />
            <dt className="text-neutral-600">Adicionado em</dt>
            <dd className="font-medium">{formatDate(group.createdAt)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <MousePointerClick aria-hidden="true" className="size-4 text-neutral-500" />
            <dt className="text-neutral-600">Total de cliques</dt>
            <dd className="font-medium">{countLabel(group.cliques, 'clique', 'cliques')}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Hash aria-hidden="true" className="size-4 text-neutral-500" />
            <dt className="text-neutral-600">Código</dt>
            <dd className="font-mono">{group.id.slice(0, 8)}</dd>
          </div>
        </dl>
      </article>
      {related.length > 0 && (
        <section className="mt-8">
          <h2 className="text-xl font-bold text-neutral-900">Grupos Relacionados</h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {related.map((other) => (
              <li key={other.id}>
                <a
                  href={other.path}
                  className={cx(cardClasses({ padding: 'sm', interactive: true }), 'flex items-center gap-3')}
                >
                  <img
                    src={groupAvatar(other)}
                    alt=""
                    width={48}
                    height={48}
                    className="size-12 rounded-xl"
                  />
                  <span className="line-clamp-2 font-semibold text-neutral-900">{other.title}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
