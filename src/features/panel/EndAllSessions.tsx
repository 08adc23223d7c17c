// 'Sair de todos os dispositivos' in /painel: after a confirmation, ends every session of the account on
// the server (POST /api/auth/logout-all), this one included, and goes home.
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { endSession } from '#src/features/auth/session.store.ts';
import { api } from '#src/lib/api.ts';

export function EndAllSessions() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await api('/api/auth/logout-all', { method: 'POST' });
    } catch {
      setBusy(false);
      toast({
        title: 'Não foi possível sair de todos os dispositivos',
        description: 'Verifique sua conexão e tente novamente.',
        variant: 'destructive',
      });
      return;
    }
    await endSession();
    window.location.assign('/');
  }
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        <MonitorSmartphone aria-hidden="true" className="size-4" /> Sair de todos os dispositivos
      </Button>
      <Dialog
        open={open}
        onOpenChange={(value) => !busy && setOpen(value)}
        title="Sair de todos os dispositivos?"
        description="Sua conta será desconectada neste e em todos os outros celulares, computadores e navegadores. Para voltar, faça login de novo."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancelar
            </Button>
            <Button variant="danger" onClick={confirm} disabled={busy}>
              {busy ? 'Saindo…' : 'Sair de todos'}
            </Button>
          </>
        }
      />
    </>
  );
}
