// What an owner can do with one group in the panel, below its line: the free bump ('Renovar'), the
// stats and the QR code and badge. Pending groups have none of it; hidden ones keep their stats.
import { BumpButton } from './BumpButton.tsx';
import { GroupShareKit } from './GroupShareKit.tsx';
import { GroupStats } from './GroupStats.tsx';

/** What the tools need of one of the owner's groups (GET /api/user/groups). */
export interface OwnedGroup {
  id: string;
  title: string;
  path: string;
  approved: boolean;
  hidden: boolean;
  nextBumpAt: string;
  /** renewed by its owner at least once */
  renewed: boolean;
}

export function GroupTools({ group }: { group: OwnedGroup }) {
  if (!group.approved) return null;
  const visible = !group.hidden;
  return (
    <div className="flex w-full flex-wrap items-center gap-2 border-t border-neutral-100 pt-3">
      {visible && <BumpButton groupId={group.id} nextBumpAt={group.nextBumpAt} renewed={group.renewed} />}
      <GroupStats groupId={group.id} title={group.title} />
      {visible && <GroupShareKit title={group.title} path={group.path} />}
    </div>
  );
}
