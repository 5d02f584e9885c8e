import { PlaceholderPage } from '../../app/pages/placeholder-page';

/** /order-success/{orderid}/{email}/{data}: the thank-you page after the external checkout. */
export function OrderSuccessPage() {
  return <PlaceholderPage title="Thank you for your order" />;
}
