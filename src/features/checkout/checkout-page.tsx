/**
 * /checkout (minimal layout). Stable accessible names, for tests and assistive technology:
 * - headings (h2): "Personal Details", "Shipping", "Payment", "Order Summary"; then "Thank you for your order!"
 * - buttons: "Continue to shipping", "Continue to payment", "Review the order", "Place the order";
 *   a done step has "Edit <step heading>" (e.g. "Edit Shipping")
 * - tick boxes: "I want to create an account", "My billing address is the same as my shipping address",
 *   "I want to generate an invoice for the company", "I accept the terms and conditions"
 * - the thank-you state: `.checkout-order-number` ("Your order number is N.") once the server has the
 *   order, `.checkout-queued` while it waits for the connection; an empty cart shows SPEC §5's sentence.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { checkoutStart, signedInLater$, type CheckoutStart } from '../../db/orders/checkout-details';
import { useCartLines } from '../../db/hooks/use-live';
import type { LocalShop } from '../../db/start-local-database';
import { useShop, WhenShopReady } from '../../db/hooks/shop-context';
import { useTitle } from '../../ui/use-title';
import { CartLineNotices } from './cart-line-notices';
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
  const lines = useCartLines();
  // `form` counts the times the steps open afresh (their forms take the details they open with).
  const [start, setStart] = useState<(CheckoutStart & { form: number }) | null>(null);
  useEffect(() => {
    let live = true;
    // The profile may have come (below) before this first answer: a signed-in checkout stays so.
    void checkoutStart(shop.db, navigator.onLine).then((opened) => live && setStart((before) => (before?.signedIn ? before : { ...opened, form: before?.form ?? 0 })));
    // Opened as a guest's while signed in (the profile was slow, or came after an offline start): it
    // becomes the signed-in checkout once the profile is here, prefilled if nothing was typed yet.
    const later = signedInLater$(shop.db).subscribe((opened) => {
      setStart((before) => {
        if (before?.signedIn) return before;
        if (!before || opened.refill) return { ...opened, form: (before?.form ?? 0) + 1 };
        return { ...before, signedIn: true };
      });
    });
    return () => {
      live = false;
      later.unsubscribe();
    };
  }, [shop.db]);
  const external = externalCheckoutBase();
  if (lines === null || start === null) return <p className="loading">{t('checkoutLoading')}</p>;
  if (external) return lines.length === 0 ? <EmptyCart /> : <ExternalHandOver lines={lines} base={external} />;
  return (
    <>
      <CartLineNotices lines={lines} />
      <CheckoutSteps key={start.form} shop={shop} lines={lines} initial={start.details} signedIn={start.signedIn} emptyCart={<EmptyCart />} />
    </>
  );
}
