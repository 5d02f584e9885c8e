import { PlaceholderPage } from '../../app/pages/placeholder-page';

export function OrderTrackingPage() {
  return <PlaceholderPage title="Track your order" />;
}
