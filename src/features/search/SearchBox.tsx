// The header's and home's search box: a plain GET form to /buscar that works before JavaScript runs;
// an empty (trimmed) term is ignored instead of searching for nothing (before hydration the browser
// refuses it: required + pattern; once hydrated, onSubmit does, without the browser's bubble). With
// JavaScript it also offers instant suggestions of groups from the Pagefind index, which is downloaded
// only once the visitor focuses the field or types (never on page load).
import { Search } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

interface Props {
  /** the term already searched, when shown on /buscar */
  defaultValue?: string;
  /** larger field for the home page hero */
  size?: 'md' | 'lg';
  id?: string;
}

interface Suggestion {
  url: string;
  title: string;
  category?: string;
}

interface PagefindResult {
  data(): Promise<{ url: string; meta: Record<string, string | undefined> }>;
}
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  debouncedSearch(
    term: string,
    options?: object,
    wait?: number,
  ): Promise<{ results: PagefindResult[] } | null>;
}

export const SUGGESTION_COUNT = 5;
const MIN_CHARS = 2;
const PAGEFIND_URL = '/pagefind/pagefind.js';
/** Answers which of the given group ids are taken down (functions/takedowns.ts). */
const TAKEDOWNS_PATH = '/api/takedowns';

let pagefindPromise: Promise<Pagefind | null> | undefined;

/** Pagefind's script, loaded once per page and only when asked; null when the index is unavailable. */
function loadPagefind(): Promise<Pagefind | null> {
  pagefindPromise ??= import(/* @vite-ignore */ PAGEFIND_URL)
    .then(async (module: Pagefind) => {
      await module.options({ excerptLength: 0 });
      await module.init();
      return module;
    })
    .catch(() => null); // no index (e.g. dev server): the box stays a plain form
  return pagefindPromise;
}

/**
 * Which of these groups are taken down now (GET /api/takedowns, decision 0015). When the answer cannot
 * be had, every one counts as taken down: no suggestion is better than one a takedown removed.
 */
async function heldAmong(ids: string[]): Promise<Set<string>> {
  const wanted = ids.filter(Boolean);
  if (!wanted.length) return new Set();
  try {
    const res = await fetch(`${TAKEDOWNS_PATH}?ids=${wanted.join(',')}`);
    if (!res.ok) throw new Error(String(res.status));
    return new Set(((await res.json()) as { held: string[] }).held);
  } catch {
    return new Set(wanted);
  }
}

/**
 * Suggestions for a term from the Pagefind index (downloaded on first use), fewer than MIN_CHARS
 * characters asking for none; a newer term cancels an older one's answer.
 */
