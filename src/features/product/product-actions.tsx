import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toggleEntry, useList, type ListEntry } from '../lists/local-list';
import { notify } from '../notifications/notification-store';

interface Props {
  entry: Omit<ListEntry, 'addedAt'>;
  /** Whole pence excluding tax; 0 or unknown cannot be sold (SPEC §1: zero-price products are not allowed). */
  pricePence: number | null;
  inStock: boolean;
  minimumOrder: number;
  blocked?: string | undefined;
}

/**
 * Quantity, add to cart, wishlist and compare. The cart itself is built in its own feature; until it
 * lands, adding validates the product and confirms with the spec's notification.
 */
export function ProductActions({ entry, pricePence, inStock, minimumOrder, blocked }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [qty, setQty] = useState(minimumOrder);
  const inWishlist = useList('wishlist').some((e) => e.sku === entry.sku);
  const inCompare = useList('compare').some((e) => e.sku === entry.sku);
  const addToCart = () => {
    if (blocked) return notify({ type: 'warning', message: blocked });
    if (!pricePence) return notify({ type: 'error', message: 'Product price is unknown, product cannot be added to the cart!' });
    if (!inStock) return notify({ type: 'error', message: 'The product is out of stock and cannot be added to the cart!' });
    notify({ type: 'success', message: t('addedToCart'), action2: { label: t('proceedToCheckout'), run: () => void navigate('/checkout') } });
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
