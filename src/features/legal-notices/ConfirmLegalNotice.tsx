// /denuncia-juridica/confirmar: the link e-mailed to the notifier of intimate images lands here; the
// token leaves the address bar and is posted, and the page says whether the group is now hidden.
import { CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card } from '#src/components/ui/Card.tsx';
import { buttonClasses } from '#src/components/ui/classes.ts';
import { takeLinkToken } from '#src/features/auth/link-token.ts';
import { api } from '#src/lib/api.ts';
import { LEGAL_NOTICE_PAGE } from './legal-notices.schema.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'ok'; message: string; protocol: string }
  | { kind: 'error'; message: string };

export default function ConfirmLegalNotice() {
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
    api<{ message: string; protocol: string }>('/api/legal-notices/confirm', {
      method: 'POST',
      body: { token },
    })
      .then(({ message, protocol }) => setState({ kind: 'ok', message, protocol }))
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
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-brand-700" /> Confirmando…
      </Card>
    );
  const ok = state.kind === 'ok';
  const Icon = ok ? CircleCheck : TriangleAlert;
  return (
    <Card padding="lg" className="flex flex-col items-center gap-4 text-center">
      <Icon aria-hidden="true" className={ok ? 'size-10 text-brand-700' : 'size-10 text-amber-600'} />
      {ok && <p className="font-mono text-lg font-bold text-neutral-900">{state.protocol}</p>}
      <p role={ok ? 'status' : 'alert'} className="text-neutral-800">
        {state.message}
      </p>
      <a href={ok ? '/' : LEGAL_NOTICE_PAGE} className={buttonClasses({ size: 'lg' })}>
        {ok ? 'Voltar ao início' : 'Fazer uma denúncia'}
      </a>
    </Card>
  );
}
