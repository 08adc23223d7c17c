// /enviar island: pending -> submitting -> success. Checked with the API's schema before sending;
// the server repeats every check (image type by magic bytes, size, duplicates, spam).
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { buttonClasses, cx } from '#src/components/ui/classes.ts';
import { toast } from '#src/components/ui/toast.store.ts';
import { PENDING_FEATURE_KEY } from '#src/features/auth/auth.client.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  SubmissionSchema,
} from './submission.schema.ts';

type Errors = Record<string, string>;
type State = { step: 'pending' | 'submitting' } | { step: 'success'; id: string };

const input =
  'min-h-12 w-full rounded-lg border bg-white px-3 text-base outline-none focus-visible:ring-2 focus-visible:ring-[#25D366]';

function Label({
  htmlFor,
  children,
  required = true,
}: {
  htmlFor: string;
  children: string;
  required?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-medium text-gray-800">
      {children}
      {required && <span className="text-red-600"> *</span>}
    </label>
  );
}

function ErrorText({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="text-sm text-red-600">
      {text}
    </p>
  ) : null;
}

export default function SubmitGroupForm({ categories }: { categories: { name: string; slug: string }[] }) {
  const [state, setState] = useState<State>({ step: 'pending' });
  const [errors, setErrors] = useState<Errors>({});
  const [formKey, setFormKey] = useState(0);
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const found: Errors = {};
    const parsed = SubmissionSchema.safeParse(Object.fromEntries(data));
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
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
        <CheckCircle2 aria-hidden="true" className="mx-auto mb-3 size-14 text-[#25D366]" />
        <h2 className="text-xl font-bold text-gray-900">Grupo enviado com sucesso!</h2>
        <p className="mt-2 text-gray-600">
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
  const field = (name: string) => ({
    id: `f-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `e-${name}` : undefined,
  });
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
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="f-title">Título do grupo</Label>
          <input
            {...field('title')}
            maxLength={120}
            className={cx(input, errors.title ? 'border-red-500' : 'border-gray-300')}
          />
          <ErrorText id="e-title" text={errors.title} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="f-description">Descrição</Label>
          <textarea
            {...field('description')}
            rows={4}
            maxLength={2000}
            className={cx(input, 'py-2', errors.description ? 'border-red-500' : 'border-gray-300')}
          />
          <ErrorText id="e-description" text={errors.description} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="f-link">Link de convite</Label>
          <input
            {...field('link')}
            type="url"
            inputMode="url"
            placeholder="https://chat.whatsapp.com/..."
            className={cx(input, errors.link ? 'border-red-500' : 'border-gray-300')}
          />
          <ErrorText id="e-link" text={errors.link} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="f-category">Categoria</Label>
          <select
            {...field('category')}
            defaultValue=""
            className={cx(input, errors.category ? 'border-red-500' : 'border-gray-300')}
          >
            <option value="" disabled>
              Selecione uma categoria
            </option>
            {categories.map((c) => (
              <option key={c.slug} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
          <ErrorText id="e-category" text={errors.category} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="f-image" required={false}>
            Imagem do grupo
          </Label>
          <input
            {...field('image')}
            type="file"
            accept="image/jpeg,image/png,image/gif"
            className="text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-gray-100 file:px-4 file:font-medium"
          />
          <p className="text-xs text-gray-500">JPG, PNG ou GIF (máx. 5MB)</p>
          <ErrorText id="e-image" text={errors.image} />
        </div>
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
