import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShop } from '../../app/shop/shop-context';
import { cartItemFromDocument } from '../../db/cart-product';
import { addToCart as addLine } from '../../db/cart-actions';
import { toggleEntry, useList, type ListEntry } from '../lists/local-list';
import { notify } from '../notifications/notification-store';

interface Props {
  product: Record<string, unknown>;
  childSku?: string | undefined;
  entry: Omit<ListEntry, 'addedAt'>;
  /** Whole pence excluding tax; 0 or unknown cannot be sold (SPEC §1: zero-price products are not allowed). */
  pricePence: number | null;
  inStock: boolean;
  minimumOrder: number;
  blocked?: string | undefined;
}

/**
 * Quantity, add to cart, wishlist and compare. Adding writes the local cart (any tab, online or
 * offline); the cart rules decide the notification, stored so every tab shows it.
 */
export function ProductActions({ product, childSku, entry, pricePence, inStock, minimumOrder, blocked }: Props) {
  const { t } = useTranslation();
  const shop = useShop();
  const [qty, setQty] = useState(minimumOrder);
  const inWishlist = useList('wishlist').some((e) => e.sku === entry.sku);
  const inCompare = useList('compare').some((e) => e.sku === entry.sku);
  const addToCart = () => {
    if (blocked) return notify({ type: 'warning', message: blocked });
    if (!pricePence) return notify({ type: 'error', message: 'Product price is unknown, product cannot be added to the cart!' });
    if (!inStock) return notify({ type: 'error', message: 'The product is out of stock and cannot be added to the cart!' });
    if (!shop) return notify({ type: 'info', message: t('loading') });
    void cartItemFromDocument(shop.db, product, childSku ? { childSku } : {}).then((input) => addLine(shop.db, input, qty));
  };
  return (
    <div className="actions">
      <div className="add-row">
        <label className="qty">
          <span>{t('qty')}</span>
          <input type="number" inputMode="numeric" min={minimumOrder} step={1} value={qty} onChange={(e) => setQty(Math.max(minimumOrder, Number(e.target.value) || minimumOrder))} />
        </label>
        <button type="button" className="button button-primary" onClick={addToCart}>
          {t('addToCart')}
        </button>
      </div>
      <div className="list-row">
        <button type="button" className="button button-secondary" aria-pressed={inWishlist} onClick={() => toggleEntry('wishlist', entry)}>
          {inWishlist ? t('removeFromWishlist') : t('addToWishlist')}
        </button>
        <button type="button" className="button button-secondary" aria-pressed={inCompare} onClick={() => toggleEntry('compare', entry)}>
          {inCompare ? t('removeFromCompare') : t('addToCompare')}
        </button>
      </div>
    </div>
  );
}
