import { PlaceholderPage } from '../../app/pages/placeholder-page';

export function ForgottenPasswordPage() {
  return <PlaceholderPage title="Reset password" />;
}
