// Ads in the static group lists (home's 'Últimos Grupos', a category's page 1): drawn per visit from the
// API into the places GroupList.astro reserved (li[data-ad-slot], at the spec's positions), without React.
// Places left without an ad (fewer active ads than at build time, or the API failing) are removed.
import { api } from '#src/lib/api.ts';
import { adCardElement } from './ad-card.ts';
import type { AdvertisementJson } from './ads.schema.ts';

export function fillAdSlots(list: HTMLElement, ads: readonly AdvertisementJson[]) {
  list.querySelectorAll<HTMLElement>(':scope > li[data-ad-slot]').forEach((slot, index) => {
    const ad = ads[index];
    if (!ad) {
      slot.remove();
      return;
    }
    slot.replaceChildren(adCardElement(ad));
    slot.removeAttribute('data-ad-slot');
    slot.removeAttribute('aria-hidden');
  });
}

export async function fillListAds() {
  const lists = [...document.querySelectorAll<HTMLElement>('ul[data-ad-list]')];
  const slots = Math.max(
    0,
    ...lists.map((list) => list.querySelectorAll(':scope > li[data-ad-slot]').length),
  );
  if (slots === 0) return;
  let ads: AdvertisementJson[] = [];
  try {
    const answer = await api<AdvertisementJson[]>('/api/random-advertisements', { query: { count: slots } });
    if (Array.isArray(answer)) ads = answer;
  } catch {
    // no ads this visit: the groups are the page
  }
  for (const list of lists) fillAdSlots(list, ads);
}
