import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useShop } from '../../db/hooks/shop-context';
import { appendToPad } from '../../db/quick-order/pad-store';
import { deviceOrderLines } from '../../db/quick-order/ordered-lines';
import { reorderEntries } from './pad-rows';

interface Props {
  /** The client's order id or the order number. */
  orderId: string;
  /** The order's lines as the order history lists them; without them, the device's copy of the order is read. */
  items?: readonly { sku?: unknown; qty_ordered?: unknown }[] | undefined;
}

/**
 * "Reorder": puts an order's lines on the quick order pad and opens it, where they are priced and
 * checked today, from the device's catalogue, online or not. Not shown for an order with no lines to
 * put back (one this device neither placed nor has in its order history).
 */
export function ReorderButton({ orderId, items }: Props) {
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
        onClick={() => void appendToPad(shop.db, entries).then(() => navigate('/quick-order'))}
      >
        {t('quickOrderReorder')}
      </button>{' '}
      <span id={`reorder-hint-${orderId}`} className="muted">
        {t('quickOrderReorderHint')}
      </span>
    </p>
  );
}
