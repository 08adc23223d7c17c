// Pure rules about groups: slugs, invite links, "featured now". No IO.

const SLUG_MAX = 100;

/** Spec section 5: remove accents, lowercase, trim, spaces to hyphens, only a-z 0-9 -, at most 100. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
}

/**
 * A group's title slug, distinct within its category: the plain slug when free, else the slug with
 * a short suffix from the group's id (stable: it never depends on insertion order). A title with no
 * sluggable character (only emoji, say) gets 'grupo'.
 */
export function titleSlugFor(title: string, groupId: string, taken: (slug: string) => boolean): string {
  const base = slugify(title) || 'grupo';
  if (!taken(base)) return base;
  const suffix = groupId.replace(/-/g, '').slice(0, 8);
  return `${base.slice(0, SLUG_MAX - suffix.length - 1).replace(/-+$/g, '')}-${suffix}`;
}

export const INVITE_PREFIX = 'https://chat.whatsapp.com/';
export const INVITE_LINK_MESSAGE = 'O link deve começar com https://chat.whatsapp.com/';

/**
 * The canonical invite link and its code, or null when the text is not a WhatsApp invite link.
 * Accepts http:// and www., drops query, fragment and trailing slashes; the code's case is kept.
 */
export function normalizeInviteLink(input: string): { link: string; code: string } | null {
  const match =
    /^(?:https?:\/\/)?(?:www\.)?chat\.whatsapp\.com\/(?:invite\/)?([A-Za-z0-9]{8,64})\/*(?:[?#].*)?$/i.exec(
      input.trim(),
    );
  if (!match?.[1]) return null;
  return { link: `${INVITE_PREFIX}${match[1]}`, code: match[1] };
}

/** Featured means featured now: the flag is set and the end date is still ahead. */
export function isFeaturedNow(
  group: { featured: boolean; featuredUntil: Date | string | null },
  now: Date = new Date(),
): boolean {
  if (!group.featured || !group.featuredUntil) return false;
  return new Date(group.featuredUntil).getTime() > now.getTime();
}

/** The canonical path of a group page. */
export function groupPath(group: { categorySlug: string; titleSlug: string }): string {
  return `/${group.categorySlug}/${group.titleSlug}`;
}
