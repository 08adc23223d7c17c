// An advertisement among the groups: 'Patrocinado', its image (or 'Sem Imagem' when the image fails),
// title and description. Pressing it registers the click, then its link opens in a new tab.
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { badgeClasses, cardClasses, cx } from '#src/components/ui/classes.ts';
import type { AdvertisementJson } from './ads.schema.ts';

export function registerAdClick(id: string) {
  try {
    void fetch(`/api/advertisements/${encodeURIComponent(id)}/click`, {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: { accept: 'application/json' },
    }).catch(() => {});
  } catch {
    // best effort: the ad opens regardless
  }
}

export default function AdCard({ ad }: { ad: AdvertisementJson }) {
  const [broken, setBroken] = useState(!ad.image);
  return (
    <article
      className={cx(
        cardClasses({ padding: 'none', interactive: true }),
        'relative flex flex-col overflow-hidden',
      )}
    >
      {broken ? (
        <div className="grid aspect-[3/1] place-items-center bg-neutral-100 text-sm font-medium text-neutral-600">
          Sem Imagem
        </div>
      ) : (
        <img
          src={ad.image ?? ''}
          alt=""
          loading="lazy"
          onError={() => setBroken(true)}
          className="aspect-[3/1] w-full bg-neutral-100 object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-1 p-4">
        <span className={cx(badgeClasses('yellow'), 'self-start')}>Patrocinado</span>
        <h3 className="line-clamp-2 font-semibold text-neutral-900">
          <a
            href={ad.link}
            target="_blank"
            rel="noopener noreferrer sponsored"
            onClick={() => registerAdClick(ad.id)}
            className="after:absolute after:inset-0 hover:text-brand-800"
          >
            {ad.title}
            <ExternalLink aria-hidden="true" className="ml-1 inline size-4 align-[-2px] text-neutral-500" />
          </a>
        </h3>
        <p className="line-clamp-3 text-sm text-neutral-600">{ad.description}</p>
      </div>
    </article>
  );
}
