import { Suspense } from 'react';
import { useShop } from '../../db/hooks/shop-context';
import { lazyUntilLoaded } from '../../db/hooks/lazy-until-loaded';
import { connectionIsMetered } from '../../db/catalog/metered-connection';

// The question reads the database, so it is a chunk of its own, loaded only where it may be asked.
const OfflineDownloadQuestion = lazyUntilLoaded(() => import('./offline-download-question').then((m) => ({ default: m.OfflineDownloadQuestion })));

/** Under the header: the offline download's question, once the database is open, on a metered or Save-Data connection. */
export function OfflineDownloadAsk() {
  const ready = useShop() !== null;
  if (!ready || !connectionIsMetered()) return null;
  return (
    <Suspense fallback={null}>
      <OfflineDownloadQuestion />
    </Suspense>
  );
}