function useSuggestions(term: string): Suggestion[] {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const latest = useRef('');
  useEffect(() => {
    const query = term.trim();
    latest.current = query;
    if (query.length < MIN_CHARS) {
      setSuggestions([]);
      return;
    }
    let cancelled = false;
    loadPagefind().then(async (pagefind) => {
      if (!pagefind || cancelled) return;
      const search = await pagefind.debouncedSearch(query, {}, 200);
      if (!search || cancelled || latest.current !== query) return; // a newer term took over
      const data = await Promise.all(search.results.slice(0, SUGGESTION_COUNT).map((r) => r.data()));
      // The index is from the last build: a group taken down since then is dropped before it shows.
      const held = await heldAmong(data.map((d) => d.meta.id ?? ''));
      if (cancelled || latest.current !== query) return;
      setSuggestions(
        data
          .filter((d) => d.meta.id && !held.has(d.meta.id))
          .map((d) => ({ url: d.url, title: d.meta.title ?? d.url, category: d.meta.category })),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [term]);
  return suggestions;
}

/** The arrows move through the suggestions (-1 is the field itself, and they cycle back to it); Escape closes. */
function suggestionKeys(
  count: number,
  setOpen: (open: boolean) => void,
  setActive: (update: (i: number) => number) => void,
) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (!count) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => {
        const next = i + step;
        if (next < -1) return count - 1;
        return next >= count ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(() => -1);
    }
  };
}

/**
 * Hydrated because the visitor focused the field or started typing (client:interaction): carry on
 * from what they typed (`carryOn`), as the focus and keys before hydration never reached the handlers.
 */
function useHydrated(inputRef: RefObject<HTMLInputElement | null>, carryOn: (typed: string) => void) {
  const [hydrated, setHydrated] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration.
  useEffect(() => {
    setHydrated(true);
    const input = inputRef.current;
    if (!input || document.activeElement !== input) return;
    void loadPagefind();
    carryOn(input.value);
  }, []);
  return hydrated;
}

export default function SearchBox({ defaultValue = '', size = 'md', id = 'busca' }: Props) {
  const [term, setTerm] = useState(defaultValue);
  const suggestions = useSuggestions(term);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${useId()}-sugestoes`;
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated(inputRef, (typed) => {
    setOpen(true);
    setTerm(typed);
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: new suggestions start with none chosen.
  useEffect(() => setActive(-1), [suggestions]);

  const onSubmit = submitHandler(open ? suggestions[active] : undefined);
  const showList = open && suggestions.length > 0 && term.trim().length >= MIN_CHARS;
  const activeSuggestion = showList && active >= 0 && active < suggestions.length ? active : -1;
  const height = size === 'lg' ? 'h-13 text-base' : 'h-11 text-[0.9375rem]';
  return (
    <search className="w-full">
      <form
        ref={rootRef}
        action="/buscar"
        method="get"
        noValidate={hydrated}
        onSubmit={onSubmit}
        onBlur={(event) => {
          if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
        className="relative w-full"
      >
        <FieldLabel id={id} />
        <input
          ref={inputRef}
          id={id}
          name="q"
          type="search"
          value={term}
          onChange={(event) => {
            setTerm(event.currentTarget.value);
            setOpen(true);
          }}
          onFocus={() => {
            setOpen(true);
            void loadPagefind();
          }}
          onKeyDown={suggestionKeys(suggestions.length, setOpen, setActive)}
          placeholder="Buscar grupos de WhatsApp"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          required
          pattern={String.raw`.*\S.*`}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={activeSuggestion >= 0 ? `${listId}-${activeSuggestion}` : undefined}
          className={`${height} w-full rounded-control border border-neutral-300 bg-white pr-24 pl-11 text-neutral-900 shadow-sm placeholder:text-neutral-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600`}
        />
        <SubmitButton />
        <SuggestionList
          listId={listId}
          suggestions={suggestions}
          active={activeSuggestion}
          hidden={!showList}
          term={term.trim()}
        />
      </form>
    </search>
  );
}

/** The field's label (for screen readers) and its magnifier. */
function FieldLabel({ id }: { id: string }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Buscar grupos
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-neutral-500"
      />
    </>
  );
}

function SubmitButton() {
  return (
    <button
      type="submit"
      className="absolute top-1/2 right-1.5 inline-flex h-[calc(100%-0.75rem)] -translate-y-1/2 items-center rounded-[calc(var(--radius-control)-2px)] bg-brand-700 px-3.5 text-sm font-semibold text-white hover:bg-brand-800"
    >
      Buscar
    </button>
  );
}

/**
 * The form's submit: an empty term is refused (focus back on the field), a chosen suggestion is opened,
 * anything else searches /buscar for the trimmed term.
 */
function submitHandler(chosen: Suggestion | undefined) {
  return (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem('q') as HTMLInputElement;
    const value = input.value.trim();
    if (!value) {
      event.preventDefault();
      input.focus();
      return;
    }
    if (chosen) {
      event.preventDefault();
      window.location.assign(chosen.url);
      return;
    }
    input.value = value;
  };
}

/** The list under the field: the suggestions, then 'Ver todos os resultados' (a submit of the form). */
function SuggestionList(props: {
  listId: string;
  suggestions: Suggestion[];
  active: number;
  hidden: boolean;
  term: string;
}) {
  const { listId, suggestions, active } = props;
  return (
    <div
      id={listId}
      role="listbox"
      aria-label="Sugestões de grupos"
      hidden={props.hidden}
      className="absolute inset-x-0 top-[calc(100%+0.375rem)] z-50 overflow-hidden rounded-card border border-neutral-200 bg-white py-1 text-left shadow-overlay"
    >
      {suggestions.map((suggestion, index) => (
        <a
          key={suggestion.url}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === active}
          href={suggestion.url}
          tabIndex={-1}
          className="flex min-h-11 flex-col justify-center px-4 py-2 hover:bg-neutral-50 aria-selected:bg-brand-50"
        >
          <span dir="auto" className="truncate font-medium text-neutral-900">
            {suggestion.title}
          </span>
          {suggestion.category && <span className="text-sm text-neutral-600">{suggestion.category}</span>}
        </a>
      ))}
      <button
        type="submit"
        tabIndex={-1}
        className="flex min-h-11 w-full items-center gap-2 border-t border-neutral-100 px-4 text-left text-sm font-semibold text-brand-800 hover:bg-neutral-50"
      >
        <Search aria-hidden="true" className="size-4" />
        Ver todos os resultados para "{props.term}"
      </button>
    </div>
  );
}
