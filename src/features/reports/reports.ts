// Pure rules of reports: who counts as a distinct reporter, how much weight hides a group, and how long
// a group an admin has reviewed and kept is safe from being hidden by reports again.

/** Reasons serious enough to hide a group pending review. */
export const SERIOUS_REASONS = ['scam', 'illegal'] as const;
/** Weight of a reporter who was logged in; anonymous reporters weigh 1. */
export const ACCOUNT_WEIGHT = 2;
/** After an admin keeps a group, reports only put it back in the queue for this many days. */
export const REVIEW_GRACE_DAYS = 30;
/** Groups one network address can report per hour and per day. */
export const REPORTS_PER_ADDRESS_HOUR = 5;
export const REPORTS_PER_ADDRESS_DAY = 20;

export interface CountedReport {
  /** salted hash of the reporter's network address */
  address: string;
  userId: string | null;
}

/**
 * The weight of a set of reports. Reports that share an address or an account are one reporter (an
 * address counts once whatever its browsers or accounts; an account counts once whatever its
 * addresses); a reporter weighs ACCOUNT_WEIGHT when any of its reports was logged in, 1 otherwise.
 */
export function reportWeight(reports: readonly CountedReport[]): number {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  const add = (x: string) => {
    if (!parent.has(x)) parent.set(x, x);
  };
  for (const r of reports) {
    const address = `a:${r.address}`;
    add(address);
    if (r.userId) {
      const user = `u:${r.userId}`;
      add(user);
      parent.set(find(user), find(address));
    }
  }
  const logged = new Map<string, boolean>();
  for (const r of reports) {
    const root = find(`a:${r.address}`);
    logged.set(root, (logged.get(root) ?? false) || r.userId !== null);
  }
  let weight = 0;
  for (const isLogged of logged.values()) weight += isLogged ? ACCOUNT_WEIGHT : 1;
  return weight;
}

/**
 * The weight that hides a group: grows with its audience, max(base, 2 × ⌊log10(clicks)⌋) (twice the
 * click count's digits minus two), so with the default base of 3: 3 below 100 clicks, 4 from 100,
 * 6 from 1,000, 8 from 10,000, 10 from 100,000.
 */
export function hideThreshold(base: number, clicks: number): number {
  const digits = String(Math.max(0, Math.trunc(clicks))).length;
  return Math.max(base, 2 * (digits - 1));
}

/** Until when reports cannot hide a group an admin kept at `keptAt` (null: never kept). */
export function reviewGraceEnd(keptAt: Date | null): Date | null {
  return keptAt ? new Date(keptAt.getTime() + REVIEW_GRACE_DAYS * 86_400_000) : null;
}
