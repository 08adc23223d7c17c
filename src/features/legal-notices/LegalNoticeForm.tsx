// The 'Denúncia jurídica' form (/denuncia-juridica): the kind, the group's address (prefilled from
// ?grupo= when the visitor comes from a group's 'Denunciar' dialog), who is writing and what is wrong,
// and the statement that it is true. On success it shows the protocol and what happens next.
import { CircleCheck, ShieldAlert } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { InviteLinkInput } from '#src/components/InviteLinkInput.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { cx, field } from '#src/components/ui/classes.ts';
import { Field, TextArea, TextInput } from '#src/components/ui/Field.tsx';
import { ApiError, api } from '#src/lib/api.ts';
import { checkForm } from '#src/lib/form-errors.ts';
import {
  LEGAL_NOTICE_DECLARATION_VERSION,
  LEGAL_NOTICE_DECLARATIONS,
  LEGAL_NOTICE_KIND_LABELS,
  LEGAL_NOTICE_KINDS,
  LegalNoticeSchema,
} from './legal-notices.schema.ts';

type Kind = (typeof LEGAL_NOTICE_KINDS)[number];

/** One line under each kind, in plain words. */
const KIND_HINTS: Record<Kind, string> = {
  intimate_images:
    'Fotos ou vídeos de nudez ou sexo seus (ou de quem você representa) publicados sem autorização. O grupo sai do ar assim que você confirmar seu e-mail.',
  child_abuse:
    'Qualquer conteúdo sexual com menores de 18 anos. O grupo sai do ar na hora, até a nossa análise.',
  illegal_content:
    'Golpes, venda de produtos proibidos, pirataria, discurso de ódio e outros crimes. Analisamos em até 24 horas.',
  other:
    'Direitos autorais, uso indevido do seu nome ou da sua marca e outros pedidos. Analisamos em até 24 horas.',
};

interface Done {
  protocol: string;
  kind: Kind;
  email: string;
}

export default function LegalNoticeForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [kind, setKind] = useState<Kind | null>(null);
  const [groupUrl, setGroupUrl] = useState('');
  const [done, setDone] = useState<Done | null>(null);

  useEffect(() => {
    const from = new URL(window.location.href).searchParams.get('grupo');
    if (from) setGroupUrl(from.slice(0, 500));
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const form = new FormData(event.currentTarget);
    // The version of the declaration shown here goes with it: the notice stores its exact words.
    const values = {
      ...Object.fromEntries(form),
      declaration: form.get('declaration') === 'on',
      declarationVersion: LEGAL_NOTICE_DECLARATION_VERSION,
    };
    const parsed = checkForm(LegalNoticeSchema, values, setErrors);
    if (!parsed) {
      // Take the visitor to the first field to fix.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    try {
      const res = await api<{ protocol: string }>('/api/legal-notices', {
        method: 'POST',
        body: parsed,
      });
      setDone({ protocol: res.protocol, kind: parsed.kind, email: parsed.email });
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        // The message is at its field (e.g. an address that is no group of ours): go there.
        setErrors(error.fields);
        requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      } else
        setFailure(
          error instanceof Error ? error.message : 'Não foi possível enviar agora. Tente novamente.',
        );
    } finally {
      setBusy(false);
    }
  }

  if (done) return <Success done={done} />;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label="Denúncia jurídica">
      <KindChoice kind={kind} onKind={setKind} error={errors.kind} />

      <Field
        label="Endereço do grupo"
        required
        error={errors.groupUrl}
        hint="Cole o endereço da página do grupo neste site ou o link de convite do WhatsApp."
      >
        {(props) => (
          <InviteLinkInput
            {...props}
            name="groupUrl"
            autoComplete="off"
            maxLength={500}
            value={groupUrl}
            onChange={(e) => setGroupUrl(e.target.value)}
          />
        )}
      </Field>
      <NotifierFields errors={errors} />
      <Declaration error={errors.declaration} />
      {failure && (
        <p role="alert" className="rounded-control border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" variant="danger" disabled={busy} className="sm:self-start">
        {busy ? 'Enviando…' : 'Enviar denúncia'}
      </Button>
    </form>
  );
}

