import { useTranslation } from 'react-i18next';
import { useTitle } from '../../ui/use-title';

/** The 500 page: also the router's error boundary, so it avoids anything that could fail again. */
export function ServerErrorPage() {
  const { t } = useTranslation();
  useTitle(t('serverErrorTitle'));
  return (
    <section className="error-page" role="alert">
      <h1>{t('serverErrorTitle')}</h1>
      <p>{t('errorTitle')}</p>
      <a className="button" href="/">
        {t('backHome')}
      </a>
    </section>
  );
}
