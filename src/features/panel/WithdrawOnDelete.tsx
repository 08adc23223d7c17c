// 'Excluir minha conta': before anything is deleted, the paid orders still within the withdrawal window
// (CDC art. 49) are named with what comes back. The deletion withdraws them and refunds them in full
// (account-deletion.server.ts): nothing paid within the window is forfeited (#41).
import { formatBRL, formatDate, formatOrderNumber } from '#src/lib/format.ts';
import { useApi } from '#src/lib/use-api.ts';

interface OrderInWindow {
  id: string;
  number: number;
  groupTitle: string;
  price: number;
  withdrawableUntil: string | null;
}

export function WithdrawOnDelete() {
  const { data } = useApi<OrderInWindow[]>('/api/user/feature-orders');
  const open = (data ?? []).filter((order) => order.withdrawableUntil);
  if (!open.length)
    return (
      <li>
        Destaques em andamento terminam agora. Pedidos fora do prazo de desistência não são reembolsados.
      </li>
    );
  return (
    <li>
      {open.length === 1 ? 'Este pedido ainda está' : 'Estes pedidos ainda estão'} no prazo de desistência: ao
      excluir a conta, {open.length === 1 ? 'ele é desistido' : 'eles são desistidos'} e o valor total volta
      pelo mesmo meio de pagamento.
      <ul className="mt-1 list-[circle] pl-5">
        {open.map((order) => (
          <li key={order.id}>
            {formatOrderNumber(order.number)}, <span dir="auto">{order.groupTitle}</span>:{' '}
            <strong>{formatBRL(order.price)}</strong> (prazo até {formatDate(order.withdrawableUntil!)})
          </li>
        ))}
      </ul>
      Outros destaques em andamento terminam agora, sem reembolso.
    </li>
  );
}
