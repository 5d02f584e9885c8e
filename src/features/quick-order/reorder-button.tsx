import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useShop } from '../../db/hooks/shop-context';
import { putReorderOnPad } from '../../db/quick-order/pad-store';
import { deviceOrderLines } from '../../db/quick-order/ordered-lines';
import { reorderEntries } from './pad-rows';

interface Props {
  /** The client's order id or the order number. */
  orderId: string;
  /** The order number the shopper knows the order by, for the pad's confirmation (the id when not given). */
  orderNumber?: string | undefined;
  /** The order's lines as the order history lists them; without them, the device's copy of the order is read. */
  items?: readonly { sku?: unknown; qty_ordered?: unknown }[] | undefined;
}

/**
 * "Reorder": puts an order's lines at the top of the quick order pad and opens it, where they are priced and
 * checked today, from the device's catalogue, online or not. Not shown for an order with no lines to
 * put back (one this device neither placed nor has in its order history).
 */
export function ReorderButton({ orderId, orderNumber, items }: Props) {
  const { t } = useTranslation();
  const shop = useShop();
  const navigate = useNavigate();
  const [deviceLines, setDeviceLines] = useState<{ sku: string; qty: number }[] | null>(null);
  useEffect(() => {
    if (!shop || items) return;
    let live = true;
    void deviceOrderLines(shop.db, orderId).then((lines) => live && setDeviceLines(lines));
    return () => {
      live = false;
    };
  }, [shop, orderId, items]);
  const entries = reorderEntries(items ? items.map((i) => ({ sku: i.sku, qty: i.qty_ordered })) : (deviceLines ?? []));
  if (!shop || entries.length === 0) return null;
  return (
    <p className="reorder">
      <button
        type="button"
        className="button button-secondary"
        aria-describedby={`reorder-hint-${orderId}`}
        onClick={() => void putReorderOnPad(shop.db, entries, orderNumber ?? orderId).then(() => navigate('/quick-order'))}
      >
        {t('quickOrderReorder')}
      </button>{' '}
      <span id={`reorder-hint-${orderId}`} className="muted">
        {t('quickOrderReorderHint')}
      </span>
    </p>
  );
}
