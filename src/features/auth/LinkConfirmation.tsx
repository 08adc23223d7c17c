// A page an e-mailed confirmation link lands on: the token leaves the address bar and is posted to the
// endpoint, and the page says what the answer said. Configured by the e-mail and the legal-notice
// confirmations.
import { CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Card } from '#src/components/ui/Card.tsx';
import { buttonClasses } from '#src/components/ui/classes.ts';
import { api } from '#src/lib/api.ts';
import { takeLinkToken } from './link-token.ts';

type Answer = { message: string };
type State<T extends Answer> =
  | { kind: 'loading' }
  | ({ kind: 'ok' } & T)
  | { kind: 'error'; message: string };

export function LinkConfirmation<T extends Answer>({
  endpoint,
  loadingLabel,
  detail,
  action,
}: {
  endpoint: string;
  loadingLabel: string;
  /** shown above the message when the link was confirmed */
  detail?: (answer: T) => ReactNode;
  action: (ok: boolean) => { href: string; label: string };
}) {
  const [state, setState] = useState<State<T>>({ kind: 'loading' });

  useEffect(() => {
    const token = takeLinkToken();
    if (!token) {
      setState({
        kind: 'error',
        message: 'Este endereço não traz um link de confirmação. Abra o link do e-mail de novo.',
      });
      return;
    }
    api<T>(endpoint, { method: 'POST', body: { token } })
      .then((answer) => setState({ kind: 'ok', ...answer }))
      .catch((error: unknown) =>
        setState({
          kind: 'error',
          message:
            error instanceof Error ? error.message : 'Não foi possível confirmar agora. Tente novamente.',
        }),
      );
  }, [endpoint]);

  if (state.kind === 'loading')
    return (
      <Card padding="lg" className="flex items-center justify-center gap-2 text-neutral-700" role="status">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-brand-700" /> {loadingLabel}
      </Card>
    );
  const ok = state.kind === 'ok';
  const Icon = ok ? CircleCheck : TriangleAlert;
  const { href, label } = action(ok);
  return (
    <Card padding="lg" className="flex flex-col items-center gap-4 text-center">
      <Icon aria-hidden="true" className={ok ? 'size-10 text-brand-700' : 'size-10 text-amber-600'} />
      {state.kind === 'ok' && detail?.(state)}
      <p role={ok ? 'status' : 'alert'} className="text-neutral-800">
        {state.message}
      </p>
      <a href={href} className={buttonClasses({ size: 'lg' })}>
        {label}
      </a>
    </Card>
  );
}
