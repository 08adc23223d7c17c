// Cards of the search results: a group (title, category, description, date, 'Saiba Mais') and an
// advertisement labelled 'Patrocinado'. Kept small until the shared GroupCard lands; then swap it in.
import { ExternalLink, ImageOff } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { buttonClasses, cardClasses, cx } from '#src/components/ui/classes.ts';
import { formatCount, formatDate, pluralize } from '#src/lib/format.ts';
import type { AdvertisementJson } from '../ads/ads.schema.ts';
import type { GroupType } from '../groups/groups.ts';
import { TypeBadge } from '../groups/TypeBadge.tsx';
import { groupThumbnail } from '../images/group-image.ts';

/** The fields of the API's group JSON a result card shows. */
export interface ResultGroup {
  id: string;
  title: string;
  description: string;
  image: string | null;
  cliques: number;
  featured: boolean;
  featuredUntil: string | null;
  createdAt: string;
  category: string;
  path: string;
  /** absent in older cached answers: a group */
  type?: GroupType;
}

function initials(title: string): string {
  const words = title.match(/[\p{L}\p{N}]+/gu) ?? ['?'];
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}

export function ResultCard({ group }: { group: ResultGroup }) {
  return (
    <article className={cx(cardClasses({ interactive: true }), 'flex h-full flex-col')}>
      <div className="flex gap-3">
        {group.image ? (
          <img
            src={groupThumbnail(group.image)}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            className="size-14 shrink-0 rounded-xl object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-14 shrink-0 place-items-center rounded-xl bg-brand-50 text-lg font-bold text-brand-800"
          >
            {initials(group.title)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h3 dir="auto" className="font-semibold text-pretty text-neutral-900">
            <a href={group.path} className="hover:underline">
              {group.title}
            </a>
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <TypeBadge type={group.type ?? 'group'} />
            <Badge variant="brand">{group.category}</Badge>
            {group.featured && group.featuredUntil && <Badge variant="featured" />}
          </div>
        </div>
      </div>
      <p dir="auto" className="mt-3 line-clamp-3 text-[0.9375rem] whitespace-pre-line text-neutral-700">
        {group.description}
      </p>
      <p className="mt-3 text-sm text-neutral-600">
        Criado em {formatDate(group.createdAt)} · {formatCount(group.cliques)}{' '}
        {pluralize(group.cliques, 'clique', 'cliques')}
      </p>
      <a href={group.path} className={cx(buttonClasses({ variant: 'secondary', block: true }), 'mt-auto')}>
        Saiba Mais
        <span className="sr-only">sobre {group.title}</span>
      </a>
    </article>
  );
}

export function AdCard({ ad }: { ad: AdvertisementJson }) {
  const [broken, setBroken] = useState(!ad.image);
  function register() {
    // Count the click without holding the visitor back; the link opens either way.
    fetch(`/api/advertisements/${encodeURIComponent(ad.id)}/click`, {
      method: 'POST',
      keepalive: true,
    }).catch(() => {});
  }
  return (
    <article
      className={cx(cardClasses({ interactive: true }), 'flex h-full flex-col border-gold-200 bg-gold-50/40')}
    >
      <div className="flex items-start gap-3">
        {broken ? (
          <span className="grid size-14 shrink-0 place-items-center rounded-xl bg-neutral-100 text-center text-[0.625rem] leading-tight font-medium text-neutral-600">
            <ImageOff aria-hidden="true" className="size-4" />
            Sem Imagem
          </span>
        ) : (
          <img
            src={ad.image ?? ''}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            onError={() => setBroken(true)}
            className="size-14 shrink-0 rounded-xl object-cover"
          />
        )}
        <div className="min-w-0 flex-1">
          <Badge variant="yellow">Patrocinado</Badge>
          <h3 dir="auto" className="mt-1 font-semibold text-pretty text-neutral-900">
            {ad.title}
          </h3>
        </div>
      </div>
      <p dir="auto" className="mt-3 line-clamp-3 text-[0.9375rem] text-neutral-700">
        {ad.description}
      </p>
      <a
        href={ad.link}
        target="_blank"
        rel="noopener noreferrer sponsored"
        onClick={register}
        className={cx(buttonClasses({ variant: 'secondary', block: true }), 'mt-auto')}
      >
        Saiba Mais
        <ExternalLink aria-hidden="true" />
        <span className="sr-only">(anúncio, abre em nova aba)</span>
      </a>
    </article>
  );
}
