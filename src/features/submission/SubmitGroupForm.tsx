// /enviar island: pending -> submitting -> success. Checked with the API's schema before sending;
// the server repeats every check (image type by magic bytes, size, duplicates, spam).
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { buttonClasses } from '#src/components/ui/classes.ts';
import { Field, Select, TextArea, TextInput } from '#src/components/ui/Field.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { PENDING_FEATURE_KEY } from '#src/features/auth/auth.client.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { DEAD_LINK_MESSAGE } from '../links/links.schema.ts';
import { InvitePreviewCard, useInvitePreview } from './InvitePreview.tsx';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  SubmissionSchema,
} from './submission.schema.ts';

type Errors = Record<string, string>;
type State = { step: 'pending' | 'submitting' } | { step: 'success'; id: string };

export default function SubmitGroupForm({ categories }: { categories: { name: string; slug: string }[] }) {
  const [state, setState] = useState<State>({ step: 'pending' });
  const [errors, setErrors] = useState<Errors>({});
  const [formKey, setFormKey] = useState(0);
  const hydrated = useHydrated();
  const invite = useInvitePreview();
  const [ownImage, setOwnImage] = useState(false);
  const deadLink = invite.preview?.status === 'dead' ? DEAD_LINK_MESSAGE : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const found: Errors = {};
    const parsed = SubmissionSchema.safeParse(Object.fromEntries(data));
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (deadLink) found.link ??= deadLink;
    const image = data.get('image');
    if (image instanceof File && image.size > 0) {
      if (image.size > IMAGE_MAX_BYTES) found.image = IMAGE_TOO_LARGE_MESSAGE;
      else if (!['image/jpeg', 'image/png', 'image/gif'].includes(image.type))
        found.image = IMAGE_TYPE_MESSAGE;
    } else data.delete('image');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setState({ step: 'submitting' });
    try {
      const group = await api<{ id: string }>('/api/groups', { method: 'POST', body: data });
      setState({ step: 'success', id: group.id });
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast({
        title: 'Erro ao enviar grupo',
        description: error instanceof Error ? error.message : 'Tente novamente.',
        variant: 'destructive',
      });
      setState({ step: 'pending' });
    }
  }

  if (state.step === 'success') {
    const highlight = () => {
      try {
        localStorage.setItem(PENDING_FEATURE_KEY, state.id);
      } catch {
        // the plans page still receives the id in the URL
      }
      window.location.assign(`/planos-destaque?groupId=${encodeURIComponent(state.id)}`);
    };
    return (
      <Card padding="lg" className="text-center" role="status">
        <CheckCircle2 aria-hidden="true" className="mx-auto mb-3 size-14 text-brand-600" />
        <h2 className="text-xl font-bold text-neutral-900">Grupo enviado com sucesso!</h2>
        <p className="mt-2 text-neutral-600">
          Seu grupo foi recebido e será publicado assim que for aprovado pela nossa equipe.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <a href="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            Voltar para o início
          </a>
          <Button
            variant="secondary"
            size="lg"
            onClick={() => {
              setErrors({});
              invite.reset();
              setOwnImage(false);
              setFormKey((k) => k + 1);
              setState({ step: 'pending' });
            }}
          >
            Enviar outro grupo
          </Button>
          <Button size="lg" onClick={highlight}>
            Destacar agora
          </Button>
        </div>
      </Card>
    );
  }

  const busy = state.step === 'submitting';
  return (
    <Card padding="lg">
      <form
        key={formKey}
        method="post"
        noValidate
        onSubmit={submit}
        aria-busy={busy}
        className="flex flex-col gap-5"
      >
        <Field label="Título do grupo" required error={errors.title}>
          {(props) => <TextInput {...props} name="title" maxLength={120} />}
        </Field>
        <Field label="Descrição" required error={errors.description}>
          {(props) => <TextArea {...props} name="description" maxLength={2000} />}
        </Field>
        <Field label="Link de convite" required error={errors.link ?? deadLink}>
          {(props) => (
            <TextInput
              {...props}
              name="link"
              type="url"
              inputMode="url"
              placeholder="https://chat.whatsapp.com/..."
              onChange={(event) => invite.onLinkChange(event.currentTarget.value, event.currentTarget.form)}
            />
          )}
        </Field>
        <InvitePreviewCard preview={invite.preview} checking={invite.checking} ownImage={ownImage} />
        <Field label="Categoria" required error={errors.category}>
          {(props) => (
            <Select {...props} name="category" defaultValue="">
              <option value="" disabled>
                Selecione uma categoria
              </option>
              {categories.map((c) => (
                <option key={c.slug} value={c.name}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Imagem do grupo" hint="JPG, PNG ou GIF (máx. 5MB)" error={errors.image}>
          {(props) => (
            <input
              {...props}
              name="image"
              type="file"
              accept="image/jpeg,image/png,image/gif"
              onChange={(event) => setOwnImage(Boolean(event.currentTarget.files?.length))}
              className="text-sm text-neutral-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-control file:border-0 file:bg-neutral-100 file:px-4 file:font-medium file:text-neutral-900 hover:file:bg-neutral-200"
            />
          )}
        </Field>
        {/* Honeypot: invisible to people, filled by bots. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Site
            <input name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <Button type="submit" size="lg" block disabled={busy || !hydrated}>
          {busy ? 'Enviando…' : 'Enviar grupo'}
        </Button>
      </form>
    </Card>
  );
}
