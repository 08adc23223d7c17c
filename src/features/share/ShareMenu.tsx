// A card's share menu (WhatsApp first, in green), rendered ONCE per page inside <template id="share-menu">: interactions.ts
// copies it into a card's popover when the visitor opens it and fills in that group's links. One menu
// per page instead of one per card keeps list pages light (each copy was ~45 elements).
import { Copy, Mail, MessageCircle, Send, Smartphone } from 'lucide-react';
import { shareTargets } from './share.ts';

const item =
  'flex min-h-11 w-full items-center gap-2.5 rounded-lg px-3 text-left text-sm font-medium text-neutral-800 hover:bg-neutral-100 pointer-fine:min-h-9';
const icon = 'size-4 text-neutral-500';

/** `url` and `title` are the site's: a card's copy gets its group's links instead. */
export default function ShareMenu({ url, title }: { url: string; title: string }) {
  return (
    <ul>
      {shareTargets(url, title).map((target) => (
        <li key={target.platform}>
          <a
            href={target.href}
            target="_blank"
            rel="noopener noreferrer"
            data-share-platform={target.platform}
            className={target.platform === 'whatsapp' ? `${item} text-brand-800` : item}
          >
            {target.platform === 'whatsapp' ? (
              <MessageCircle aria-hidden="true" className="size-4 text-brand-700" />
            ) : target.platform === 'email' ? (
              <Mail aria-hidden="true" className={icon} />
            ) : (
              <Send aria-hidden="true" className={icon} />
            )}
            {target.label}
          </a>
        </li>
      ))}
      <li>
        <button type="button" data-share-copy={url} className={item}>
          <Copy aria-hidden="true" className={icon} />
          <span data-label="Copiar link">Copiar link</span>
        </button>
      </li>
      <li className="hidden [html[data-native-share]_&]:block">
        <button type="button" data-share-native={url} data-title={title} className={item}>
          <Smartphone aria-hidden="true" className={icon} />
          Mais opções
        </button>
      </li>
    </ul>
  );
}
