// Where advertisements go in a list of groups (spec section 9). Pure: the random source is injected.

export type Random = () => number;

/** How many ads a list asks for. */
export const ADS_PER_LIST = 3;

function between(min: number, max: number, random: Random): number {
  return min + Math.floor(random() * (max - min + 1));
}

/**
 * Ad positions for a list of `groupCount` groups: an ad at position p goes after the p-th group.
 * Six groups or fewer: 2, 4 and 6 where the list reaches them. Otherwise one random position in
 * 1-4, one in 6-9 (at most length-2) and one in 11-14 (at most length-1). Ascending, no repeats.
 */
export function adPositions(groupCount: number, random: Random = Math.random): number[] {
  if (groupCount <= 0) return [];
  const positions =
    groupCount <= 6
      ? [2, 4, 6].filter((p) => p <= groupCount)
      : [
          between(1, 4, random),
          Math.min(between(6, 9, random), groupCount - 2),
          Math.min(between(11, 14, random), groupCount - 1),
        ];
  return [...new Set(positions)].filter((p) => p >= 1).sort((a, b) => a - b);
}

export type ListItem<G, A> = { type: 'group'; group: G } | { type: 'ad'; ad: A };

/**
 * The groups with ads mixed in: at the rule's positions, or at the positions supplied (the home).
 * Extra positions without an ad, and ads without a position, are dropped.
 */
export function mixAds<G, A>(
  groups: readonly G[],
  ads: readonly A[],
  options: { random?: Random; positions?: readonly number[] } = {},
): ListItem<G, A>[] {
  const positions = [...(options.positions ?? adPositions(groups.length, options.random))]
    .filter((p) => p >= 0 && p <= groups.length)
    .sort((a, b) => a - b)
    .slice(0, ads.length);
  const items: ListItem<G, A>[] = [];
  let adIndex = 0;
  const placeAdsAt = (p: number) => {
    while (adIndex < positions.length && positions[adIndex] === p) {
      items.push({ type: 'ad', ad: ads[adIndex] as A });
      adIndex++;
    }
  };
  placeAdsAt(0);
  groups.forEach((group, index) => {
    items.push({ type: 'group', group });
    placeAdsAt(index + 1);
  });
  return items;
}
