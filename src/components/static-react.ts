// React markup that never hydrates, for .astro pages built by the thousand. Astro's React renderer
// streams every component (it is made for islands and Suspense), which made a React icon or button a
// large share of a group page's build time; one synchronous renderToStaticMarkup is far cheaper.
import type { LucideIcon } from 'lucide-react';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** An element's static HTML (no hydration markers), for `<Fragment set:html={…} />`. */
export function staticHtml(element: ReactElement): string {
  return renderToStaticMarkup(element);
}

const icons = new WeakMap<LucideIcon, Map<string, string>>();

/** An icon's <svg>, rendered once per icon and attributes; decorative (aria-hidden) unless labelled. */
export function iconSvg(icon: LucideIcon, { className, label }: { className?: string; label?: string } = {}) {
  const key = `${className ?? ''}\n${label ?? ''}`;
  const byKey = icons.get(icon) ?? new Map<string, string>();
  icons.set(icon, byKey);
  const cached = byKey.get(key);
  if (cached !== undefined) return cached;
  const props = label
    ? { className, role: 'img', 'aria-label': label, 'aria-hidden': false }
    : { className, 'aria-hidden': true };
  const svg = staticHtml(createElement(icon, props));
  byKey.set(key, svg);
  return svg;
}
