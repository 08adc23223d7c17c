// The contract summary shown before paying (Decreto 7.962/2013, CDC art. 49): what is bought, for how
// long, the price, who sells it, and the 7-day withdrawal with a full refund. Used on the plans page
// and the payment page, so both say the same.
import { Card } from '#src/components/ui/Card.tsx';
import { formatBRL } from '#src/lib/format.ts';
import { COMPANY } from '#src/lib/site.ts';
import { WITHDRAWAL_DAYS } from './payments.ts';

export interface ContractTerms {
  planName: string;
  days: number;
  priceCents: number;
  groupTitle?: string | null;
}

/** The withdrawal right in one sentence (also in the receipt e-mail and the panel). */
export const WITHDRAWAL_TEXT = `Você pode desistir da compra em até ${WITHDRAWAL_DAYS} dias do pagamento e receber o valor total de volta, pelo mesmo meio de pagamento: use 'Desistir da compra' em Meus Destaques, no seu painel.`;

export function ContractSummary({ terms }: { terms: ContractTerms | null }) {
  const days = terms ? `${terms.days} ${terms.days === 1 ? 'dia' : 'dias'}` : null;
  return (
    <Card className="bg-neutral-50" aria-labelledby="resumo-contrato">
      <h2 id="resumo-contrato" className="font-semibold">
        Resumo do contrato
      </h2>
      {terms && (
        <p className="mt-2 text-sm text-neutral-700">
          Destaque{terms.groupTitle ? ` do grupo "${terms.groupTitle}"` : ''} no topo da página inicial por{' '}
          <strong>{days}</strong> (plano {terms.planName}): <strong>{formatBRL(terms.priceCents)}</strong>, em
          pagamento único.
        </p>
      )}
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-neutral-700">
        <li>O destaque é ativado logo após a confirmação do pagamento.</li>
        <li>O período do destaque começa a contar a partir da ativação.</li>
        <li>
          <strong>Direito de desistência:</strong> {WITHDRAWAL_TEXT}
        </li>
      </ul>
      <p className="mt-3 border-t border-neutral-200 pt-3 text-xs text-neutral-600">
        Vendido por {COMPANY.legalName} · <span className="whitespace-nowrap">CNPJ {COMPANY.cnpj}</span>
      </p>
    </Card>
  );
}
