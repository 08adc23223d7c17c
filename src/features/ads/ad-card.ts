// An advertisement among the groups: 'Patrocinado', its picture, title and description; its link opens
// in a new tab, and interactions.ts registers the click (a[data-ad-id]). Built as DOM, not React, so
// static lists fill their ads without hydrating anything; the list islands (category pages, search) mount
// the same element (AdSlot). Only ads with a picture are shown (#45): a grey 'Sem Imagem' block read as
// spam; a picture that fails to load leaves the text card, never a placeholder.
import { badgeClasses, cardClasses, cx } from '#src/components/ui/classes.ts';
import type { AdvertisementJson } from './ads.schema.ts';

// lucide 'external-link', as the React icon renders it
const EXTERNAL_LINK_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="ml-1 inline size-4 align-[-2px] text-neutral-500"><path d="M15 3h6v6"/><path d="M10 14 21 3"/><path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h3"/></svg>';

/** The image band and the text block have fixed heights, so a reserved place fits the card exactly. */
export const AD_IMAGE_CLASSES = 'aspect-[3/1] w-full bg-neutral-100';
// badge + 2 title lines + 3 description lines (all clamped) fit in 11rem with the padding
export const AD_BODY_CLASSES = 'flex min-h-44 flex-1 flex-col gap-1 p-4';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function adCardElement(ad: AdvertisementJson): HTMLElement {
  const card = element(
    'article',
    cx(cardClasses({ padding: 'none', interactive: true }), 'relative flex flex-col overflow-hidden'),
  );
  if (ad.image) {
    const image = element('img', cx(AD_IMAGE_CLASSES, 'object-cover'));
    image.alt = '';
    image.loading = 'lazy';
    image.addEventListener('error', () => image.remove(), { once: true });
    image.src = ad.image;
    card.append(image);
  }
  const body = element('div', AD_BODY_CLASSES);
  const link = element('a', 'after:absolute after:inset-0 hover:text-brand-800', ad.title);
  link.href = ad.link;
  link.target = '_blank';
  link.rel = 'noopener noreferrer sponsored';
  link.dataset.adId = ad.id;
  link.insertAdjacentHTML('beforeend', EXTERNAL_LINK_ICON);
  const title = element('h3', 'line-clamp-2 font-semibold text-neutral-900');
  title.append(link);
  body.append(
    element('span', cx(badgeClasses('yellow'), 'self-start'), 'Patrocinado'),
    title,
    element('p', 'line-clamp-3 text-sm text-neutral-600', ad.description),
  );
  card.append(body);
  return card;
}
