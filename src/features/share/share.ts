// Where a group can be shared (spec: share popover and 'Compartilhar Grupo'). Pure: URLs only.

export type SharePlatform = 'whatsapp' | 'facebook' | 'telegram' | 'twitter' | 'email';

export interface ShareTarget {
  platform: SharePlatform;
  label: string;
  href: string;
}

/** The id of the group page's 'Compartilhar' section (where a card's menu sends visitors without JS). */
export const GROUP_SHARE_SECTION_ID = 'compartilhar';

/** The page's one card share menu (<template>), copied into a card's popover when it opens. */
export const SHARE_MENU_TEMPLATE_ID = 'share-menu';

/** The text that goes with a shared link. */
export function shareText(title: string): string {
  return `Entre no grupo "${title}" no WhatsApp`;
}

/** Share links for a group page (absolute URL) and its title, in the order the popover lists them. */
export function shareTargets(url: string, title: string): ShareTarget[] {
  const u = encodeURIComponent(url);
  const text = shareText(title);
  const t = encodeURIComponent(text);
  return [
    {
      platform: 'whatsapp',
      label: 'WhatsApp',
      href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
    },
    { platform: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { platform: 'telegram', label: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${t}` },
    { platform: 'twitter', label: 'Twitter/X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    {
      platform: 'email',
      label: 'E-mail',
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}: ${url}`)}`,
    },
  ];
}

/** Copy feedback on cards (spec section 9: 3 s). */
export const COPY_FEEDBACK_MS = 3000;
/** The share dialog's copied icon (2 s) and toast (3 s). */
export const DIALOG_COPIED_ICON_MS = 2000;
export const DIALOG_COPIED_TOAST_MS = 3000;
