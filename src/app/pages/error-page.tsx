import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTitle } from '../../ui/use-title';

/** /error, in the minimal layout. */
export function ErrorPage() {
  const { t } = useTranslation();
  useTitle(t('errorTitle'));
  return (
    <section className="error-page" role="alert">
      <h1>{t('errorTitle')}</h1>
      <Link className="button" to="/">
        {t('backHome')}
      </Link>
    </section>
  );
}
