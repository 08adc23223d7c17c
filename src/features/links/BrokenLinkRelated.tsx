// The related groups under 'Este link deixou de funcionar' (/link-quebrado?grupo&categoria): the most
// joined groups of the same category, read from the public list API, the dead group left out.
import { ArrowRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Loading, Skeleton } from '#src/components/ui/Skeleton.tsx';
import { api } from '#src/lib/api.ts';
import GroupCard from '../groups/GroupCard.tsx';
import type { GroupPage } from '../groups/groups.server.ts';

const RELATED = 6;

type State = { status: 'loading' } | { status: 'ready'; page: GroupPage } | { status: 'error' };

export default function BrokenLinkRelated({ site }: { site: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [category, setCategory] = useState('');

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const slug = params.get('categoria') ?? '';
    const groupId = params.get('grupo') ?? '';
    setCategory(slug);
    if (!slug) {
      setState({ status: 'error' });
      return;
    }
    api<GroupPage>('/api/groups', {
      query: { category: slug, sortBy: 'relevance', page: 1, limit: RELATED + 1 },
    })
      .then((page) =>
        setState({
          status: 'ready',
          page: { ...page, groups: page.groups.filter((g) => g.id !== groupId).slice(0, RELATED) },
        }),
      )
      .catch(() => setState({ status: 'error' }));
  }, []);

  if (state.status === 'error') return null;
  if (state.status === 'loading')
    return (
      <Loading className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-40 w-full rounded-card" />
        <Skeleton className="h-40 w-full rounded-card" />
        <Skeleton className="h-40 w-full rounded-card" />
      </Loading>
    );
  const { groups } = state.page;
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="relacionados">
      <h2 id="relacionados" className="text-lg font-semibold text-neutral-900">
        Grupos parecidos de {groups[0]!.category}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {groups.map((group) => (
          <li key={group.id} className="grid">
            <GroupCard group={group} site={site} />
          </li>
        ))}
      </ul>
      {/* A text link, free to wrap: a nowrap button with a long category name scrolled the phone sideways. */}
      <a
        href={`/categoria/${encodeURIComponent(category)}`}
        className="mt-6 inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 hover:underline"
      >
        Ver todos os grupos de {groups[0]!.category}
        <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
      </a>
    </section>
  );
}
