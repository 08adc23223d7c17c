// The panel's 'Atualizar link' for a group hidden because its invite link stopped working: the owner
// pastes a new invite link; the server checks it with WhatsApp (a revoked one is refused) and sends the
// group back to moderation.
import { Link2 } from 'lucide-react';
import { type SubmitEvent, useState } from 'react';
import { InviteLinkInput } from '#src/components/InviteLinkInput.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { Field } from '#src/components/ui/Field.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { ApiError, api } from '#src/lib/api.ts';

export function UpdateLinkButton({
  group,
  onUpdated,
}: {
  group: { id: string; title: string };
  onUpdated: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!link.trim()) {
      setError('O link é obrigatório');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await api(`/api/user/groups/${encodeURIComponent(group.id)}/link`, { method: 'POST', body: { link } });
      toast({
        title: 'Link atualizado',
        description: 'O grupo voltou para a moderação e aparecerá no site quando for aprovado.',
        variant: 'success',
      });
      setOpen(false);
      onUpdated();
    } catch (caught) {
      const message =
        caught instanceof ApiError
          ? (caught.fields?.link ?? caught.message)
          : 'Não foi possível atualizar o link. Tente novamente.';
      setError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-label={`Atualizar link de ${group.title}`}>
        <Link2 aria-hidden="true" className="size-4" /> Atualizar link
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title="Atualizar link"
        description={`O link de convite de “${group.title}” não funciona mais. Cole o novo link: o grupo volta para a moderação.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" form={`novo-link-${group.id}`} disabled={busy}>
              {busy ? 'Verificando…' : 'Salvar novo link'}
            </Button>
          </>
        }
      >
        <form id={`novo-link-${group.id}`} onSubmit={submit} noValidate>
          <Field label="Novo link de convite" required error={error}>
            {(props) => <InviteLinkInput {...props} value={link} onChange={(e) => setLink(e.target.value)} />}
          </Field>
        </form>
      </Dialog>
    </>
  );
}
