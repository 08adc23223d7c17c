// /enviar island: pending -> submitting -> success. Checked with the API's schema before sending;
// the server repeats every check (image type by magic bytes, size, duplicates, spam).
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { buttonClasses } from '#src/components/ui/classes.ts';
import { toast } from '#src/components/ui/toast.store.ts';
import { PENDING_FEATURE_KEY } from '#src/features/auth/auth.client.ts';
import { ClaimOffer } from '#src/features/claims/ClaimOffer.tsx';
import { INVITE_TAKEN_LOGIN_MESSAGE } from '#src/features/groups/groups.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { DEAD_LINK_MESSAGE } from '../links/links.schema.ts';
import { checkGroupForm, type FieldErrors, GroupFields } from './GroupFields.tsx';
import { InvitePreviewCard, useInvitePreview } from './InvitePreview.tsx';

type Errors = FieldErrors;
type State = { step: 'pending' | 'submitting' } | { step: 'success'; id: string };

export default function SubmitGroupForm({ categories }: { categories: { name: string; slug: string }[] }) {
  const [state, setState] = useState<State>({ step: 'pending' });
  const [errors, setErrors] = useState<Errors>({});
  const [formKey, setFormKey] = useState(0);
  const hydrated = useHydrated();
  const invite = useInvitePreview();
  const [ownImage, setOwnImage] = useState(false);
  // The link is already in the catalogue, someone else's: the claim path instead of a dead end.
  const [taken, setTaken] = useState<{ link: string; loggedIn: boolean } | null>(null);
  const deadLink = invite.preview?.status === 'dead' ? DEAD_LINK_MESSAGE : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const found = checkGroupForm(data);
    if (deadLink) found.link ??= deadLink;
    setErrors(found);
    setTaken(null);
    if (Object.keys(found).length > 0) return;
    setState({ step: 'submitting' });
    try {
      const group = await api<{ id: string }>('/api/groups', { method: 'POST', body: data });
      setState({ step: 'success', id: group.id });
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      if (error instanceof ApiError && error.code === 'INVITE_TAKEN') {
        setTaken({
          link: String(data.get('link') ?? ''),
          loggedIn: error.message !== INVITE_TAKEN_LOGIN_MESSAGE,
        });
        setState({ step: 'pending' });
        return;
      }
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
        <GroupFields
          categories={categories}
          errors={deadLink && !errors.link ? { ...errors, link: deadLink } : errors}
          onLinkChange={invite.onLinkChange}
          afterLink={
            <InvitePreviewCard preview={invite.preview} checking={invite.checking} ownImage={ownImage} />
          }
          onImageChange={setOwnImage}
        />
        {/* Honeypot: invisible to people, filled by bots. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Site
            <input name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        {taken && <ClaimOffer link={taken.link} loggedIn={taken.loggedIn} />}
        <Button type="submit" size="lg" block disabled={busy || !hydrated}>
          {busy ? 'Enviando…' : 'Enviar grupo'}
        </Button>
      </form>
    </Card>
  );
}
