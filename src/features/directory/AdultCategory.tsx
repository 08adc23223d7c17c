// An 18+ category's list when the operator configured an age-verification provider (decision 0010). The
// static page holds no adult group: it shows the prompt to verify (a plain link, so it works without
// JavaScript); once the provider confirmed the visitor's age, this island asks the API, which answers
// only that visitor and privately, and shows the list. A self-declared click never opens it.
import { ShieldCheck, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { buttonClasses } from '#src/components/ui/classes.ts';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { api } from '#src/lib/api.ts';
import {
  ADULT_VERIFY_LABEL,
  ADULT_VERIFY_TEXT,
  AGE_OUTCOMES,
  AGE_START_PATH,
  AGE_STATUS_PATH,
  type AgeOutcome,
} from '../age-verification/age-verification.ts';
import type { GroupPage } from '../groups/groups.server.ts';
import CategoryGroups from './CategoryGroups.tsx';

interface Props {
  category: string;
  path: string;
  site: string;
  limit: number;
  /** the placement setting at build time (ads.ts) */
  cardsPerAd?: number;
}

type State =
  | { kind: 'prompt' }
  | { kind: 'loading' }
  | { kind: 'ready'; page: GroupPage }
  | { kind: 'error'; message: string };

function LoadingGroups() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Carregando grupos">
      {[0, 1, 2].map((i) => (
        <li key={i}>
          <Skeleton className="h-48 w-full rounded-card" />
        </li>
      ))}
    </ul>
  );
}

/** What a visitor not yet verified sees: why, the outcome of a check that just failed, and the way in. */
function AgePrompt({ outcome, path }: { outcome: AgeOutcome | null; path: string }) {
  return (
    <EmptyState
      icon={ShieldCheck}
      title="Conteúdo para maiores de 18 anos"
      text={
        <>
          {outcome && (
            <span role="alert" className="mb-2 block font-medium text-red-800">
              {AGE_OUTCOMES[outcome]}
            </span>
          )}
          {ADULT_VERIFY_TEXT}
        </>
      }
      action={
        <a
          href={`${AGE_START_PATH}?next=${encodeURIComponent(path)}`}
          className={buttonClasses({ size: 'lg' })}
        >
          {ADULT_VERIFY_LABEL}
        </a>
      }
    />
  );
}

export default function AdultCategory({ category, path, site, limit, cardsPerAd }: Props) {
  const [state, setState] = useState<State>({ kind: 'prompt' });
  const [outcome, setOutcome] = useState<AgeOutcome | null>(null);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const status = await api<{ verified: boolean }>(AGE_STATUS_PATH);
      if (!status.verified) return setState({ kind: 'prompt' });
      const page = await api<GroupPage>('/api/groups', { query: { category, page: 1, limit, adult: 1 } });
      setState({ kind: 'ready', page });
    } catch (cause) {
      setState({ kind: 'error', message: cause instanceof Error ? cause.message : 'Tente novamente.' });
    }
  }, [category, limit]);

  useEffect(() => {
    const said = new URLSearchParams(location.search).get('idade');
    if (said && said in AGE_OUTCOMES) setOutcome(said as AgeOutcome);
    void load();
  }, [load]);

  if (state.kind === 'ready')
    return (
      <CategoryGroups
        firstPage={state.page}
        pagination={state.page.pagination}
        site={site}
        path={path}
        category={category}
        adult
        anchor="grupos"
        showControls
        cardsPerAd={cardsPerAd}
        placeholders={Math.min(limit, 6)}
      />
    );
  if (state.kind === 'loading') return <LoadingGroups />;
  if (state.kind === 'error')
    return (
      <EmptyState
        icon={TriangleAlert}
        title="Não foi possível carregar os grupos"
        text={state.message}
        action={
          <button
            type="button"
            className={buttonClasses({ variant: 'secondary' })}
            onClick={() => void load()}
          >
            Tentar novamente
          </button>
        }
      />
    );
  return <AgePrompt outcome={outcome} path={path} />;
}
