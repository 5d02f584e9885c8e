import { TableHead } from '../views/table-parts';
import { Link, useParams, useSearchParams } from 'react-router';
import type { AdminOrder } from '../orders/admin-order';
import { useDevice } from '../views/admin-context';
import { addressLines, formatTime } from '../views/format';
import { OrderBarcode } from './order-barcode';

function PickSheet({ order }: { order: AdminOrder }) {
  return (
    <section className="pick-sheet" aria-label={`Pick list of order ${order.increment_id}`}>
      <header className="pick-head">
        <div>
          <h2>Pick list: order {order.increment_id}</h2>
          <p>
            Placed {formatTime(order.created_at)} · Reference: {order.customer_reference ?? 'none'}
          </p>
          <address>{addressLines(order.shipping_address ?? order.billing_address).join(', ')}</address>
        </div>
        <OrderBarcode value={order.increment_id} />
      </header>
      <table className="lines">
        <TableHead columns={['Done', 'SKU', 'EAN', 'Name', 'Quantity']} />
        <tbody>
          {order.items.map((line, i) => (
            <tr key={`${i}-${line.sku}`}>
              <td className="tick-box" aria-hidden="true" />
              <td>{line.sku}</td>
              <td>{line.ean ?? ''}</td>
              <td>{line.name ?? ''}</td>
              <td>{line.qty_ordered}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Pick lists to print: A4, one page per order (the print styles break after each sheet), each with
 * its order number as a barcode for the packing station to scan. One order (`/orders/:id/pick-list`)
 * or several (`/pick-lists?ids=a,b`).
 */
export function PickListPage() {
  const device = useDevice();
  const { orderId } = useParams();
  const [params] = useSearchParams();
  const ids = orderId ? [orderId] : (params.get('ids') ?? '').split(',').filter(Boolean);
  const orders = ids.map((id) => device.order(id)).filter((o): o is AdminOrder => o !== undefined);
  return (
    <main className="pick-lists">
      <div className="no-print">
        <h1>Pick lists ({orders.length})</h1>
        <p>
          <button type="button" className="primary" onClick={() => window.print()}>
            Print
          </button>{' '}
          <Link to={orderId ? `/orders/${encodeURIComponent(orderId)}` : '/'}>Back</Link>
        </p>
      </div>
      {orders.map((order) => (
        <PickSheet key={order.order_id} order={order} />
      ))}
    </main>
  );
}
