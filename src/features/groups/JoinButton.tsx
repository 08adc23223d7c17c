// 'Entrar no Grupo' ('Seguir Canal' for a channel): a real link to the invite that opens in a new tab (so it works before JavaScript
// and is never caught by a popup blocker); groups/interactions.ts registers the click on the way out,
// and the tab opens whether or not that registration succeeds.
import { MessageCircle } from 'lucide-react';
import { buttonClasses, cx } from '#src/components/ui/classes.ts';
import { type GroupType, JOIN_LABELS } from './groups.ts';

interface Props {
  groupId: string;
  link: string;
  type?: GroupType;
  size?: 'md' | 'lg';
  block?: boolean;
  className?: string;
}

export default function JoinButton({
  groupId,
  link,
  type = 'group',
  size = 'lg',
  block = false,
  className,
}: Props) {
  return (
    <a
      href={link}
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
