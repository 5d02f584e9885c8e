import { Suspense } from 'react';
import { useShop } from '../../db/hooks/shop-context';
import { lazyUntilLoaded } from '../../db/hooks/lazy-until-loaded';

// It reads the database, so it is a chunk of its own, loaded once the database is open.
const HeaderDownloadProgress = lazyUntilLoaded(() => import('./header-download-progress').then((m) => ({ default: m.HeaderDownloadProgress })));

/** The header's place for the catalogue download's progress; empty until the database is open. */
export function HeaderDownload() {
  if (useShop() === null) return null;
  return (
    <Suspense fallback={null}>
      <HeaderDownloadProgress />
    </Suspense>
  );
}
