import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { WhenShopReady } from '../../app/shop/shop-context';

// The panel reads the database, so it is a chunk of its own that loads once the database is open.
const OfflineCataloguePanel = lazy(() => import('./offline-catalogue-panel').then((m) => ({ default: m.OfflineCataloguePanel })));

/** "Use offline", in the footer of every page: the catalogue download choice, its progress and the storage it uses. */
export function UseOffline() {
  const { t } = useTranslation();
  return (
    <section className="use-offline" aria-labelledby="use-offline-title">
      <h2 id="use-offline-title">{t('useOffline')}</h2>
      <WhenShopReady>
        <Suspense fallback={null}>
          <OfflineCataloguePanel />
        </Suspense>
      </WhenShopReady>
    </section>
  );
}
