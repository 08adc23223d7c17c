// Where advertisements go in a list of groups: the one rule every list uses (home, category, search,
// the islands' further pages), issue #45. Pure.
//
// With the admin's setting N ('at most one ad in N cards', default 8):
// - never in the first three places: the first ad comes after the third group;
// - never two in a row, nor two within N cards: N - 1 groups between two ads;
// - at most one in N cards over the whole list: ads x N <= groups + ads, i.e. ads <= groups / (N - 1).
// A list of 6 groups (a page of search results) therefore shows none at the default; 8 (a category's
// page) one; 18 (the home) two.

/** The default of the setting: at most one ad in this many cards. */
export const DEFAULT_CARDS_PER_AD = 8;
/** The setting's bounds: below 4 the first ad (after 3 groups) would break the ratio. */
export const MIN_CARDS_PER_AD = 4;
export const MAX_CARDS_PER_AD = 100;
/** Groups shown before the first ad. */
export const GROUPS_BEFORE_FIRST_AD = 3;

/**
 * Ad positions for a list of `groupCount` groups: an ad at position p goes right after the p-th group.
 * Ascending; as many as the rule allows (fewer ads than positions fill the first ones).
 */
export function adPositions(groupCount: number, cardsPerAd: number = DEFAULT_CARDS_PER_AD): number[] {
  const perAd = Math.min(MAX_CARDS_PER_AD, Math.max(MIN_CARDS_PER_AD, Math.floor(cardsPerAd) || 0));
  const gap = perAd - 1;
  const count = Math.max(0, Math.floor(groupCount / gap));
  return Array.from({ length: count }, (_, k) => GROUPS_BEFORE_FIRST_AD + k * gap).filter(
    (p) => p <= groupCount,
  );
}

export type ListItem<G, A> = { type: 'group'; group: G } | { type: 'ad'; ad: A };

/** The groups with the ads mixed in at the rule's positions; ads beyond those positions are dropped. */
export function mixAds<G, A>(
  groups: readonly G[],
  ads: readonly A[],
  cardsPerAd: number = DEFAULT_CARDS_PER_AD,
): ListItem<G, A>[] {
  const positions = adPositions(groups.length, cardsPerAd).slice(0, ads.length);
  const items: ListItem<G, A>[] = [];
  let adIndex = 0;
  groups.forEach((group, index) => {
    items.push({ type: 'group', group });
    if (positions[adIndex] === index + 1) {
      items.push({ type: 'ad', ad: ads[adIndex] as A });
      adIndex++;
    }
  });
  return items;
}
