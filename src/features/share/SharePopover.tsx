// A card's share popover: a <details> toggle (works before any JavaScript), links to each network, copy
// link and, on devices that have one, the native share sheet. Behaviour comes from groups/interactions.ts,
// so the same markup works on static cards and inside islands.
import { Copy, Mail, Send, Share2, Smartphone } from 'lucide-react';
import { cx } from '#src/components/ui/classes.ts';
import { shareTargets } from './share.ts';

interface Props {
  groupId: string;
  title: string;
  /** the group's path (made absolute with `site`) */
  path: string;
  site: string;
}

const item =
  'flex min-h-11 w-full items-center gap-2.5 rounded-lg px-3 text-left text-sm font-medium text-neutral-800 hover:bg-neutral-100 pointer-fine:min-h-9';

export default function SharePopover({ groupId, title, path, site }: Props) {
  const url = new URL(path, site).href;
  return (
    <details className="group/share relative" name="compartilhar">
      <summary
        aria-label={`Compartilhar ${title}`}
        className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-full text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 group-open/share:bg-neutral-100 [&::-webkit-details-marker]:hidden"
      >
        <Share2 aria-hidden="true" className="size-5" />
      </summary>
      <div className="absolute right-0 bottom-full z-20 mb-1 w-56 rounded-card border border-neutral-200 bg-white p-1.5 shadow-overlay">
        <ul>
          {shareTargets(url, title).map((target) => (
            <li key={target.platform}>
              <a
                href={target.href}
                target="_blank"
                rel="noopener noreferrer"
                data-share-platform={target.platform}
                data-group-id={groupId}
                className={item}
              >
                {target.platform === 'email' ? (
                  <Mail aria-hidden="true" className="size-4 text-neutral-500" />
                ) : (
                  <Send aria-hidden="true" className="size-4 text-neutral-500" />
                )}
                {target.label}
              </a>
            </li>
          ))}
          <li>
            <button type="button" data-share-copy={url} data-group-id={groupId} className={item}>
              <Copy aria-hidden="true" className="size-4 text-neutral-500" />
              <span data-label="Copiar link">Copiar link</span>
            </button>
          </li>
          <li className="hidden [html[data-native-share]_&]:block">
            <button
              type="button"
              data-share-native={url}
              data-title={title}
              data-group-id={groupId}
              className={cx(item)}
            >
              <Smartphone aria-hidden="true" className="size-4 text-neutral-500" />
              Mais opções
            </button>
          </li>
        </ul>
      </div>
    </details>
  );
}
