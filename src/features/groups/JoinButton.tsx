// 'Entrar no Grupo' ('Seguir Canal' for a channel): a real link that opens in a new tab (so it works
// before JavaScript and is never caught by a popup blocker) through /entrar/{id}, which counts the join
// and sends the visitor to the group's current invite link, or stops them when the link is known dead
// (decision 0012). nofollow: crawlers have nothing to index there.
import { MessageCircle } from 'lucide-react';
import { buttonClasses, cx } from '#src/components/ui/classes.ts';
import { type GroupType, JOIN_LABELS, joinPath } from './groups.ts';

interface Props {
  groupId: string;
  type?: GroupType;
  size?: 'md' | 'lg';
  block?: boolean;
  className?: string;
}

export default function JoinButton({
  groupId,
  type = 'group',
  size = 'lg',
  block = false,
  className,
}: Props) {
  return (
    <a
      href={joinPath(groupId)}
      target="_blank"
      rel="noopener noreferrer nofollow"
      data-join-id={groupId}
      className={cx(buttonClasses({ size, block }), className)}
    >
      <MessageCircle aria-hidden="true" />
      {JOIN_LABELS[type]}
    </a>
  );
}
