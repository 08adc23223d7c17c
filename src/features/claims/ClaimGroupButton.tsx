// The panel's 'Reivindicar grupo': a button that opens the claim dialog; `/painel?reivindicar=<link>`
// (where 'Entrar para reivindicar' comes back after login) opens it at once with that link.
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { ClaimGroupDialog } from './ClaimGroupDialog.tsx';

export function ClaimGroupButton({ onClaimed, className }: { onClaimed: () => void; className?: string }) {
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState('');
  useEffect(() => {
    const url = new URL(window.location.href);
    const wanted = url.searchParams.get('reivindicar');
    if (wanted === null) return;
    setLink(wanted.slice(0, 500));
    setOpen(true);
    // A reload must not open it again.
    url.searchParams.delete('reivindicar');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
  }, []);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} className={className}>
        <ShieldCheck aria-hidden="true" className="size-4" /> Reivindicar grupo
      </Button>
      <ClaimGroupDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setLink('');
        }}
        initialLink={link}
        onClaimed={onClaimed}
      />
    </>
  );
}
