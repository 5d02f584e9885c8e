import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShop, WhenShopReady } from '../../db/hooks/shop-context';
import { checkCartStock } from '../../db/cart/cart-stock';
import { watchCartView, type CartView } from '../../db/cart/cart-view';
import { useDatabase } from '../../db/hooks/database-context';
import { useObservableValue } from '../../db/hooks/use-live';
import { CartCoupon } from './cart-coupon';
import { CartTotals } from './cart-totals';
import { MinicartLine } from './minicart-line';
import './cart.css';

/** The minicart panel (lazy): lines, coupon, totals and the way to checkout, or the empty state. */
export function Minicart({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <WhenShopReady fallback={<p className="loading">{t('loading')}</p>}>
      <MinicartContent onClose={onClose} />
    </WhenShopReady>
  );
}

function MinicartContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const db = useDatabase();
  const shop = useShop();
  const view = useObservableValue<CartView | null>(() => watchCartView(db), null, [db]);
  // Each opening checks the lines' stock once (SPEC §8 "In stock!" / "Out of the stock!").
  useEffect(() => {
    if (shop) void checkCartStock(shop.db, shop.sync.api);
  }, [shop]);
  if (!view) return <p className="loading">{t('loading')}</p>;
  if (view.lines.length === 0) {
    return (
      <div className="minicart minicart-empty" data-testid="minicart">
        <p className="minicart-empty-title">{t('cartEmpty')}</p>
        <p>{t('cartEmptyHint')}</p>
        <Link to="/quick-order" onClick={onClose}>{t('quickOrderFromCart')}</Link>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('cartContinueShopping')}
        </button>
      </div>
    );
  }
  return (
    <div className="minicart" data-testid="minicart" data-synced={view.synced ? 'true' : 'false'}>
      <ul className="minicart-lines">
        {view.lines.map((line) => (
          <MinicartLine key={line.id} line={line} onNavigate={onClose} />
        ))}
      </ul>
      <Link to="/quick-order" onClick={onClose}>{t('quickOrderFromCart')}</Link>
      <CartCoupon coupon={view.coupon} />
      <CartTotals totals={view.totals} />
      <Link to="/checkout" className="button button-primary minicart-checkout" onClick={onClose}>
        {t('cartGoToCheckout')}
      </Link>
    </div>
  );
}

