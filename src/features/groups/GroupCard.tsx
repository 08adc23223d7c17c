// THE group card, on every list (home's carousel and 'Últimos Grupos', categories, search, related groups,
// 'Este link deixou de funcionar'): image (or the local identicon), title, type, category, featured badge
// ('Destaque pago' when paid), description, the name on WhatsApp when it is not the title, 'Link verificado
// em …' when the last check was live, a labelled date ('Renovado há …' after the owner's bump, else 'Na
// lista desde …'), and the actions: share, 'Saiba Mais' and 'Entrar' (through /entrar/{id}, which stops
// a visitor whose link is known dead). Rendered to static HTML by pages and by the list islands.
import { badgeClasses, buttonClasses, cardClasses, cx } from '#src/components/ui/classes.ts';
import { formatDate, formatRelative } from '#src/lib/format.ts';
import { GroupAvatar } from '../images/GroupAvatar.tsx';
import SharePopover from '../share/SharePopover.tsx';
import FeaturedBadge from './FeaturedBadge.tsx';
import type { GroupJson } from './groups.server.ts';
import { CARD_JOIN_LABELS, joinPath, whatsappNameToShow } from './groups.ts';
import LinkVerified from './LinkVerified.tsx';
import { followersLabel, TypeBadge } from './TypeBadge.tsx';

/** What a card shows of a group (the API's GroupJson; older cached answers may lack the newer fields). */
export type CardGroup = Pick<
  GroupJson,
  'id' | 'title' | 'description' | 'image' | 'category' | 'path' | 'createdAt' | 'featured'
> &
  Partial<
    Pick<
      GroupJson,
      'type' | 'followers' | 'featuredPaid' | 'renewedAt' | 'linkStatus' | 'linkLiveAt' | 'whatsappTitle'
    >
  >;

interface Props {
  group: CardGroup;
  site: string;
  /** heading level of the title inside the list */
  headingLevel?: 'h2' | 'h3';
  /**
   * Without the share popover: a group page's related groups (the page shares its own group; their
   * cards there would carry a menu each and push the page past its 8 KB budget).
   */
  shareable?: boolean;
}

/** 'Renovado há 3 dias' after the owner's free bump, else 'Na lista desde 12/03/2026'. */
function ListedDate({ group }: { group: CardGroup }) {
  // The relative time is written again in the browser (interactions.ts): static HTML would go stale.
  if (group.renewedAt)
    return (
      <span>
        Renovado{' '}
        <time dateTime={group.renewedAt} data-relative suppressHydrationWarning>
          {formatRelative(group.renewedAt)}
        </time>
      </span>
    );
  return (
    <span>
      Na lista desde <time dateTime={group.createdAt}>{formatDate(group.createdAt)}</time>
    </span>
  );
}

export default function GroupCard({ group, site, headingLevel: Heading = 'h3', shareable = true }: Props) {
  const type = group.type ?? 'group';
  const whatsappName = whatsappNameToShow({ title: group.title, whatsappTitle: group.whatsappTitle ?? null });
  return (
    <article className={cx(cardClasses({ padding: 'none', interactive: true }), 'relative flex flex-col')}>
      <div className="flex items-start gap-3 p-4 pb-2">
        <GroupAvatar group={group} size={56} className="size-14 rounded-xl border border-neutral-100" />
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
            <TypeBadge type={type} />
            <span className={badgeClasses('brand')}>{group.category}</span>
            <FeaturedBadge group={{ featured: group.featured, featuredPaid: group.featuredPaid ?? false }} />
          </p>
        </div>
      </div>
      <p dir="auto" className="line-clamp-3 px-4 text-sm text-neutral-600">
        {group.description}
      </p>
      {whatsappName && (
        <p className="px-4 pt-2 text-xs text-neutral-600" data-whatsapp-name>
          No WhatsApp:{' '}
          <bdi dir="auto" className="font-medium text-neutral-800">
            {whatsappName}
          </bdi>
        </p>
      )}
      <LinkVerified
        group={{ linkStatus: group.linkStatus ?? 'unknown', linkLiveAt: group.linkLiveAt ?? null }}
        className="px-4 pt-2"
      />
      <p className="flex flex-wrap gap-x-1.5 px-4 pt-2 text-xs text-neutral-500">
        <ListedDate group={group} />
        {type === 'channel' && group.followers != null && <span>· {followersLabel(group.followers)}</span>}
      </p>
      <div className="relative z-10 mt-auto flex items-center gap-2 px-4 pt-3 pb-3">
        {shareable && <SharePopover groupId={group.id} title={group.title} path={group.path} site={site} />}
        <a href={group.path} className={cx(buttonClasses({ variant: 'secondary', size: 'sm' }), 'ml-auto')}>
          Saiba Mais
        </a>
        <a
          href={joinPath(group.id)}
          target="_blank"
          rel="noopener noreferrer nofollow"
          data-join-id={group.id}
          className={buttonClasses({ size: 'sm' })}
        >
          {CARD_JOIN_LABELS[type]}
        </a>
      </div>
    </article>
  );
}
