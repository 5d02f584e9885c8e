import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../i18n/money';
import { AsOfNotice, OrderStatus } from '../order-status-time';
import { ORDER_PAGE } from './account-orders';
import { OrderReferenceFilter, REFERENCE_PARAM, useReferenceFilter } from './order-reference-filter';
import { useOrderHistory } from './use-order-history';
import { formatDate } from '../../../ui/format-date';

/** My orders: GET /api/user/order-history (newest first), each linking to its detail; live as statuses change, the last known offline. */
export function OrdersBlock() {
  const { t } = useTranslation();
  const reference = useReferenceFilter();
  const history = useOrderHistory(reference ? { ...ORDER_PAGE, [REFERENCE_PARAM]: reference } : ORDER_PAGE);
  return (
    <>
      <h2>{t('accountBlockOrders')}</h2>
      <OrderReferenceFilter />
      {history.isPending && <p>{t('accountLoading')}</p>}
      <AsOfNotice asOf={history.data?.asOf} />
      {history.isError && <p role="alert">{history.error.message || t('accountLoadFailed')}</p>}
      {history.data && history.data.items.length === 0 && <p>{reference ? t('accountOrdersNoMatch', { reference }) : t('accountOrdersEmpty')}</p>}
      {history.data && history.data.items.length > 0 && (
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('accountOrderDate')}</th>
              <th scope="col">{t('accountOrderReference')}</th>
              <th scope="col">{t('accountOrderStatus')}</th>
              <th scope="col">{t('accountOrderTotal')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('accountOrderView')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {history.data.items.map((order) => (
              <tr key={order.order_id} className="order-row">
                <td>{order.increment_id}</td>
                <td>{formatDate(order.created_at)}</td>
                <td className="order-reference">{order.customer_reference ?? ''}</td>
                <td>
                  <OrderStatus status={order.status} since={order.status_changed_at} />
                </td>
                <td>{typeof order.grand_total === 'number' ? formatMoney(order.grand_total) : ''}</td>
                <td>
                  <Link to={`/my-account/orders/${encodeURIComponent(order.order_id)}`}>{t('accountOrderView')}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
