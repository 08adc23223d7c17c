// 'Grupos em Destaque': a looping, free-drag carousel with previous/next buttons and dots. The build
// renders the groups featured at build time as a natively scrollable row, so it swipes before any
// JavaScript; the island hydrates when the visitor reaches for it (client:interaction), takes over where
// the row was scrolled to, and asks the API again, so a featuring that ended since the build disappears
// (featured means featured now; the expiry also requests a rebuild).
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Star } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { buttonClasses, cx } from '#src/components/ui/classes.ts';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { useApi } from '#src/lib/use-api.ts';
import GroupCard from './GroupCard.tsx';
import type { GroupJson } from './groups.server.ts';

interface Props {
  initial: GroupJson[];
  site: string;
  /** how many the carousel shows */
  limit: number;
}

export default function FeaturedCarousel({ initial, site, limit }: Props) {
  // The build's list first, then the live one (featuring may have changed since the build).
  const live = useApi<GroupJson[]>('/api/groups/featured').data;
  const groups = Array.isArray(live) ? live.slice(0, limit) : initial;
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, dragFree: true, align: 'start' });
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);

  const sync = useCallback(() => {
    if (!embla) return;
    setSnaps(embla.scrollSnapList());
    setSelected(embla.selectedScrollSnap());
  }, [embla]);

  // Carry the native scroll position over to the carousel (the viewport stops scrolling natively).
  useEffect(() => {
    if (!embla) return;
    const viewport = embla.rootNode();
    const [first, second] = embla.slideNodes();
    const offset = viewport.scrollLeft;
    viewport.scrollLeft = 0;
    if (offset && first && second)
      embla.scrollTo(Math.round(offset / (second.offsetLeft - first.offsetLeft)), true);
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    sync();
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla, sync]);

  // The slides change when the API answers: measure them again.
  const slideCount = groups.length;
  useEffect(() => {
    if (slideCount) embla?.reInit();
  }, [embla, slideCount]);

  if (groups.length === 0)
    return <EmptyState icon={Star} title="Não há grupos em destaque no momento." level={3} />;

  return (
    <section className="relative" aria-roledescription="carrossel" aria-label="Grupos em Destaque">
      <div
        ref={viewportRef}
        className={cx(
          '-mx-1 px-1 py-1',
          embla ? 'overflow-hidden' : 'scrollbar-none snap-x snap-mandatory overflow-x-auto',
        )}
      >
        <ul className={cx('flex gap-4', embla && 'touch-pan-y')}>
          {groups.map((group, index) => (
            <li
              key={group.id}
              aria-roledescription="slide"
              aria-label={`${index + 1} de ${groups.length}`}
              className="grid min-w-0 shrink-0 grow-0 snap-start basis-[85%] min-[480px]:basis-[60%] md:basis-[calc((100%-2rem)/3)]"
            >
              <GroupCard group={group} site={site} />
            </li>
          ))}
        </ul>
      </div>
      {groups.length > 1 && (
        <div className="mt-4 flex items-center justify-center gap-2">
          <button
            type="button"
            aria-label="Anterior"
            onClick={() => embla?.scrollPrev()}
            className={buttonClasses({ variant: 'secondary', size: 'icon' })}
          >
            <ChevronLeft aria-hidden="true" />
          </button>
          <div className="flex flex-wrap items-center justify-center">
            {(snaps.length ? snaps : groups).map((_, index) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its position
                key={index}
                type="button"
                aria-label={`Ir para o destaque ${index + 1}`}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => embla?.scrollTo(index)}
                className="grid size-8 place-items-center"
              >
                <span
                  className={cx(
                    'block size-2.5 rounded-full transition-all',
                    index === selected ? 'w-6 bg-brand-700' : 'bg-neutral-300',
                  )}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            aria-label="Próximo"
            onClick={() => embla?.scrollNext()}
            className={buttonClasses({ variant: 'secondary', size: 'icon' })}
          >
            <ChevronRight aria-hidden="true" />
          </button>
        </div>
      )}
    </section>
  );
}
