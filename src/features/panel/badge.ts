// The embeddable 'Estamos no Grupos de Zap' badge: an HTML snippet owners paste on their own sites,
// linking to the group's page. Pure (the panel builds it); the title is escaped into the markup.
import { escapeHtml } from '#src/lib/html.ts';
import { SITE_NAME } from '#src/lib/site.ts';

export const BADGE_TEXT = `Estamos no ${SITE_NAME}`;

/** The badge's look, inline (the snippet carries no stylesheet); the preview uses the same values. */
export const BADGE_STYLE = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '8px',
  padding: '10px 16px',
  borderRadius: '999px',
  background: '#25D366',
  color: '#052e16',
  font: '700 15px/1.2 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  textDecoration: 'none',
} as const;

const css = Object.entries(BADGE_STYLE)
  .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`)
  .join(';');

/** What the badge's title attribute says about the group. */
export function badgeTitle(groupTitle: string): string {
  return `${groupTitle} no ${SITE_NAME}`;
}

/** The snippet: a link to the group's page (absolute URL) titled with the group's name. */
export function badgeSnippet(group: { title: string; url: string }): string {
  return `<a href="${escapeHtml(group.url)}" title="${escapeHtml(badgeTitle(group.title))}" target="_blank" rel="noopener" style="${escapeHtml(css)}">${escapeHtml(BADGE_TEXT)}</a>`;
}
