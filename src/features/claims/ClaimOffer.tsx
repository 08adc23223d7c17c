// The way out of a duplicate link: 'Reivindicar grupo' for a logged-in person (the dialog), or
// 'Entrar para reivindicar' for a visitor without a session (the panel opens the dialog after login).
// Shown by the submission form when the server answers INVITE_TAKEN.
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { REDIRECT_AFTER_LOGIN_KEY } from '#src/features/auth/RequireSession.tsx';
import { ClaimGroupDialog } from './ClaimGroupDialog.tsx';

/** The panel address that opens the claim dialog with this link (see ClaimGroupButton). */
export function claimPanelPath(link: string): string {
  return `/painel?reivindicar=${encodeURIComponent(link)}`;
}

export function ClaimOffer({ link, loggedIn }: { link: string; loggedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const login = () => {
    try {
      localStorage.setItem(REDIRECT_AFTER_LOGIN_KEY, claimPanelPath(link));
    } catch {
      // storage unavailable: after login the panel's own 'Reivindicar grupo' is still there
    }
    window.location.assign('/auth');
  };
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-card border border-amber-300 bg-amber-50 p-4 text-neutral-900"
    >
      <p className="font-semibold">Este grupo já está no catálogo</p>
      <p className="text-sm text-neutral-700">
        Se o grupo é seu, prove que você o administra: ponha um código no nome dele no WhatsApp e ele passa
        para a sua conta, com a página e os cliques que já tem.
      </p>
      {loggedIn ? (
        <Button className="sm:self-start" onClick={() => setOpen(true)}>
          <ShieldCheck aria-hidden="true" className="size-4" /> Reivindicar grupo
        </Button>
      ) : (
        <Button className="sm:self-start" onClick={login}>
          <ShieldCheck aria-hidden="true" className="size-4" /> Entrar para reivindicar
        </Button>
      )}
      <ClaimGroupDialog open={open} onOpenChange={setOpen} initialLink={link} />
    </div>
  );
}
