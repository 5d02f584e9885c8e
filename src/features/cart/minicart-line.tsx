import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShop } from '../../db/hooks/shop-context';
import { removeFromCart } from '../../db/cart/cart-actions';
import { changeQuantity } from '../../db/cart/cart-quantity';
import type { CartViewLine } from '../../db/cart/cart-view';
import { priceChangeOf } from '../../domain/cart/line-price-state';
import { formatPence } from '../../i18n/money';
import { ProductImage } from '../../ui/product-image';
import { PriceChangeNotice } from './price-change-notice';

/**
 * One minicart line: thumbnail, name, chosen options, unit price and row total (incl. VAT), the
 * quantity (checked on change, SPEC §5), edit (back to the product with these options), and removal
 * after a confirmation (SPEC §4). Messages the sync left on the line are shown with it, and so is a
 * change of its price since the shopper last saw it.
 */
export function MinicartLine({ line, onNavigate }: { line: CartViewLine; onNavigate: () => void }) {
  const { t } = useTranslation();
  const shop = useShop();
  const [qty, setQty] = useState(String(line.qty));
  const [shownQty, setShownQty] = useState(line.qty);
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The line's quantity changed elsewhere (sync, another tab): the field follows.
  if (shownQty !== line.qty) {
    setShownQty(line.qty);
    setQty(String(line.qty));
  }
  const commit = async () => {
    if (!shop) return;
    // A message answers the quantity it was about; it goes while the new one is checked.
    setMessage(null);
    const refusal = await changeQuantity(shop, line, qty, line.minimumOrder);
    setMessage(refusal);
  };
  const notes = [...Object.values(line.errors).map((m) => ({ kind: 'error', m })), ...Object.values(line.info).map((m) => ({ kind: 'info', m }))];
  const qtyId = `qty-${line.id}`;
  const priceChange = priceChangeOf(line);
  return (
    <li className="minicart-line" data-sku={line.sku} data-price-current={line.price_is_current ? 'true' : 'false'}>
      <ProductImage path={line.thumbnail ?? undefined} size="cart" alt="" className="minicart-thumb" />
      <div className="minicart-line-body">
        <p className="minicart-name">
          <Link to={line.url} onClick={onNavigate}>
            {line.name}
          </Link>
        </p>
        {line.labels.length > 0 && (
          <dl className="minicart-options">
            {line.labels.map((o, i) => (
              <div key={`${o.label}-${i}`}>
                <dt>{o.label}</dt>
                <dd>{o.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <p className="minicart-prices">
          <span>
            {t('cartUnitPrice')}: <span data-testid="unit-price">{formatPence(line.price_incl_tax_pence)}</span>
          </span>{' '}
          <span>
            {t('cartRowTotal')}: <strong data-testid="row-total">{formatPence(line.rowTotalInclPence)}</strong>
          </span>
        </p>
        {priceChange && <PriceChangeNotice change={priceChange} />}
        <form
          className="minicart-qty"
          onSubmit={(e) => {
            e.preventDefault();
            void commit();
          }}
        >
          <label htmlFor={qtyId}>{t('cartQuantity')}</label>
          <input
            id={qtyId}
            type="text"
            inputMode="numeric"
            value={qty}
            aria-invalid={message ? 'true' : 'false'}
            aria-describedby={message ? `${qtyId}-message` : undefined}
            onChange={(e) => {
              setQty(e.target.value);
              setMessage(null);
            }}
            onBlur={() => void commit()}
          />
        </form>
        {message && (
          <p id={`${qtyId}-message`} className="field-error" role="alert">
            {message}
          </p>
        )}
        {notes.map((n) => (
          <p key={`${n.kind}-${n.m}`} className={n.kind === 'error' ? 'field-error' : 'line-info'} role={n.kind === 'error' ? 'alert' : undefined}>
            {n.m}
          </p>
        ))}
        <div className="minicart-line-actions">
          <Link to={`${line.url}?edit=${encodeURIComponent(line.id)}`} className="button button-secondary" onClick={onNavigate}>
            {t('cartEdit')}
          </Link>
          <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
            {t('cartRemove')}
          </button>
        </div>
        {confirming && (
          <div className="minicart-confirm" role="alertdialog" aria-label={t('cartRemoveConfirm')}>
            <p>{t('cartRemoveConfirm')}</p>
            <button type="button" className="button button-primary" onClick={() => shop && void removeFromCart(shop.db, line.id)}>
              {t('cartRemoveYes')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              {t('cartRemoveNo')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
