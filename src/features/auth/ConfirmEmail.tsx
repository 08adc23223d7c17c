// /auth/confirmar-email: the confirmation link lands here, and the page says whether the address is now
// confirmed.
import { LinkConfirmation } from './LinkConfirmation.tsx';

export default function ConfirmEmail() {
  return (
    <LinkConfirmation
      endpoint="/api/email-confirmation"
      loadingLabel="Confirmando seu e-mail…"
      action={() => ({ href: '/painel', label: 'Ir para o painel' })}
    />
  );
}
