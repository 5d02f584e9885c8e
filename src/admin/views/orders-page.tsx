import { Pager, TableHead } from './table-parts';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '../../../schemas/api/admin';
import { filterOrders, PAGE_SIZE, type OrderFilter } from '../orders/order-filter';
import { statusNow } from '../orders/order-status-now';
import { useDevice } from './admin-context';
import { fieldText, formatMoney, formatTime } from './format';

const isStatus = (s: string | null): s is OrderStatus => s !== null && (ORDER_STATUSES as readonly string[]).includes(s);

/** The filters live in the address (status, created_since, email, reference, page), as the API's query does. */
function filterFrom(params: URLSearchParams): OrderFilter {
  const status = params.get('status');
  return { status: isStatus(status) ? status : undefined, createdSince: params.get('created_since') ?? undefined, email: params.get('email') ?? undefined, reference: params.get('reference') ?? undefined };
}

/** Orders on the device, newest first, filtered and paged; new and changed ones appear as the feed brings them. */
export function OrdersPage() {
  const device = useDevice();
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const all = device.ordersNewestFirst();
  const { items, total } = useMemo(() => filterOrders(all, filter, page), [all, filter.status, filter.createdSince, filter.email, filter.reference, page]); // eslint-disable-line react-hooks/exhaustive-deps
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const changes = device.changes();

  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const next = new URLSearchParams();
    for (const key of ['status', 'created_since', 'email', 'reference']) {
      const value = fieldText(data, key);
      if (value) next.set(key, value);
    }
    setParams(next);
  };
  const goTo = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    setParams(next);
  };
  const openIds = items.filter((o) => ['pending', 'processing'].includes(statusNow(o, changes))).map((o) => o.order_id);

  return (
    <main>
      <h1>Orders</h1>
      <form
        className="filters no-print"
        aria-label="Filter orders"
        onSubmit={(e) => {
          e.preventDefault();
          apply(e.currentTarget);
        }}
      >
        <label>
          Status
          <select name="status" defaultValue={filter.status ?? ''}>
            <option value="">Any</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Created since
          <input name="created_since" type="date" defaultValue={filter.createdSince ?? ''} />
        </label>
        <label>
          Customer e-mail
          <input name="email" type="email" defaultValue={filter.email ?? ''} />
        </label>
        <label>
          Reference
          <input name="reference" defaultValue={filter.reference ?? ''} />
        </label>
        <button type="submit">Filter</button>
      </form>
      <p role="status" className="count">
        {total} order{total === 1 ? '' : 's'}
        {openIds.length > 0 && (
          <>
            {' · '}
            <Link to={`/pick-lists?ids=${openIds.map(encodeURIComponent).join(',')}`}>Print pick lists of the open orders on this page</Link>
          </>
        )}
      </p>
      <table className="orders">
        <TableHead columns={['Order', 'Placed', 'Customer', 'Reference', 'Status', 'Total']} />
        <tbody>
          {items.map((order) => {
            const mine = changes.filter((c) => c.order_id === order.order_id);
            const refused = mine.some((c) => c.state === 'refused');
            return (
              <tr key={order.order_id} data-order={order.increment_id}>
                <td>
                  <Link to={`/orders/${encodeURIComponent(order.order_id)}`}>{order.increment_id}</Link>
                </td>
                <td>{formatTime(order.created_at)}</td>
                <td>
                  {[order.customer_firstname, order.customer_lastname].filter(Boolean).join(' ')}
                  <br />
                  {order.email}
                </td>
                <td>{order.customer_reference ?? ''}</td>
                <td>
                  <span className={`status status-${statusNow(order, changes)}`}>{statusNow(order, changes)}</span>
                  {mine.some((c) => c.state === 'queued') && <span className="waiting"> (waiting to be sent)</span>}
                  {refused && <span className="refusal"> (refused: see the order)</span>}
                </td>
                <td>{formatMoney(order.grand_total)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Pager label="Pages" page={page} pages={pages} onPage={goTo} />
    </main>
  );
}
