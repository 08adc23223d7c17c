// The owner's view of the link checks on a group's card: when WhatsApp last confirmed the link and when
// it is checked next (src/features/links/check-policy.ts decides; busy groups are checked more often).
import { ShieldCheck } from 'lucide-react';
import { formatRelative } from '#src/lib/format.ts';

interface Props {
  group: { linkCheckedAt: string | null; linkCheckDueAt: string | null; linkStatus: string };
  now?: Date;
}

/** 'Link verificado há 2 dias · próxima verificação em 5 dias'. */
export default function LinkCheckLine({ group, now = new Date() }: Props) {
  const due = group.linkCheckDueAt ? new Date(group.linkCheckDueAt) : null;
  const next = !due || due <= now ? 'em breve' : formatRelative(due, now);
  const last =
    group.linkCheckedAt && group.linkStatus !== 'unknown'
      ? `Link verificado ${formatRelative(group.linkCheckedAt, now)}`
      : 'Link ainda não verificado';
  return (
    <p className="mt-1 flex items-center gap-1.5 text-sm text-neutral-600" data-link-check-line>
      <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
      <span>
        {last} · próxima verificação {next}
      </span>
    </p>
  );
}
