// The tag picker of /enviar, the owner's edit and the admin's group dialog (#43): up to MAX_GROUP_TAGS
// tags, chosen from suggestions (the form's title and description matched against names and synonyms,
// as the server would) or by typing. It posts one field, `tags`: the chosen slugs, comma-separated.
import { Plus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { field, inputClasses } from '#src/components/ui/classes.ts';
import { withoutAccents } from '#src/lib/accents.ts';
import { api } from '#src/lib/api.ts';
import { MAX_GROUP_TAGS, suggestTags, type TagJson } from './tags.ts';

/** Typed-filter matches shown at once. */
const MATCHES_SHOWN = 8;

const chip =
  'inline-flex min-h-11 items-center gap-1 rounded-full border px-3 text-sm font-medium pointer-fine:min-h-9';

const fold = (text: string) => withoutAccents(text).toLowerCase();

/** The visible tags, read once per page (GET /api/tags is cached by the CDN). */
let vocabulary: Promise<TagJson[]> | null = null;
function loadTags(): Promise<TagJson[]> {
  vocabulary ??= api<{ tags: TagJson[] }>('/api/tags')
    .then((answer) => answer.tags)
    .catch((error) => {
      vocabulary = null;
      throw error;
    });
  return vocabulary;
}

/** The form's title and description as typed, kept up to date while the owner types. */
function useFormText(anchor: React.RefObject<HTMLElement | null>) {
  const [text, setText] = useState({ title: '', description: '' });
  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!form) return;
    const read = () => {
      const data = new FormData(form);
      setText({ title: String(data.get('title') ?? ''), description: String(data.get('description') ?? '') });
    };
    // Typing in the picker's own box is not the title or description: a render started from this native
    // listener, before React's handler, would put the controlled box's old value back over the typed one.
    const onInput = (event: Event) => {
      if (!anchor.current?.contains(event.target as Node)) read();
    };
    read();
    form.addEventListener('input', onInput);
    return () => form.removeEventListener('input', onInput);
  }, [anchor]);
  return text;
}

/** The visible tags (18+ ones only when allowed), and whether they could not be read. */
function useVocabulary(allowAdult: boolean) {
  const [tags, setTags] = useState<TagJson[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadTags().then(setTags, () => setFailed(true));
  }, []);
  const offered = useMemo(() => tags.filter((tag) => allowAdult || !tag.adult), [tags, allowAdult]);
  const bySlug = useMemo(() => new Map(tags.map((tag) => [tag.slug, tag])), [tags]);
  const nameOf = (slug: string) => bySlug.get(slug)?.name ?? slug;
  return { loaded: tags.length > 0, failed, offered, nameOf };
}

/** The tags whose name or a synonym holds the typed text (accents and case aside). */
function typedMatches(typed: string, offered: TagJson[], chosen: string[]): TagJson[] {
  const query = fold(typed.trim());
  if (!query) return [];
  return offered
    .filter((tag) => !chosen.includes(tag.slug))
    .filter((tag) => [tag.name, ...(tag.synonyms ?? [])].some((word) => fold(word).includes(query)))
    .slice(0, MATCHES_SHOWN);
}

