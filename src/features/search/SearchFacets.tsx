// /buscar's category and tag filters with their counts, and what 'Nenhum resultado' offers instead:
// related tags and categories, and 'Enviar grupo'. Categories from GET /api/categories; tags from
// GET /api/tags (the tags feature, #43) — nothing is shown for tags while that API answers 404.
import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { withoutAccents } from '#src/lib/accents.ts';
import { api } from '#src/lib/api.ts';
import type { Criteria } from './search-state.ts';

/** A filter choice: a category or a tag, with its public groups. */
export interface Facet {
  slug: string;
  name: string;
  count: number;
  adult: boolean;
}

export interface Facets {
  categories: Facet[];
  tags: Facet[];
}

const NONE: Facets = { categories: [], tags: [] };

/** Categories and tags for the filters, fetched once (both lists are cached by the CDN). */
export function useFacets(): Facets {
  const [facets, setFacets] = useState<Facets>(NONE);
  useEffect(() => {
    const controller = new AbortController();
    const list = (path: string, pick: (body: unknown) => unknown) =>
      api<unknown>(path, { signal: controller.signal })
        .then((body) => (Array.isArray(pick(body)) ? (pick(body) as Facet[]) : []))
        .catch(() => [] as Facet[]); // no tags API yet (404), or a failure: no filter, never an error
    void Promise.all([
      list('/api/categories', (body) => body),
      list('/api/tags', (body) => (body as { tags?: unknown } | null)?.tags),
    ]).then(([categories, tags]) => {
      if (!controller.signal.aborted) setFacets({ categories, tags });
    });
    return () => controller.abort();
  }, []);
  return facets;
}

const visible = (facets: Facet[], adult: boolean) => facets.filter((f) => adult || !f.adult);

/** 'Categoria' and 'Assunto' selects; a choice applies at once, like the order. */
export function FacetFilters(props: {
  facets: Facets;
  draft: Criteria;
  className: string;
  apply: (changes: Partial<Criteria>) => void;
}) {
  const { facets, draft, className, apply } = props;
  const tags = visible(facets.tags, draft.adult);
  return (
    <>
      <FacetSelect
        id="busca-categoria"
        label="Categoria"
        all="Todas as categorias"
        facets={visible(facets.categories, draft.adult)}
        value={draft.categoria}
        className={className}
        onChange={(categoria) => apply({ categoria })}
      />
      {tags.length > 0 && (
        <FacetSelect
          id="busca-tag"
          label="Assunto"
          all="Todos os assuntos"
          facets={tags}
          value={draft.tag}
          className={className}
          onChange={(tag) => apply({ tag })}
        />
      )}
    </>
  );
}

function FacetSelect(props: {
  id: string;
  label: string;
  all: string;
  facets: Facet[];
  value: string;
  className: string;
  onChange: (slug: string) => void;
}) {
  const known = props.facets.some((f) => f.slug === props.value);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={props.id} className="text-sm font-medium whitespace-nowrap text-neutral-800">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.id === 'busca-tag' ? 'tag' : 'categoria'}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        className={`${props.className} w-auto max-w-64`}
      >
        <option value="">{props.all}</option>
        {props.value && !known && <option value={props.value}>{props.value}</option>}
        {props.facets.map((facet) => (
          <option key={facet.slug} value={facet.slug}>
            {facet.name} ({facet.count.toLocaleString('pt-BR')})
          </option>
        ))}
      </select>
    </div>
  );
}

const fold = (text: string) => withoutAccents(text).toLowerCase();

/** The facets most related to a term: those whose name shares a word with it first, then the biggest. */
export function relatedFacets(facets: Facet[], term: string, limit: number): Facet[] {
  const words = fold(term)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3);
  const related = (facet: Facet) =>
    words.some((word) => fold(facet.name).includes(word) || fold(facet.slug).includes(word)) ? 1 : 0;
  return facets
    .filter((facet) => !facet.adult && facet.count > 0)
    .sort((a, b) => related(b) - related(a) || b.count - a.count)
    .slice(0, limit);
}

/** What 'Nenhum resultado' offers: related tags and categories, and sending one's own group. */
export function NoResultsOffers(props: { facets: Facets; criteria: Criteria }) {
  const { facets, criteria } = props;
  const tags = relatedFacets(facets.tags, criteria.q, 8);
  const categories = relatedFacets(facets.categories, criteria.q, 6);
  const link = (href: string, facet: Facet) => (
    <li key={facet.slug}>
      <a
        href={href}
        className="inline-flex min-h-11 items-center rounded-full border border-neutral-300 bg-white px-4 text-[0.9375rem] font-medium text-neutral-800 hover:border-brand-500 hover:text-brand-800"
      >
        {facet.name}{' '}
        <span className="ml-1.5 text-sm text-neutral-500">{facet.count.toLocaleString('pt-BR')}</span>
      </a>
    </li>
  );
  return (
    <div className="mx-auto mt-6 flex max-w-2xl flex-col items-center gap-5 text-center">
      {tags.length > 0 && (
        <section aria-labelledby="sem-resultado-assuntos">
          <h3 id="sem-resultado-assuntos" className="font-semibold text-neutral-900">
            Assuntos relacionados
          </h3>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {tags.map((tag) => link(`/tag/${tag.slug}`, tag))}
          </ul>
        </section>
      )}
      {categories.length > 0 && (
        <section aria-labelledby="sem-resultado-categorias">
          <h3 id="sem-resultado-categorias" className="font-semibold text-neutral-900">
            Veja as categorias
          </h3>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {categories.map((category) => link(`/categoria/${category.slug}`, category))}
          </ul>
        </section>
      )}
      <div>
        <p className="text-neutral-700">Não achou? Tem um grupo sobre isso?</p>
        <Button href="/enviar" className="mt-2">
          <Send aria-hidden="true" /> Enviar grupo
        </Button>
      </div>
    </div>
  );
}
