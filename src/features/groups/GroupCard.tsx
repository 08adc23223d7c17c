// A group in a list: image (or the local identicon), title, description, category, date, featured
// badge, 'Link verificado em …', 'Saiba Mais' and the share popover. Rendered to static HTML by pages
// and by the list islands.
import { Crown } from 'lucide-react';
import { badgeClasses, buttonClasses, cardClasses, cx, FEATURED_LABEL } from '#src/components/ui/classes.ts';
import { formatDate } from '#src/lib/format.ts';
import { groupAvatar } from '../images/group-image.ts';
import SharePopover from '../share/SharePopover.tsx';
import type { GroupJson } from './groups.server.ts';
import LinkVerified from './LinkVerified.tsx';
import { followersLabel, TypeBadge } from './TypeBadge.tsx';

interface Props {
  group: GroupJson;
  site: string;
  /** heading level of the title inside the list */
  headingLevel?: 'h2' | 'h3';
}

export default function GroupCard({ group, site, headingLevel: Heading = 'h3' }: Props) {
  return (
    <article className={cx(cardClasses({ padding: 'none', interactive: true }), 'relative flex flex-col')}>
      <div className="flex items-start gap-3 p-4 pb-2">
        <img
          src={groupAvatar(group)}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
          className="size-14 shrink-0 rounded-xl border border-neutral-100 bg-neutral-100 object-cover"
        />
        <div className="min-w-0 flex-1">
          <Heading dir="auto" className="line-clamp-2 text-base leading-snug font-semibold text-neutral-900">
            <a
              href={group.path}
              className="after:absolute after:inset-0 after:rounded-card hover:text-brand-800"
            >
              {group.title}
            </a>
          </Heading>
          <p className="mt-1 flex flex-wrap items-center gap-1.5">
            <TypeBadge type={group.type} />
            <span className={badgeClasses('brand')}>{group.category}</span>
            {group.featured && group.featuredUntil && (
              <span className={badgeClasses('featured')}>
                <Crown aria-hidden="true" />
                {FEATURED_LABEL}
              </span>
            )}
          </p>
        </div>
      </div>
      <p dir="auto" className="line-clamp-3 px-4 text-sm text-neutral-600">
        {group.description}
      </p>
      <LinkVerified group={group} className="px-4 pt-2" />
      <div className="mt-auto flex items-center gap-2 px-4 pt-3 pb-3">
        <time dateTime={group.createdAt} className="text-xs text-neutral-500">
          {formatDate(group.createdAt)}
        </time>
        {group.type === 'channel' && group.followers !== null && (
          <span className="text-xs text-neutral-500">· {followersLabel(group.followers)}</span>
        )}
        <div className="relative z-10 ml-auto flex items-center gap-1">
          <SharePopover groupId={group.id} title={group.title} path={group.path} site={site} />
          <a href={group.path} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            Saiba Mais
          </a>
        </div>
      </div>
    </article>
  );
}
