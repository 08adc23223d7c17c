// The submit form's look at the link being typed: POST /api/invite-preview, debounced, the previous
// call aborted. A live link fills an empty title and proposes the group's photo; a dead one is an
// error on the field; unknown (offline, busy) says nothing and lets the submission through.
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { normalizeInviteLink } from '#src/features/groups/groups.ts';
import { followersLabel, TypeBadge } from '#src/features/groups/TypeBadge.tsx';
import type { InvitePreview } from '#src/features/links/links.schema.ts';
import { api } from '#src/lib/api.ts';

const DEBOUNCE_MS = 500;

/** The live check of the link field; `onTitleFilled` runs when a live link filled the empty title. */
export function useInvitePreview(onTitleFilled?: () => void) {
  const [preview, setPreview] = useState<InvitePreview | null>(null);
  const [checking, setChecking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController>(undefined);
  const checked = useRef('');

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  /** The link field changed; `form` is its form (the title is filled there when still empty). */
  function onLinkChange(value: string, form: HTMLFormElement | null) {
    const invite = normalizeInviteLink(value);
    if (invite?.link === checked.current) return;
    clearTimeout(timer.current);
    pending.current?.abort();
    checked.current = invite?.link ?? '';
    setPreview(null);
    setChecking(false);
    if (!invite) return;
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      pending.current = controller;
      setChecking(true);
      try {
        const answer = await api<InvitePreview>('/api/invite-preview', {
          method: 'POST',
          body: { link: invite.link },
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        setPreview(answer);
        const title = form?.elements.namedItem('title');
        if (
          answer.status === 'live' &&
          answer.title &&
          title instanceof HTMLInputElement &&
          !title.value.trim()
        ) {
          title.value = answer.title.slice(0, 120);
          onTitleFilled?.();
        }
      } catch {
        // Inconclusive (offline, too many checks): the submission goes through as without a preview.
      } finally {
        if (!controller.signal.aborted) setChecking(false);
      }
    }, DEBOUNCE_MS);
  }

  function reset() {
    clearTimeout(timer.current);
    pending.current?.abort();
    checked.current = '';
    setPreview(null);
    setChecking(false);
  }

  return { preview, checking, onLinkChange, reset };
}

/** What the check found: a spinner while it runs, then the live group's name, type and photo. */
export function InvitePreviewCard({
  preview,
  checking,
  ownImage,
}: {
  preview: InvitePreview | null;
  checking: boolean;
  /** the visitor chose a picture of their own: it wins over the group's photo */
  ownImage: boolean;
}) {
  return (
    <div aria-live="polite" className="-mt-2 empty:hidden">
      {checking && (
        <p className="flex items-center gap-2 text-sm text-neutral-600">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          Verificando o link…
        </p>
      )}
      {!checking && preview?.status === 'live' && (
        <div className="flex items-center gap-3 rounded-card border border-brand-200 bg-brand-50 p-3">
          {preview.imageUrl && !ownImage && (
            <img
              src={preview.imageUrl}
              alt={`Foto de ${preview.title ?? 'grupo'} no WhatsApp`}
              width={56}
              height={56}
              className="size-14 shrink-0 rounded-xl object-cover"
              data-invite-photo
            />
          )}
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-1.5 text-sm font-semibold text-neutral-900">
              <TypeBadge type={preview.type} />
              <span className="break-words">{preview.title}</span>
            </p>
            <p className="mt-1 text-sm text-neutral-700">
              {preview.followers !== undefined && `${followersLabel(preview.followers)} · `}
              {preview.imageUrl && !ownImage
                ? 'Link ativo. Usaremos esta foto se você não enviar outra imagem.'
                : 'Link ativo.'}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
