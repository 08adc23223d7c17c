// /enviar island: pending -> submitting -> success. Checked with the API's schema before sending; once
// a field shows an error (or after a first try) it is checked again as the person types, so no stale
// message stays beside a fixed field. The server repeats every check (image type by magic bytes, size,
// duplicates, spam).
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { ClaimOffer } from '#src/features/claims/ClaimOffer.tsx';
import { INVITE_TAKEN_LOGIN_MESSAGE } from '#src/features/groups/groups.ts';
import { ApiError, api } from '#src/lib/api.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { DEAD_LINK_MESSAGE } from '../links/links.schema.ts';
import { rememberFollow } from './follow.client.ts';
import { checkGroupForm, type FieldErrors, GroupFields } from './GroupFields.tsx';
import { InvitePreviewCard, useInvitePreview } from './InvitePreview.tsx';
import { SubmitSuccess, type Submitted } from './SubmitSuccess.tsx';

type State = { step: 'pending' | 'submitting' } | { step: 'success'; group: Submitted };

/** Move to the first field with an error (its label stays in view: see scroll-margin in global.css). */
function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** Field errors checked again as the person types: a field with an error, or any after a first try. */
function useLiveErrors(formRef: RefObject<HTMLFormElement | null>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const tried = useRef(false);
  function recheck(name: string) {
    const form = formRef.current;
    if (!form || !name) return;
    setErrors((current) => {
      if (!tried.current && !(name in current)) return current;
      const found = checkGroupForm(new FormData(form));
      if (found[name] === current[name]) return current;
      const next = { ...current };
      if (found[name]) next[name] = found[name];
      else delete next[name];
      return next;
    });
  }
  return { errors, setErrors, tried, recheck };
}

export default function SubmitGroupForm({ categories }: { categories: { name: string; slug: string }[] }) {
  const [state, setState] = useState<State>({ step: 'pending' });
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const { errors, setErrors, tried, recheck } = useLiveErrors(formRef);
  const invite = useInvitePreview(() => recheck('title'));
  const [ownImage, setOwnImage] = useState(false);
  // The link is already in the catalogue, someone else's: the claim path instead of a dead end.
  const [taken, setTaken] = useState<{ link: string; loggedIn: boolean } | null>(null);
  const deadLink = invite.preview?.status === 'dead' ? DEAD_LINK_MESSAGE : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const found = checkGroupForm(data);
    if (deadLink) found.link ??= deadLink;
    tried.current = true;
    setErrors(found);
    setTaken(null);
    if (Object.keys(found).length > 0) return focusFirstError(form);
    setState({ step: 'submitting' });
    try {
      const group = await api<{ id: string; title: string; followToken?: string }>('/api/groups', {
        method: 'POST',
        body: data,
      });
      if (group.followToken) rememberFollow({ id: group.id, token: group.followToken });
      setState({ step: 'success', group: { title: group.title, anonymous: Boolean(group.followToken) } });
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setErrors(error.fields);
        focusFirstError(form);
      }
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

  if (state.step === 'success')
    return (
      <SubmitSuccess
        group={state.group}
        onAnother={() => {
          setErrors({});
          tried.current = false;
          invite.reset();
          setOwnImage(false);
          setFormKey((k) => k + 1);
          setState({ step: 'pending' });
        }}
      />
    );

  const busy = state.step === 'submitting';
  return (
    <Card padding="lg">
      <form
        key={formKey}
        ref={formRef}
        method="post"
        noValidate
        onSubmit={submit}
        onInput={(event) => recheck((event.target as { name?: string }).name ?? '')}
        onChange={(event) => recheck((event.target as { name?: string }).name ?? '')}
        aria-busy={busy}
        className="flex flex-col gap-5"
      >
        <GroupFields
          categories={categories}
          errors={deadLink && !errors.link ? { ...errors, link: deadLink } : errors}
          linkHint="Cole o link de convite do grupo ou canal: o título e a foto vêm dele."
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
        <p className="text-sm text-neutral-600">
          Antes de enviar, confira{' '}
          <a href="/termos#o-que-pode" className="font-semibold text-brand-800 underline">
            as regras do que pode ser divulgado
          </a>
          . Todo grupo é revisado pela equipe antes de aparecer no site.
        </p>
        <Button type="submit" size="lg" block disabled={busy || !hydrated}>
          {busy ? 'Enviando…' : 'Enviar grupo'}
        </Button>
      </form>
    </Card>
  );
}
