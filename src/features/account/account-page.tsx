import { PlaceholderPage } from '../../app/pages/placeholder-page';

export function AccountPage() {
  return <PlaceholderPage title="My Account" />;
}
