// Lucide icons for .astro markup as plain SVG. Each distinct icon and attribute set is rendered by React
// once per build and the markup reused: sending every icon on every page through Astro's React renderer
// was a large share of a group page's build time (see Icon.astro).
import type { LucideIcon } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const rendered = new WeakMap<LucideIcon, Map<string, string>>();

/** The icon's <svg>; decorative (aria-hidden) unless it has a label. */
export function iconSvg(icon: LucideIcon, { className, label }: { className?: string; label?: string } = {}) {
  const props = label
    ? { className, role: 'img', 'aria-label': label, 'aria-hidden': false }
    : { className, 'aria-hidden': true };
  const key = JSON.stringify(props);
  const byProps = rendered.get(icon) ?? new Map<string, string>();
  rendered.set(icon, byProps);
  const svg = byProps.get(key) ?? renderToStaticMarkup(createElement(icon, props));
  byProps.set(key, svg);
  return svg;
}
