// 'Em alta' on a pre-rendered page (decision 0021): the build wrote the list as it stood; on a visit the
// same rows are fetched from the CDN-cached API (five minutes) and swapped in when the list moved. No
// React: the page stays without islands until the visitor acts. A failed fetch leaves the built list.
import { api } from '#src/lib/api.ts';
import { type TrendingRow, trendingKey, trendingRowsHtml } from './trending-rows.ts';

async function refresh(section: HTMLElement) {
  const list = section.querySelector<HTMLOListElement>('ol[data-trending-list]');
  const empty = section.querySelector<HTMLElement>('[data-trending-empty]');
  if (!list) return;
  let groups: TrendingRow[];
  try {
    groups = await api<TrendingRow[]>(`/api/groups/trending?${section.dataset.trending ?? ''}`);
  } catch {
    return;
  }
  if (!Array.isArray(groups)) return;
  const key = trendingKey(groups);
  if (list.dataset.trendingList === key) return;
  list.dataset.trendingList = key;
  list.innerHTML = trendingRowsHtml(groups);
  list.hidden = groups.length === 0;
  if (empty) empty.hidden = groups.length > 0;
}

/** Refresh every 'Em alta' list of the page. */
export function refreshTrending() {
  for (const section of document.querySelectorAll<HTMLElement>('[data-trending]')) void refresh(section);
}
