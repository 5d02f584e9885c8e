import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../i18n/money';
import { AsOfNotice, OrderStatus } from '../order-status-time';
import { ReorderButton } from '../../quick-order/reorder-button';
import { StatusHistory } from '../status-history';
import { findOrder, ORDER_PAGE } from './account-orders';
import { useOrderHistory } from './use-order-history';
import { formatDate } from '../../../ui/format-date';

const money = (n: number | undefined) => (typeof n === 'number' ? formatMoney(n) : '');

/** /my-account/orders/{orderId}: one order of the history (same query, so it opens from cache), with its status history. */
export function OrderDetailBlock({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const history = useOrderHistory(ORDER_PAGE);
  const order = history.data ? findOrder(history.data.items, orderId) : undefined;
  const address = order?.shipping_address;
  return (
    <>
      <p>
        <Link to="/my-account/orders">{t('accountOrderBack')}</Link>
      </p>
      {history.isPending && <p>{t('accountLoading')}</p>}
      <AsOfNotice asOf={history.data?.asOf} />
      {history.isError && <p role="alert">{history.error.message || t('accountLoadFailed')}</p>}
      {history.data && !order && <p role="alert">{t('accountOrderNotFound')}</p>}
      <ReorderButton orderId={orderId} orderNumber={order?.increment_id} items={order?.items} />
      {order && (
        <article className="order-detail">
          <h2>{t('accountOrderNumber', { number: order.increment_id })}</h2>
          <p>
            {formatDate(order.created_at)} · <OrderStatus status={order.status} since={order.status_changed_at} />
          </p>
          {order.customer_reference && <p className="order-reference">{t('accountOrderReferenceLine', { reference: order.customer_reference })}</p>}
          <table className="order-items">
            <thead>
              <tr>
                <th scope="col">{t('accountOrderProduct')}</th>
                <th scope="col">{t('accountOrderQty')}</th>
                <th scope="col">{t('accountOrderPrice')}</th>
                <th scope="col">{t('accountOrderTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {(order.items ?? []).map((item, i) => (
                <tr key={`${item.sku}-${i}`} className="order-item">
                  <td>
                    {item.name ?? item.sku} <span className="muted">({item.sku})</span>
                  </td>
                  <td>{item.qty_ordered}</td>
                  <td>{money(item.price_incl_tax)}</td>
                  <td>{money(item.row_total_incl_tax)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="order-totals">
            <dt>{t('accountOrderTotal')}</dt>
            <dd className="order-grand-total">{money(order.grand_total)}</dd>
          </dl>
          {address && (
            <address>
              {[address.firstname, address.lastname].filter(Boolean).join(' ')}
              <br />
              {(address.street ?? []).join(', ')}, {address.city} {address.postcode}
            </address>
          )}
          {order.shipping_description && <p>{order.shipping_description}</p>}
          <StatusHistory entries={order.status_history ?? []} />
        </article>
      )}
    </>
  );
}
