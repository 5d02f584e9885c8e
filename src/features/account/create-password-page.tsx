import { PlaceholderPage } from '../../app/pages/placeholder-page';

export function CreatePasswordPage() {
  return <PlaceholderPage title="Create a new password" />;
}
