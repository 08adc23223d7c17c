// 'Reivindicar grupo': the dialog that takes a link already in the catalogue, gives a code to put in
// the group's WhatsApp name, and asks the server to check it ('Verificar'). Opened from the submission
// form's duplicate error and from the panel. The server decides everything; this only shows it.
import { CheckCircle2, Copy, ShieldCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { InviteLinkInput } from '#src/components/InviteLinkInput.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { buttonClasses } from '#src/components/ui/classes.ts';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { Field } from '#src/components/ui/Field.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { CLAIM_MESSAGES, type ClaimStarted, type ClaimVerified } from './claims.schema.ts';

type Step =
  | { kind: 'link' }
  | { kind: 'code'; claim: ClaimStarted }
  | { kind: 'done'; claim: ClaimStarted; result: ClaimVerified };

/** An answer the dialog shows in place: the name seen, a busy WhatsApp, an expired code... */
interface Problem {
  message: string;
  /** the group's name on WhatsApp, when the check saw one without the code */
  seen?: string;
  /** this code is spent (expired, or checked too often): only a new one helps */
  spent?: boolean;
}

function problemOf(error: unknown): Problem {
  if (error instanceof ApiError)
    return {
      message: error.message,
      seen: error.fields?.name,
      spent: error.status === 410 || error.message === CLAIM_MESSAGES.attemptsUsed,
    };
  return { message: 'Não foi possível falar com o servidor. Verifique sua conexão e tente de novo.' };
}

/** The claim's steps: the link, asking for a code, verifying it; a new opening starts over. */
function useClaimSteps(
  open: boolean,
  initialLink: string,
  onClaimed: ((result: ClaimVerified) => void) | undefined,
) {
  const [link, setLink] = useState(initialLink);
  const [step, setStep] = useState<Step>({ kind: 'link' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [linkError, setLinkError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // A new opening starts over with the link it was given.
  useEffect(() => {
    if (!open) return;
    setLink(initialLink);
    setStep({ kind: 'link' });
    setProblem(null);
    setLinkError(undefined);
  }, [open, initialLink]);

  async function requestCode(event?: FormEvent) {
    event?.preventDefault();
    // The dialog sits in a portal, but React bubbles its submit through the component tree: the
    // submission form around the offer must not receive it.
    event?.stopPropagation();
    if (!link.trim()) {
      setLinkError('O link é obrigatório');
      return;
    }
    setBusy(true);
    setProblem(null);
    setLinkError(undefined);
    try {
      const claim = await api<ClaimStarted>('/api/group-claims', { method: 'POST', body: { link } });
      setStep({ kind: 'code', claim });
    } catch (error) {
      if (error instanceof ApiError && error.fields?.link) setLinkError(error.fields.link);
      else setProblem(problemOf(error));
      setStep({ kind: 'link' });
    } finally {
      setBusy(false);
    }
  }

  async function verify(claim: ClaimStarted) {
    setBusy(true);
    setProblem(null);
    try {
      const result = await api<ClaimVerified>(
        `/api/group-claims/${encodeURIComponent(claim.claimId)}/verify`,
        { method: 'POST' },
      );
      setStep({ kind: 'done', claim, result });
      onClaimed?.(result);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  return { link, setLink, step, problem, linkError, busy, requestCode, verify };
}

/** The second step: the code to put in the group's name, then 'Verificar' (or a new code once spent). */
function CodeStepDialog({
  open,
  onClose,
  busy,
  spent,
  onNewCode,
  onVerify,
  children,
}: {
  open: boolean;
  onClose: () => void;
  busy: boolean;
  spent: boolean;
  onNewCode: () => void;
  onVerify: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onClose}
      title="Reivindicar grupo"
      description="Prove que você administra o grupo: ponha este código no nome dele no WhatsApp."
      footer={
        spent ? (
          <Button onClick={onNewCode} disabled={busy}>
            {busy ? 'Gerando…' : 'Gerar novo código'}
          </Button>
        ) : (
          <Button onClick={onVerify} disabled={busy}>
            {busy ? 'Verificando…' : 'Verificar'}
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-4">{children}</div>
    </Dialog>
  );
}

export function ClaimGroupDialog({
  open,
  onOpenChange,
  initialLink = '',
  onClaimed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialLink?: string;
  onClaimed?: (result: ClaimVerified) => void;
}) {
  const { link, setLink, step, problem, linkError, busy, requestCode, verify } = useClaimSteps(
    open,
    initialLink,
    onClaimed,
  );

  const close = () => !busy && onOpenChange(false);
  const alert = problem && <ProblemAlert problem={problem} />;

  if (step.kind === 'done') return <ClaimedDialog open={open} onClose={close} result={step.result} />;

  if (step.kind === 'code')
    return (
      <CodeStepDialog
        open={open}
        onClose={close}
        busy={busy}
        spent={Boolean(problem?.spent)}
        onNewCode={() => requestCode()}
        onVerify={() => verify(step.claim)}
      >
        <ClaimCode claim={step.claim} />
        {alert}
      </CodeStepDialog>
    );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Reivindicar grupo"
      description="Se um grupo seu já está no catálogo (enviado por outra pessoa ou por outra conta), prove que você o administra para trazê-lo para a sua conta."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form="reivindicar-grupo" disabled={busy}>
            <ShieldCheck aria-hidden="true" className="size-4" /> {busy ? 'Gerando…' : 'Gerar código'}
          </Button>
        </>
      }
    >
      <form id="reivindicar-grupo" onSubmit={requestCode} noValidate className="flex flex-col gap-3">
        <Field label="Link de convite do grupo" required error={linkError}>
          {(props) => <InviteLinkInput {...props} value={link} onChange={(e) => setLink(e.target.value)} />}
        </Field>
        {alert}
      </form>
    </Dialog>
  );
}

function ProblemAlert({ problem }: { problem: Problem }) {
  return (
    <div role="alert" className="rounded-control border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p>{problem.message}</p>
      {problem.seen !== undefined && (
        <p className="mt-1 break-words text-red-700">
          O WhatsApp mostra: <strong>{problem.seen || '(sem nome)'}</strong>
        </p>
      )}
    </div>
  );
}

/** The end: the group is the claimant's now (still moderated when it was a pending submission). */
function ClaimedDialog({
  open,
  onClose,
  result,
}: {
  open: boolean;
  onClose: () => void;
  result: ClaimVerified;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onClose}
      title="O grupo agora é seu"
      footer={
        <a href="/painel" className={buttonClasses()}>
          Ver no painel
        </a>
      }
    >
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-brand-600" />
        <p dir="auto" className="font-semibold text-neutral-900 break-words">
          {result.title}
        </p>
        <p className="text-neutral-700">{result.message}</p>
        {!result.approved && (
          <p className="text-sm text-neutral-600">
            O grupo ainda passa pela moderação: confira o título e a descrição no painel.
          </p>
        )}
      </div>
    </Dialog>
  );
}

/** The code to put in the group's name, how long it lasts, and the steps. */
function ClaimCode({ claim }: { claim: ClaimStarted }) {
  return (
    <>
      <div className="flex flex-col items-center gap-2 rounded-card border border-brand-200 bg-brand-50 p-4">
        <span className="text-sm text-neutral-700">Seu código</span>
        <span
          data-claim-code
          className="select-all font-mono text-3xl font-bold tracking-widest text-neutral-900"
        >
          {claim.code}
        </span>
        <Button size="sm" variant="secondary" onClick={() => copyCode(claim.code)}>
          <Copy aria-hidden="true" className="size-4" /> Copiar código
        </Button>
        <span className="text-xs text-neutral-600">Vale até {formatDateTime(claim.expiresAt)}</span>
      </div>
      <ol className="list-decimal space-y-2 pl-5 text-sm text-neutral-800">
        {claim.steps.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ol>
    </>
  );
}

async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast({ title: 'Código copiado!', variant: 'success' });
  } catch {
    toast({ title: 'Não foi possível copiar', description: `Digite o código: ${code}` });
  }
}
