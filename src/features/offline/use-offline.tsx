import { startTransition, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShop } from '../../db/hooks/shop-context';
import { lazyUntilLoaded } from '../../db/hooks/lazy-until-loaded';

// The panel reads the database, so it is a chunk of its own that loads once the database is open.
const OfflineCataloguePanel = lazyUntilLoaded(() => import('./offline-catalog-panel').then((m) => ({ default: m.OfflineCataloguePanel })));

/** The longest the panel waits for an idle moment once the database is open. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Whether the panel may mount: once the database is open, at the browser's next idle moment, as a
 * transition. Mounted with the database it rendered (and loaded its chunk, and asked the shop for
 * the catalogue's size) in the render that brings the database to every screen, one long task on a
 * phone in the middle of the first visit's download; it is below the fold, in the footer.
 */
function useMountWhenIdle(ready: boolean): boolean {
  const [mount, setMount] = useState(false);
  useEffect(() => {
    if (!ready || mount) return;
    const go = () => startTransition(() => setMount(true));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(go, 0);
    return () => clearTimeout(timer);
  }, [ready, mount]);
  return ready && mount;
}

/** "Use offline", in the footer of every page: the catalogue download choice, its progress and the storage it uses. */
export function UseOffline() {
  const { t } = useTranslation();
  const mount = useMountWhenIdle(useShop() !== null);
  return (
    <section className="use-offline" aria-labelledby="use-offline-title">
      <h2 id="use-offline-title">{t('useOffline')}</h2>
      {mount && (
        <Suspense fallback={null}>
          <OfflineCataloguePanel />
        </Suspense>
      )}
    </section>
  );
}
