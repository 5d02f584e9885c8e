import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CART_MESSAGES } from '../../domain/cart/cart-messages';
import { useShop } from '../../db/hooks/shop-context';
import { addProductToCart, type AddRequest } from '../../db/cart/cart-add';
import { checkAddRequest } from '../../domain/add-to-cart/add-checks';
import { buildProductOption, effectiveBundleChoice, requiredOptionsAnswered } from '../../domain/cart/product-option';
import { toggleEntry, useList, type ListEntry } from '../lists/local-list';
import { queueAdd, useQueuedAdds } from '../cart/add-queue';
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
  /** The shopper's bundle links and custom option values (option_id keyed). */
  bundleChosen: Record<string, string[]>;
  customChosen: Record<string, string>;
  members: ReadonlyMap<string, Record<string, unknown>>;
  customerGroupId: number;
  /** Cart edit mode: the line being edited and its quantity. */
  editLineId?: string | undefined;
  initialQty?: number | undefined;
  /** The edited line was replaced: edit mode ends. */
  onUpdated?: () => void;
  /** Until the page is hydrated a press would be lost (nothing handles it yet): the controls wait. */
  disabled?: boolean;
}

/**
 * Quantity, add to cart (or "Update item" in cart edit mode), wishlist and compare. Adding writes the
 * local cart (any tab, online or offline); the cart rules decide the notification, stored so every
 * tab shows it.
 */
export function ProductActions(props: Props) {
  const { product, entry, pricePence, inStock, minimumOrder, blocked, editLineId, disabled = false } = props;
  const { t } = useTranslation();
  const shop = useShop();
  const [qty, setQty] = useState(String(props.initialQty ?? minimumOrder));
  const [busy, setBusy] = useState(false);
  const waiting = useQueuedAdds(entry.sku);
  const inWishlist = useList('wishlist').some((e) => e.sku === entry.sku);
  const inCompare = useList('compare').some((e) => e.sku === entry.sku);
  const addToCart = async () => {
    const choices = { bundle: effectiveBundleChoice(product, props.bundleChosen), custom: props.customChosen };
    const amount = checkAddRequest({ blocked, optionsAnswered: requiredOptionsAnswered(product, choices), pricePence, inStock }, qty, product);
    if (!amount.ok) return notify({ type: amount.type, message: amount.message });
    const request: AddRequest = {
      product,
      childSku: props.childSku,
      productOption: buildProductOption(choices),
      qty: amount.qty,
      customerGroupId: props.customerGroupId,
      members: props.members,
      replaceLineId: editLineId,
    };
    // The database is still opening: the press is kept outside this page and added once it is open.
    if (!shop) return queueAdd(request);
    setBusy(true);
    try {
      const result = await addProductToCart(shop, request);
      if (result.added && editLineId) props.onUpdated?.();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="actions">
      <div className="add-row">
        <label className="qty">
          <span>{t('qty')}</span>
          <input type="number" disabled={disabled} inputMode="numeric" min={minimumOrder} step={1} value={qty} onChange={(e) => setQty(e.target.value)} />
        </label>
        {/* Enabled from hydration: a press before the local database is open waits for it (add-queue.ts). */}
        {/* Out of stock it stays focusable (aria-disabled), so a screen reader reaches it and hears why. */}
        <button
          type="button"
          className="button button-primary"
          disabled={busy || disabled}
          aria-disabled={inStock ? undefined : 'true'}
          aria-describedby={[waiting > 0 ? 'add-queued' : '', inStock ? '' : 'add-unavailable'].filter(Boolean).join(' ') || undefined}
          onClick={() => {
            if (inStock) void addToCart();
          }}
        >
          {editLineId ? t('updateItem') : t('addToCart')}
        </button>
      </div>
      {!inStock && (
        <p id="add-unavailable" className="add-unavailable">
          {CART_MESSAGES.outOfStock}
        </p>
      )}
      {waiting > 0 && (
        <p id="add-queued" className="add-queued" role="status">
          {t('cartAddQueued')}
        </p>
      )}
      <div className="list-row">
        <button type="button" className="button button-secondary" disabled={disabled} aria-pressed={inWishlist} onClick={() => toggleEntry('wishlist', entry)}>
          {inWishlist ? t('removeFromWishlist') : t('addToWishlist')}
        </button>
        <button type="button" className="button button-secondary" disabled={disabled} aria-pressed={inCompare} onClick={() => toggleEntry('compare', entry)}>
          {inCompare ? t('removeFromCompare') : t('addToCompare')}
        </button>
      </div>
    </div>
  );
}
