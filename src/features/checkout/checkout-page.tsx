/**
 * /checkout (minimal layout). Stable accessible names, for tests and assistive technology:
 * - headings (h2): "Personal Details", "Shipping", "Payment", "Order Summary"; then "Thank you for your order!"
 * - buttons: "Continue to shipping", "Continue to payment", "Go review the order", "Place the order";
 *   a done step has "Edit <step heading>" (e.g. "Edit Shipping")
 * - tick boxes: "I want to create an account", "My billing address is the same as my shipping address",
 *   "I want to generate an invoice for the company", "I accept the terms and conditions"
 * - the thank-you state: `.checkout-order-number` ("Your order number is N.") once the server has the
 *   order, `.checkout-queued` while it waits for the connection; an empty cart shows SPEC §5's sentence.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { map } from 'rxjs';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { checkoutStart } from '../../db/orders/checkout-details';
import { useObservableValue } from '../../db/hooks/use-live';
import type { CheckoutDetails } from '../../db/local-state';
import type { LocalShop } from '../../db/start-local-database';
import { useShop, WhenShopReady } from '../../app/shop/shop-context';
import { useTitle } from '../../ui/use-title';
import { CheckoutSteps } from './checkout-steps';
import { ExternalHandOver } from './external-hand-over';
import { externalCheckoutBase } from './external-checkout';
import './checkout.css';

export function CheckoutPage() {
  const { t } = useTranslation();
  useTitle(t('checkoutTitle'));
  const loading = <p className="loading">{t('checkoutLoading')}</p>;
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{t('checkoutTitle')}</h1>
      <WhenShopReady fallback={loading}>
        <CheckoutForShop />
      </WhenShopReady>
    </section>
  );
}

function EmptyCart() {
  const { t } = useTranslation();
  return (
    <div className="checkout-empty" role="status">
      <p>{t('checkoutEmptyCart')}</p>
      <Link to="/" className="button button-secondary">
        {t('checkoutContinueShopping')}
      </Link>
    </div>
  );
}

function CheckoutForShop() {
  const shop = useShop() as LocalShop;
  const { t } = useTranslation();
  const lines = useObservableValue<CartLine[] | null>(() => shop.db.cart.find({ sort: [{ added_at: 'asc' }] }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()))), null, [shop.db]);
  const [start, setStart] = useState<{ details: CheckoutDetails; signedIn: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    void checkoutStart(shop.db, navigator.onLine).then((opened) => live && setStart(opened));
    return () => {
      live = false;
    };
  }, [shop.db]);
  const external = externalCheckoutBase();
  if (lines === null || start === null) return <p className="loading">{t('checkoutLoading')}</p>;
  if (external) return lines.length === 0 ? <EmptyCart /> : <ExternalHandOver lines={lines} base={external} />;
  return <CheckoutSteps shop={shop} lines={lines} initial={start.details} signedIn={start.signedIn} emptyCart={<EmptyCart />} />;
}
