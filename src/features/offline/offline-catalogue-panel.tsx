import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useShop } from '../../app/shop/shop-context';
import { useDatabase } from '../../db/hooks/database-context';
import { useSettings } from '../../db/hooks/use-live';
import { localCatalogState, subscribeLocalCatalog } from '../../db/catalog/local-catalog';
import { chooseOfflineCatalogue } from '../../db/catalog/offline-catalogue-choice';
import { useOnline } from '../../ui/use-online';
import { searchCatalog } from '../catalog/search-adapter';
import { downloadProgress, formatBytes } from './download-progress';
import { useStorageUse } from './use-storage-use';

/** The shop's count of enabled products a guest may list: the scale of the download while it runs (through the configured search adapter). */
async function catalogueSize(): Promise<number> {
  const reply = await searchCatalog({ type: 'product', size: 1, sourceInclude: ['id'], searchQuery: { _appliedFilters: [{ attribute: 'status', value: { in: [0, 1] } }] } });
  return reply.total;
}

export function OfflineCataloguePanel() {
  const { t } = useTranslation();
  const db = useDatabase();
  const online = useOnline();
  const chosen = useSettings().offlineCatalogue !== false;
  const saved = useSyncExternalStore(subscribeLocalCatalog, () => localCatalogState().products);
  const total = useQuery({ queryKey: ['catalogue-size'], queryFn: catalogueSize, enabled: online, staleTime: 5 * 60_000 }).data ?? null;
  const caughtUp = useCaughtUp(chosen);
  const progress = downloadProgress(saved, total, caughtUp);
  const storage = useStorageUse(saved);
  const status = !chosen ? t('offlineCatalogueOff') : progress.done ? t('offlineCatalogueDone', { total: progress.total }) : !online ? t('offlineCataloguePaused', { saved: progress.saved, total: progress.total }) : null;

  return (
    <div className="offline-catalogue">
      <label className="choice">
        <input type="checkbox" checked={chosen} onChange={(event) => void chooseOfflineCatalogue(db, event.target.checked)} />
        {t('offlineCatalogueChoice')}
      </label>
      <p className="muted">{t('offlineCatalogueHint')}</p>
      {chosen && (
        <p>
          <progress max={Math.max(progress.total, 1)} value={progress.saved} aria-label={t('offlineCatalogueChoice')} />{' '}
          <span data-testid="offline-progress">{t('offlineCatalogueProgress', { saved: progress.saved, total: progress.total })}</span>
        </p>
      )}
      {status && <p data-testid="offline-catalogue-status">{status}</p>}
      {storage.usage !== undefined && storage.quota !== undefined && (
        <p className="muted" data-testid="offline-storage">
          {t('offlineStorageUsed', { used: formatBytes(storage.usage), quota: formatBytes(storage.quota) })} {storage.persisted && t('offlineStoragePersisted')}
        </p>
      )}
    </div>
  );
}

/** Whether this tab's replication has caught up with the shop (it resolves in the tab that downloads). */
function useCaughtUp(chosen: boolean): boolean {
  const shop = useShop();
  const [caughtUp, setCaughtUp] = useState(false);
  useEffect(() => {
    if (!shop || !chosen) return;
    let live = true;
    void shop.sync.whenCatalogueReplicated().then(() => live && setCaughtUp(true), () => undefined);
    return () => {
      live = false;
    };
  }, [shop, chosen]);
  return caughtUp && chosen;
}
