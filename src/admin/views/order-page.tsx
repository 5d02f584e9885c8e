import { Link, useParams } from 'react-router';
import type { QueuedChange } from '../orders/admin-order';
import { ScanBox } from '../pick/scan-box';
import { useDevice } from './admin-context';
import { OrderLines } from './order-lines';
import { StatusActions } from './status-actions';
import { addressLines, formatMoney, formatTime } from './format';

/** What a queued change asks for, in the packer's words. */
const asked = (c: QueuedChange) => (c.kind === 'pick' ? `${c.body.quantity} × ${c.body.sku} picked` : c.body.status);

/** One order: what to pick and where it goes, the pick scanner, the next steps, refusals and history. */
export function OrderPage() {
  const { orderId = '' } = useParams();
  const device = useDevice();
  const order = device.order(orderId);
  if (!order) {
    return (
      <main>
        <h1>Order not on this tablet</h1>
        <p>It has not arrived yet, or it is not an order of this shop. <Link to="/">Back to the orders</Link></p>
      </main>
    );
  }
  const refused = device.changes(order.order_id).filter((c) => c.state === 'refused');
  const waiting = device.changes(order.order_id).filter((c) => c.state === 'queued');
  return (
    <main className="order">
      <p className="no-print">
        <Link to="/">Back to the orders</Link> · <Link to={`/orders/${encodeURIComponent(order.order_id)}/pick-list`}>Print pick list</Link>
      </p>
      <h1>Order {order.increment_id}</h1>
      {refused.map((c) => (
        <div key={c.key} role="alert" className="refusal-box">
          <p>
            {c.kind === 'pick' ? `The tick ${asked(c)}` : `The change to “${asked(c)}”`} made {formatTime(c.queued_at)} was refused: {c.message}
          </p>
          <button type="button" onClick={() => void device.removeChange(c.key)}>
            Dismiss
          </button>
        </div>
      ))}
      {waiting.length > 0 && (
        <p className="waiting" role="status">
          Waiting to be sent: {waiting.map(asked).join(', then ')}
        </p>
      )}
      <StatusActions order={order} />
      <ScanBox order={order} />
      <OrderLines order={order} />
      <section className="facts" aria-label="Customer and totals">
        <div>
          <h2>Customer</h2>
          <p>
            {[order.customer_firstname, order.customer_lastname].filter(Boolean).join(' ')}
            <br />
            {order.email}
          </p>
          <p>Placed {formatTime(order.created_at)}</p>
          <p>Reference: {order.customer_reference ?? 'none'}</p>
        </div>
        <div>
          <h2>Delivery address</h2>
          <address>{addressLines(order.shipping_address ?? order.billing_address).map((l, i) => <span key={i}>{l}<br /></span>)}</address>
          <p>{order.shipping_description ?? ''}</p>
        </div>
        <div>
          <h2>Billing address</h2>
          <address>{addressLines(order.billing_address).map((l, i) => <span key={i}>{l}<br /></span>)}</address>
        </div>
        <div>
          <h2>Totals</h2>
          <dl>
            <dt>Items</dt>
            <dd>{formatMoney(order.subtotal_incl_tax)}</dd>
            <dt>Delivery</dt>
            <dd>{formatMoney(order.shipping_incl_tax)}</dd>
            <dt>VAT</dt>
            <dd>{formatMoney(order.tax_amount)}</dd>
            <dt>Total</dt>
            <dd>{formatMoney(order.grand_total)}</dd>
          </dl>
        </div>
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Status history</h2>
        <ol className="history">
          {(order.status_history ?? []).map((h, i) => (
            <li key={i}>
              {formatTime(h.created_at)}: {h.status}
              {h.carrier ? `, ${h.carrier}` : ''}
              {h.tracking_number ? ` ${h.tracking_number}` : ''}
              {h.comment ? ` (${h.comment})` : ''}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}
