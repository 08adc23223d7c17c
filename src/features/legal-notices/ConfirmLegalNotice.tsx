// /denuncia-juridica/confirmar: the link e-mailed to the notifier of intimate images lands here, and the
// page says the notice is with the team, with its protocol (never whether the group was hidden).
import { LinkConfirmation } from '#src/features/auth/LinkConfirmation.tsx';
import { LEGAL_NOTICE_PAGE } from './legal-notices.schema.ts';

export default function ConfirmLegalNotice() {
  return (
    <LinkConfirmation<{ message: string; protocol: string }>
      endpoint="/api/legal-notices/confirm"
      loadingLabel="Confirmando…"
      detail={({ protocol }) => <p className="font-mono text-lg font-bold text-neutral-900">{protocol}</p>}
      action={(ok) =>
        ok
          ? { href: '/', label: 'Voltar ao início' }
          : { href: LEGAL_NOTICE_PAGE, label: 'Fazer uma denúncia' }
      }
    />
  );
}
