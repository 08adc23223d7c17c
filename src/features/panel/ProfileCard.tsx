// The panel's profile card: who is logged in, 'Sair', and what to do next. On a phone the actions sit
// side by side under the name instead of stacking above the groups; the paid 'Destacar um grupo' shows
// (as the main action) only for someone with a group that can be featured, otherwise sending a group is.
import { LogOut, Send, Star } from 'lucide-react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { endSession } from '#src/features/auth/session.store.ts';
import { ClaimGroupButton } from '#src/features/claims/ClaimGroupButton.tsx';

/** Two actions side by side on a phone: tighter, without their icons, so each label fits its half. */
const PHONE_HALF = 'max-sm:px-2 max-sm:text-sm max-sm:[&_svg]:hidden';

export function ProfileCard({
  user,
  canHighlight,
  onHighlight,
  onClaimed,
}: {
  user: { name: string; email: string };
  /** the person has an approved, visible group that is not featured */
  canHighlight: boolean;
  onHighlight: () => void;
  onClaimed: () => void;
}) {
  return (
    <Card padding="md" className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-4">
      <div className="flex min-w-0 items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white sm:size-14 sm:text-xl"
        >
          {(user.name || user.email).slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold text-neutral-900">{user.name}</h1>
          <p className="truncate text-sm text-neutral-600">{user.email}</p>
        </div>
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={async () => {
          await endSession();
          window.location.assign('/');
        }}
      >
        <LogOut aria-hidden="true" className="size-4" /> Sair
      </Button>
      <div className="col-span-2 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        {canHighlight && (
          <Button onClick={onHighlight} className="col-span-2">
            <Star aria-hidden="true" className="size-4" /> Destacar um grupo
          </Button>
        )}
        <Button href="/enviar" variant={canHighlight ? 'secondary' : 'primary'} className={PHONE_HALF}>
          <Send aria-hidden="true" className="size-4" /> Enviar grupo
        </Button>
        <ClaimGroupButton onClaimed={onClaimed} className={PHONE_HALF} />
      </div>
    </Card>
  );
}
