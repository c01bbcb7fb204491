import type { AgentOrderSummary } from '../../contract/agent';
import { formatDateTime } from '../../lib/format';
import { formatRupees } from '../../lib/money';
import { STATUS } from '../orders/orders';
import { plural } from '../../contract/plural';

/**
 * Orders of the agent's customers as rows: number, customer, when, items, total and status; each opens the
 * order's page. The dashboard's island and the customer's page (without hydration) both draw them.
 */
export default function AgentOrderRows({ orders, showCustomer = true }: { orders: AgentOrderSummary[]; showCustomer?: boolean }) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Orders">
      {orders.map((o) => (
        <li key={o.id}>
          <a href={`/account/dashboard/orders/${o.id}`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-border p-3 hover:border-primary" data-agent-order>
            <span className="flex min-w-0 flex-col">
              <span className="font-medium">
                {o.ordernumber}
                {showCustomer && <span className="font-normal text-muted-foreground"> · {o.customer.name}</span>}
              </span>
              <span className="text-sm text-muted-foreground">
                {formatDateTime(o.created_at)} · {plural(o.quantity, 'item', 'items')}
                {o.placed_by_agent ? ' · by you' : ' · by the customer'}
              </span>
            </span>
            <span className="flex items-center gap-3">
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS[o.status].tone}`} data-status={o.status}>{STATUS[o.status].label}</span>
              <span className="font-semibold tabular-nums">{formatRupees(o.total)}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
