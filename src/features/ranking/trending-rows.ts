// The rows of an 'Em alta' list as HTML, written once for both places that show them: the build (the
// static page, complete without JavaScript) and trending-refresh.ts (the same rows from the CDN-cached
// API on a visit). Pure and escaped: a group's title can never make markup.
import { escapeHtml } from '#src/lib/html.ts';
import { takedownRegion } from '#src/lib/takedown-marks.ts';
import { groupAvatar } from '../images/group-image.ts';
import { ordinal, trendLabel } from './ranking.ts';

/** What a row shows of a group ('Em alta' answers carry the whole GroupJson). */
export interface TrendingRow {
  id: string;
  title: string;
  category: string;
  path: string;
  image: string | null;
  trend: number;
}

function rowHtml(group: TrendingRow, index: number): string {
  const region = takedownRegion([group.id]);
  return `${region.open}<li><a href="${escapeHtml(group.path)}" class="flex min-h-16 items-center gap-3 rounded-card border border-neutral-200 bg-white p-3 shadow-card hover:border-brand-500">
<span class="w-7 shrink-0 text-center text-sm font-bold text-neutral-500 tabular-nums">${ordinal(index + 1)}</span>
<img src="${escapeHtml(groupAvatar(group))}" alt="" width="40" height="40" loading="lazy" class="size-10 shrink-0 rounded-full bg-neutral-100 object-cover">
<span class="min-w-0 flex-1"><span class="block truncate font-semibold text-neutral-900">${escapeHtml(group.title)}</span>
<span class="block truncate text-sm text-neutral-600">${escapeHtml(group.category)} · <span class="font-medium text-brand-800">${escapeHtml(trendLabel(group.trend))}</span></span></span>
</a></li>${region.close}`;
}

/** The list's rows, in order, numbered '1º', '2º'… */
export function trendingRowsHtml(groups: readonly TrendingRow[]): string {
  return groups.map(rowHtml).join('');
}

/** What a list shows, in one string: the refresh swaps the rows only when it changed. */
export function trendingKey(groups: readonly TrendingRow[]): string {
  return groups.map((group) => `${group.id}:${group.trend}`).join(' ');
}

/** The API query of a list's scope (the page writes it in data-trending, the refresh reads it back). */
export function trendingQuery(scope: { category?: string; tag?: string }, limit: number): string {
  const params = new URLSearchParams();
  if (scope.category) params.set('category', scope.category);
  if (scope.tag) params.set('tag', scope.tag);
  params.set('limit', String(limit));
  return params.toString();
}
