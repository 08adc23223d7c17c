// The panel's 'Contestar' for a group off the site by a decision (#41): the owner explains why it should
// come back; one open appeal per hold. The e-mail's link (/painel?contestar=<id>) opens it.
import { MessageSquareWarning } from 'lucide-react';
import { type SubmitEvent, useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { Field, TextArea } from '#src/components/ui/Field.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { APPEAL_MESSAGES, APPEAL_TEXT_MAX } from '#src/features/appeals/appeals.ts';
import { ApiError, api } from '#src/lib/api.ts';

/** Send the appeal; answers what went wrong, in pt-BR, or nothing when it was received. */
async function sendAppeal(groupId: string, text: string): Promise<string | undefined> {
  try {
    await api(`/api/user/groups/${encodeURIComponent(groupId)}/appeals`, { method: 'POST', body: { text } });
    return undefined;
  } catch (caught) {
    return caught instanceof ApiError
      ? (caught.fields?.text ?? caught.message)
      : 'Não foi possível enviar a contestação. Tente novamente.';
  }
}

export function AppealButton({
  group,
  onSent,
}: {
  group: { id: string; title: string };
  onSent: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('contestar') === group.id) setOpen(true);
  }, [group.id]);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (text.trim().length < 10) {
      setError(APPEAL_MESSAGES.textRequired);
      return;
    }
    setBusy(true);
    setError(undefined);
    const problem = await sendAppeal(group.id, text);
    setBusy(false);
    if (problem) return setError(problem);
    toast({ title: 'Contestação enviada', description: APPEAL_MESSAGES.created, variant: 'success' });
    setOpen(false);
    onSent();
  }

  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={`Contestar: ${group.title}`}
      >
        <MessageSquareWarning aria-hidden="true" className="size-4" /> Contestar
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title="Contestar a decisão"
        description={`Explique por que “${group.title}” deve voltar ao site. Outra pessoa da equipe revisa e responde por e-mail.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" form={`contestar-${group.id}`} disabled={busy}>
              {busy ? 'Enviando…' : 'Enviar contestação'}
            </Button>
          </>
        }
      >
        <form id={`contestar-${group.id}`} onSubmit={submit} noValidate>
          <Field label="Seus argumentos" required error={error}>
            {(props) => (
              <TextArea
                {...props}
                rows={6}
                maxLength={APPEAL_TEXT_MAX}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            )}
          </Field>
        </form>
      </Dialog>
    </>
  );
}
