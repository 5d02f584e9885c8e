import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useShop } from '../../db/hooks/shop-context';
import { clearCartWithoutSync } from '../../db/cart/cart-actions';
import { useTitle } from '../../ui/use-title';

/**
 * /order-success/{orderid}/{email}/{data} (default layout): where the external checkout site sends
 * the shopper back after the order. The order was made from the server cart, so the local cart is
 * emptied without a sync. `data` is the site's own; nothing here depends on it.
 */
export function OrderSuccessPage() {
  const { t } = useTranslation();
  useTitle(t('orderSuccessTitle'));
  const { orderid = '', email = '' } = useParams();
  const shop = useShop();
  const [cleared, setCleared] = useState(false);
  useEffect(() => {
    if (shop) void clearCartWithoutSync(shop.db).then(() => setCleared(true));
  }, [shop]);
  return (
    <section className="placeholder-page order-success" aria-labelledby="order-success-title" data-cart-cleared={cleared ? 'true' : 'false'}>
      <h1 id="order-success-title">{t('orderSuccessTitle')}</h1>
      <p className="checkout-order-number">{t('orderSuccessNumber', { number: orderid })}</p>
      {email && <p>{t('orderSuccessEmail', { email })}</p>}
      <Link to="/" className="button button-secondary">
        {t('checkoutContinueShopping')}
      </Link>
    </section>
  );
}
