// 'Denunciar' dialog for the group page. Static group pages ship no island: their 'Denunciar' button
// loads mount-report-dialog.tsx on the first press, which opens this dialog without its own trigger.
import { Flag } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { cx, field } from '#src/components/ui/classes.ts';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { Field, TextArea } from '#src/components/ui/Field.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { LEGAL_NOTICE_PAGE } from '#src/features/legal-notices/legal-notices.schema.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { checkForm } from '#src/lib/form-errors.ts';
import { REPORT_REASON_LABELS, REPORT_REASONS, ReportSchema } from './reports.schema.ts';

/** The legal notice form with this group's address filled in. */
function legalNoticeHref(groupId: string): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return `${LEGAL_NOTICE_PAGE}?grupo=${encodeURIComponent(`${origin}/grupo/${groupId}`)}`;
}

interface Props {
  groupId: string;
  /** open at once, without rendering the 'Denunciar' trigger (the page has its own button) */
  startOpen?: boolean;
  onClosed?: () => void;
}

export default function ReportDialog({ groupId, startOpen = false, onClosed }: Props) {
  const [open, setOpenState] = useState(startOpen);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    if (!next) onClosed?.();
  };
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = checkForm(ReportSchema, data, setErrors);
    if (!parsed) return;
    setBusy(true);
    try {
      const res = await api<{ message: string }>(`/api/groups/${encodeURIComponent(groupId)}/reports`, {
        method: 'POST',
        body: parsed,
      });
      toast({ title: 'Denúncia enviada', description: res.message, variant: 'success' });
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast({
        title: 'Erro ao enviar denúncia',
        description: error instanceof Error ? error.message : 'Tente novamente.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {!startOpen && (
        <Button variant="ghost" onClick={() => setOpen(true)}>
          <Flag aria-hidden="true" className="size-4" /> Denunciar
        </Button>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Denunciar grupo"
        description="Conte o que há de errado com este grupo. Denúncias são analisadas pela nossa equipe."
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className={cx(field.label, 'mb-1')}>
              Motivo
              <span aria-hidden="true" className={field.required}>
                {' '}
                *
              </span>
            </legend>
            {REPORT_REASONS.map((reason) => (
              <label
                key={reason}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control border border-neutral-200 px-3 hover:bg-neutral-50 has-checked:border-brand-700 has-checked:bg-brand-50"
              >
                <input type="radio" name="reason" value={reason} className="size-4 accent-brand-700" />
                {REPORT_REASON_LABELS[reason]}
              </label>
            ))}
            {errors.reason && <p className={field.error}>{errors.reason}</p>}
          </fieldset>
          <Field label="Descrição" required error={errors.description}>
            {(props) => <TextArea {...props} name="description" rows={3} maxLength={500} />}
          </Field>
          <p className="rounded-control bg-neutral-50 p-3 text-sm text-neutral-700">
            Imagens íntimas sem consentimento, abuso de crianças ou outro crime?{' '}
            <a href={legalNoticeHref(groupId)} className="font-semibold text-brand-800 underline">
              Faça uma denúncia jurídica
            </a>
            : ela recebe um protocolo e é analisada em até 24 horas.
          </p>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button type="submit" variant="danger" disabled={busy}>
              {busy ? 'Enviando…' : 'Enviar denúncia'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
