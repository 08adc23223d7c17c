// The page-number window of a paginated list: one rule, two settings (spec section 4 and 7).

export const GAP = '…' as const;
export type PageItem = number | typeof GAP;

export interface WindowShape {
  /** how many pages always show at each end */
  edge: number;
  /** how many pages show either side of the current one */
  around: number;
}

/** Public lists (home, category, search): first and last page, two either side of the current one. */
export const PUBLIC_WINDOW: WindowShape = { edge: 1, around: 2 };
/** Admin payments: first two, last two, one either side of the current one. */
export const ADMIN_WINDOW: WindowShape = { edge: 2, around: 1 };
/** The other admin lists: first and last page, one either side of the current one. */
export const ADMIN_LIST_WINDOW: WindowShape = { edge: 1, around: 1 };

/**
 * The page numbers to show, in order, with GAP where pages are skipped. A gap never hides a single
 * page (that page is shown instead). Empty when there is at most one page.
 */
export function pageWindow(page: number, pages: number, shape: WindowShape = PUBLIC_WINDOW): PageItem[] {
  const total = Math.max(0, Math.floor(pages));
  if (total <= 1) return [];
  const current = Math.min(Math.max(1, Math.floor(page)), total);
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(shape.edge, total); p++) shown.add(p);
  for (let p = Math.max(1, total - shape.edge + 1); p <= total; p++) shown.add(p);
  for (let p = Math.max(1, current - shape.around); p <= Math.min(total, current + shape.around); p++)
    shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push(previous + 1);
    else if (p - previous > 2) items.push(GAP);
    items.push(p);
    previous = p;
  }
  return items;
}
