import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A product that loads as an error (disabled, hidden, unknown): the reason and a way back. */
export function ProductError({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <section className="error-page" role="alert">
      <h1>{t('errorTitle')}</h1>
      <p className="error-reason">{message}</p>
      <Link className="button" to="/">
        {t('backHome')}
      </Link>
    </section>
  );
}
