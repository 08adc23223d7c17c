// 'Grupo' or 'Canal': what a link opens, on cards and the group page (static markup, no script).
import { Megaphone, Users } from 'lucide-react';
import { badgeClasses } from '#src/components/ui/classes.ts';
import { countLabel } from '#src/lib/format.ts';
import { GROUP_TYPE_LABELS, type GroupType } from './groups.ts';

export function TypeBadge({ type }: { type: GroupType }) {
  const Icon = type === 'channel' ? Megaphone : Users;
  return (
    <span className={badgeClasses(type === 'channel' ? 'blue' : 'grey')}>
      <Icon aria-hidden="true" />
      {GROUP_TYPE_LABELS[type]}
    </span>
  );
}

/** '1.200 seguidores' */
export function followersLabel(followers: number): string {
  return countLabel(followers, 'seguidor', 'seguidores');
}
