import { PlaceholderPage } from '../../app/pages/placeholder-page';

/** /checkout: personal details, shipping, payment, order summary, then the thank-you state. */
export function CheckoutPage() {
  return <PlaceholderPage title="Checkout" />;
}
