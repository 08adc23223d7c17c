// A card's share popover: a <details> toggle whose panel holds only a link to the group page's
// 'Compartilhar' section (every network, and what a visitor without JavaScript gets). On first open
// interactions.ts replaces it with a copy of the page's one share menu (ShareMenu.tsx) for this group.
import { Share2 } from 'lucide-react';
import { GROUP_SHARE_SECTION_ID } from './share.ts';

interface Props {
  groupId: string;
  title: string;
  /** the group's path (made absolute with `site`) */
  path: string;
  site: string;
}

export default function SharePopover({ groupId, title, path, site }: Props) {
  return (
    <details
      className="group/share relative"
      name="compartilhar"
      data-share-url={new URL(path, site).href}
      data-title={title}
      data-group-id={groupId}
    >
      <summary
        aria-label={`Compartilhar ${title}`}
        className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-full text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 group-open/share:bg-neutral-100 [&::-webkit-details-marker]:hidden"
      >
        <Share2 aria-hidden="true" className="size-5" />
      </summary>
      <div
        data-share-panel
        className="absolute right-0 bottom-full z-20 mb-1 w-56 rounded-card border border-neutral-200 bg-white p-1.5 shadow-overlay"
      >
        <a
          href={`${path}#${GROUP_SHARE_SECTION_ID}`}
          className="flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-neutral-800 hover:bg-neutral-100"
        >
          Opções de compartilhamento
        </a>
      </div>
    </details>
  );
}
