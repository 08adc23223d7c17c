// /auth/confirmar-email: the confirmation link lands here; the token leaves the address bar and is
// posted, and the page says whether the address is now confirmed.
import { CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card } from '#src/components/ui/Card.tsx';
import { buttonClasses } from '#src/components/ui/classes.ts';
import { api } from '#src/lib/api.ts';
import { takeLinkToken } from './link-token.ts';

type State = { kind: 'loading' } | { kind: 'ok'; message: string } | { kind: 'error'; message: string };

export default function ConfirmEmail() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const token = takeLinkToken();
    if (!token) {
      setState({
        kind: 'error',
        message: 'Este endereço não traz um link de confirmação. Abra o link do e-mail de novo.',
      });
      return;
    }
    api<{ message: string }>('/api/email-confirmation', { method: 'POST', body: { token } })
      .then(({ message }) => setState({ kind: 'ok', message }))
      .catch((error: unknown) =>
        setState({
          kind: 'error',
          message:
            error instanceof Error ? error.message : 'Não foi possível confirmar agora. Tente novamente.',
        }),
      );
  }, []);

  if (state.kind === 'loading')
    return (
      <Card padding="lg" className="flex items-center justify-center gap-2 text-neutral-700" role="status">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-brand-700" /> Confirmando seu
        e-mail…
      </Card>
    );
  const ok = state.kind === 'ok';
  const Icon = ok ? CircleCheck : TriangleAlert;
  return (
    <Card padding="lg" className="flex flex-col items-center gap-4 text-center">
      <Icon aria-hidden="true" className={ok ? 'size-10 text-brand-700' : 'size-10 text-amber-600'} />
      <p role={ok ? 'status' : 'alert'} className="text-neutral-800">
        {state.message}
      </p>
      <a href="/painel" className={buttonClasses({ size: 'lg' })}>
        Ir para o painel
      </a>
    </Card>
  );
}