export default function TagPicker({
  initial = [],
  error,
  allowAdult = false,
  onChange,
}: {
  /** the slugs chosen already (the owner's or admin's edit) */
  initial?: string[];
  error?: string;
  /** offer 18+ tags too (the admin on an 18+ group) */
  allowAdult?: boolean;
  /** told of every change (a form that sends JSON instead of its fields) */
  onChange?: (slugs: string[]) => void;
}) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const vocabulary = useVocabulary(allowAdult);
  const [chosen, setChosen] = useState<string[]>(initial);
  const text = useFormText(root);
  const full = chosen.length >= MAX_GROUP_TAGS;
  const suggested = useMemo(
    () =>
      suggestTags(text, vocabulary.offered, {
        adult: allowAdult,
        limit: MAX_GROUP_TAGS + chosen.length,
      }).filter((slug) => !chosen.includes(slug)),
    [text, vocabulary.offered, allowAdult, chosen],
  );
  const choose = (next: string[]) => {
    setChosen(next);
    onChange?.(next);
  };
  const add = (slug: string) => {
    if (!full && !chosen.includes(slug)) choose([...chosen, slug]);
  };

  return (
    <div ref={root} className={field.root}>
      <label htmlFor={id} className={field.label}>
        Tags <span className="font-normal text-neutral-600">(opcional)</span>
      </label>
      <p id={`${id}-hint`} className={field.hint}>
        Até {MAX_GROUP_TAGS} assuntos, lugares ou jogos: ajudam as pessoas a achar o grupo.
      </p>
      <input type="hidden" name="tags" value={chosen.join(',')} />
      <ChosenTags
        chosen={chosen}
        nameOf={vocabulary.nameOf}
        onRemove={(slug) => choose(chosen.filter((s) => s !== slug))}
      />
      {suggested.length > 0 && !full && (
        <div>
          <p className="text-sm text-neutral-700">Sugestões pelo título e descrição:</p>
          <TagButtons slugs={suggested} nameOf={vocabulary.nameOf} onAdd={add} label="Sugestões de tags" />
        </div>
      )}
      <TagSearch id={id} error={error} full={full} chosen={chosen} vocabulary={vocabulary} onAdd={add} />
      {error && (
        <p id={`${id}-error`} className={field.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function ChosenTags({
  chosen,
  nameOf,
  onRemove,
}: {
  chosen: string[];
  nameOf: (slug: string) => string;
  onRemove: (slug: string) => void;
}) {
  if (!chosen.length) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Tags escolhidas">
      {chosen.map((slug) => (
        <li key={slug}>
          <button
            type="button"
            onClick={() => onRemove(slug)}
            className={`${chip} border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100`}
            aria-label={`Remover a tag ${nameOf(slug)}`}
          >
            {nameOf(slug)}
            <X className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The box to find a tag by typing, and what it finds. */
function TagSearch({
  id,
  error,
  full,
  chosen,
  vocabulary,
  onAdd,
}: {
  id: string;
  error?: string;
  full: boolean;
  chosen: string[];
  vocabulary: ReturnType<typeof useVocabulary>;
  onAdd: (slug: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const matches = useMemo(
    () => typedMatches(typed, vocabulary.offered, chosen),
    [typed, vocabulary.offered, chosen],
  );
  const add = (slug: string) => {
    onAdd(slug);
    setTyped('');
  };
  return (
    <>
      <input
        id={id}
        type="search"
        value={typed}
        disabled={full || vocabulary.failed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (matches[0]) add(matches[0].slug);
          }
        }}
        placeholder={
          full ? `Você já escolheu ${MAX_GROUP_TAGS} tags` : 'Buscar tag: Concursos, Campinas, Free Fire…'
        }
        aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        className={inputClasses}
        autoComplete="off"
      />
      {matches.length > 0 && (
        <TagButtons
          slugs={matches.map((t) => t.slug)}
          nameOf={vocabulary.nameOf}
          onAdd={add}
          label="Tags encontradas"
        />
      )}
      {typed.trim() && matches.length === 0 && vocabulary.loaded && (
        <p className="text-sm text-neutral-600">Nenhuma tag com esse nome.</p>
      )}
      {vocabulary.failed && (
        <p className="text-sm text-neutral-600">Não foi possível carregar as tags agora.</p>
      )}
    </>
  );
}

function TagButtons({
  slugs,
  nameOf,
  onAdd,
  label,
}: {
  slugs: string[];
  nameOf: (slug: string) => string;
  onAdd: (slug: string) => void;
  label: string;
}) {
  return (
    <ul className="mt-1 flex flex-wrap gap-2" aria-label={label}>
      {slugs.map((slug) => (
        <li key={slug}>
          <button
            type="button"
            onClick={() => onAdd(slug)}
            className={`${chip} border-neutral-200 bg-white text-neutral-800 hover:border-brand-300 hover:bg-brand-50`}
          >
            <Plus className="size-4" aria-hidden="true" />
            {nameOf(slug)}
          </button>
        </li>
      ))}
    </ul>
  );
}