function Success({ done }: { done: Done }) {
  // The card replaces the form: bring it into view and give it the focus, so the protocol is read out.
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'center' });
    card.current?.focus({ preventScroll: true });
  }, []);
  const next =
    done.kind === 'intimate_images'
      ? `Enviamos um link para ${done.email}. Abra-o para confirmar seu e-mail: o grupo sai do ar assim que você confirmar.`
      : `Nossa equipe analisa a denúncia em até 24 horas e responde para ${done.email}.`;
  return (
    <div ref={card} tabIndex={-1} className="outline-none">
      <Card padding="lg" className="flex flex-col items-center gap-4 text-center" role="status">
        <CircleCheck aria-hidden="true" className="size-10 text-brand-700" />
        <h2 className="text-xl font-bold text-neutral-900">Denúncia recebida</h2>
        <p className="text-neutral-700">Guarde o número do protocolo:</p>
        <p className="rounded-control border border-neutral-200 bg-neutral-50 px-4 py-2 font-mono text-2xl font-bold tracking-wide text-neutral-900 select-all">
          {done.protocol}
        </p>
        <p className="max-w-prose text-neutral-700">{next}</p>
        <a href="/" className="text-sm font-medium text-brand-800 underline">
          Voltar ao início
        </a>
      </Card>
    </div>
  );
}

/** The kinds of notice, each with its hint; for child abuse, where else to report it. */
function KindChoice({
  kind,
  onKind,
  error,
}: {
  kind: Kind | null;
  onKind: (kind: Kind) => void;
  error?: string;
}) {
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className={cx(field.label, 'mb-1')}>
          O que você quer denunciar?
          <span aria-hidden="true" className={field.required}>
            {' '}
            *
          </span>
        </legend>
        {LEGAL_NOTICE_KINDS.map((k) => (
          <label
            key={k}
            className="flex cursor-pointer gap-3 rounded-control border border-neutral-200 bg-white p-3 hover:bg-neutral-50 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
          >
            <input
              type="radio"
              name="kind"
              value={k}
              checked={kind === k}
              onChange={() => onKind(k)}
              aria-invalid={error ? true : undefined}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <span className="flex flex-col gap-0.5">
              <span className="font-medium text-neutral-900">{LEGAL_NOTICE_KIND_LABELS[k]}</span>
              <span className="text-sm text-neutral-600">{KIND_HINTS[k]}</span>
            </span>
          </label>
        ))}
        {error && <p className={field.error}>{error}</p>}
      </fieldset>

      {kind === 'child_abuse' && (
        <div
          role="note"
          className="flex gap-3 rounded-control border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            Denuncie também às autoridades: na{' '}
            <a
              className="font-semibold underline"
              href="https://new.safernet.org.br/denuncie"
              target="_blank"
              rel="noopener noreferrer"
            >
              SaferNet
            </a>{' '}
            (anônima) ou no <strong>Disque 100</strong>. Não baixe, não guarde e não compartilhe o conteúdo.
          </p>
        </div>
      )}
    </>
  );
}

/** Who is writing (name, e-mail for the protocol) and what is wrong. */
function NotifierFields({ errors }: { errors: Record<string, string> }) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Seu nome" required error={errors.name}>
          {(props) => <TextInput {...props} name="name" autoComplete="name" maxLength={120} />}
        </Field>
        <Field
          label="Seu e-mail"
          required
          error={errors.email}
          hint="Enviamos o protocolo e a resposta para este e-mail."
        >
          {(props) => (
            <TextInput
              {...props}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
            />
          )}
        </Field>
      </div>
      <Field
        label="O que há de errado"
        required
        error={errors.description}
        hint="Diga o que o grupo publica e por que é ilegal. Não envie imagens."
      >
        {(props) => <TextArea {...props} name="description" rows={5} maxLength={5000} />}
      </Field>
    </>
  );
}

/** The statement that the notice is true, in the words of the version the notice stores. */
function Declaration({ error }: { error?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label className="flex cursor-pointer gap-3 text-sm text-neutral-800">
        <input
          type="checkbox"
          name="declaration"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'declaracao-erro' : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <span>
          {LEGAL_NOTICE_DECLARATIONS[LEGAL_NOTICE_DECLARATION_VERSION]}
          <span aria-hidden="true" className={field.required}>
            {' '}
            *
          </span>
        </span>
      </label>
      {error && (
        <p id="declaracao-erro" className={field.error}>
          {error}
        </p>
      )}
    </div>
  );
}
