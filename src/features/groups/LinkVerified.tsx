// 'Link verificado em 24/11/2026' under a card's description: shown only when the last check was live.
import { ShieldCheck } from 'lucide-react';
import { cx } from '#src/components/ui/classes.ts';
import { LINK_VERIFIED_PREFIX, linkVerifiedDate } from './link-badge.ts';

export default function LinkVerified({
  group,
  className,
}: {
  group: { linkStatus: string; linkLiveAt: string | null };
  className?: string;
}) {
  const date = linkVerifiedDate(group);
  if (!date) return null;
  return (
    <p
      className={cx('flex items-center gap-1 text-xs font-medium text-brand-800', className)}
      data-link-verified
    >
      <ShieldCheck aria-hidden="true" className="size-3.5 shrink-0" />
      <span>
        {LINK_VERIFIED_PREFIX} <time dateTime={group.linkLiveAt ?? undefined}>{date}</time>
      </span>
    </p>
  );
}
