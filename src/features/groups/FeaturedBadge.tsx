// The featured badge of a card and a group page: 'Destaque pago' when an order pays for the featuring
// (advertising says it is, #41 item 3), 'Grupo Destaque' when an admin chose it. Static markup.
import { Crown } from 'lucide-react';
import { badgeClasses, FEATURED_LABEL, PAID_FEATURED_LABEL } from '#src/components/ui/classes.ts';

export default function FeaturedBadge({ group }: { group: { featured: boolean; featuredPaid: boolean } }) {
  if (!group.featured) return null;
  return (
    <span className={badgeClasses('featured')} data-featured={group.featuredPaid ? 'paid' : 'admin'}>
      <Crown aria-hidden="true" />
      {group.featuredPaid ? PAID_FEATURED_LABEL : FEATURED_LABEL}
    </span>
  );
}
