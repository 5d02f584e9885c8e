import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTitle } from './use-title';

/** "404 Page Not Found" (SPEC §2), for unknown routes, categories and pages. */
export function NotFound() {
  const { t } = useTranslation();
  useTitle(t('notFoundTitle'));
  return (
    <section className="error-page">
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundText')}</p>
      <Link className="button" to="/">
        {t('backHome')}
      </Link>
    </section>
  );
}
