// Pure rules about groups: slugs, invite links, "featured now". No IO.
import { withoutAccents } from '#src/lib/accents.ts';

const SLUG_MAX = 100;

/** Spec section 5: remove accents, lowercase, trim, spaces to hyphens, only a-z 0-9 -, at most 100. */
export function slugify(text: string): string {
  return withoutAccents(text)
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
export const CHANNEL_PREFIX = 'https://whatsapp.com/channel/';
export const INVITE_LINK_MESSAGE =
  'O link deve começar com https://chat.whatsapp.com/ (grupo) ou https://whatsapp.com/channel/ (canal)';

/**
 * A link already in the catalogue, held by someone else: the answer names no title and no owner
 * (the group may be pending or hidden) and shows the way out, claiming the group by its name.
 */
export const INVITE_TAKEN_MESSAGE =
  'Este link de convite já está no catálogo. Se o grupo é seu, reivindique-o: você prova que administra o grupo pondo um código no nome dele.';
export const INVITE_TAKEN_LOGIN_MESSAGE =
  'Este link de convite já está no catálogo. Se o grupo é seu, entre na sua conta para reivindicá-lo.';

export const GROUP_TYPES = ['group', 'channel'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

/** What the link rules make of a link: the canonical link, its kind and the parts built from it. */
export interface InviteLink {
  /** the canonical link: `https://chat.whatsapp.com/<code>` or `https://whatsapp.com/channel/<id>` */
  link: string;
  type: GroupType;
  /** the group's invite code or the channel's id, case kept (the only part of the input a URL is built from) */
  id: string;
  /** the duplicate key stored in `groups.invite_code`: the code for a group, `channel:<id>` for a channel */
  code: string;
}

const GROUP_LINK =
  /^(?:https?:\/\/)?(?:www\.)?chat\.whatsapp\.com\/(?:invite\/)?([A-Za-z0-9]{8,64})\/*(?:[?#].*)?$/i;
const CHANNEL_LINK = /^(?:https?:\/\/)?(?:www\.)?whatsapp\.com\/channel\/([A-Za-z0-9]{8,64})\/*(?:[?#].*)?$/i;

/**
 * The one parser of group and channel links: the canonical link, its type, its code or id and its
 * duplicate key, or null when the text is neither. Accepts http:// and www., drops query, fragment
 * and trailing slashes; the code's (or id's) case is kept.
 */
export function normalizeInviteLink(input: string): InviteLink | null {
  const text = input.trim();
  const group = GROUP_LINK.exec(text)?.[1];
  if (group) return { link: `${INVITE_PREFIX}${group}`, type: 'group', id: group, code: group };
  const channel = CHANNEL_LINK.exec(text)?.[1];
  if (channel)
    return { link: `${CHANNEL_PREFIX}${channel}`, type: 'channel', id: channel, code: `channel:${channel}` };
  return null;
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

/** The badge of each link type. */
export const GROUP_TYPE_LABELS: Record<GroupType, string> = { group: 'Grupo', channel: 'Canal' };
/** The join button of each link type. */
export const JOIN_LABELS: Record<GroupType, string> = { group: 'Entrar no Grupo', channel: 'Seguir Canal' };

/** A card's short join action (#45: 'Entrar' on the card itself). */
export const CARD_JOIN_LABELS: Record<GroupType, string> = { group: 'Entrar', channel: 'Seguir' };

/** Where 'Entrar no Grupo' points: functions/join.ts sends the visitor to the current invite link. */
export const joinPath = (groupId: string) => `/entrar/${encodeURIComponent(groupId)}`;

/** The longest WhatsApp name stored and shown ('No WhatsApp: …'). */
export const WHATSAPP_TITLE_MAX = 120;

const comparable = (text: string) =>
  withoutAccents(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The name to show as 'No WhatsApp: …': the name the invite check last saw, when it is not the
 * listing's title (case, accents, spacing and punctuation aside). Null when unknown or the same.
 */
export function whatsappNameToShow(group: { title: string; whatsappTitle: string | null }): string | null {
  const name = group.whatsappTitle?.trim();
  if (!name) return null;
  return comparable(name) === comparable(group.title) ? null : name;
}

/**
 * What an owner does when checks hid a group for its dead link: the same words in the e-mail and the
 * panel. 'Atualizar link' keeps the group (page, stats, history); it is never sent again.
 */
export const DEAD_LINK_NEXT_STEP =
  "Gere um novo link no WhatsApp (Dados do grupo → Convidar via link) e use 'Atualizar link' no seu painel: o grupo continua o mesmo e volta ao site depois da revisão. Não precisa enviar de novo.";
