import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShop } from '../../db/hooks/shop-context';
import { useDatabase } from '../../db/hooks/database-context';
import { useOfflineDownloadChoice } from '../../db/hooks/use-live';
import { localCatalogState, subscribeLocalCatalog } from '../../db/catalog/local-catalog';
import { chooseOfflineCatalogue, downloadAwaitsAnswer, downloadGoesAhead } from '../../db/catalog/offline-catalog-choice';
import { useOnline } from '../../ui/use-online';
import { useCatalogueSize } from './use-catalogue-size';
import { downloadProgress, formatBytes } from './download-progress';
import { useStorageUse } from './use-storage-use';

/** The progress is shown again at most this often while the download runs (the worker tells every 250 ms). */
const PROGRESS_EVERY_MS = 500;

/** What the panel shows of the local catalogue's state. */
interface Shown {
  saved: number;
  /** The shop's size as the catalogue worker told it: null not yet, undefined where nobody tells it (see LocalCatalogState). */
  shopProducts: number | null | undefined;
  registered: boolean;
  /** The replica has caught up, told with the count it caught up at (see markCatalogReplicated). */
  replicated: boolean;
}

const shown = (): Shown => {
  const { products, shopProducts, registered, replicated } = localCatalogState();
  return { saved: products, shopProducts, registered, replicated };
};

/**
 * Products saved on this device and the shop's size, as the local catalogue last told, taken at most
 * every PROGRESS_EVERY_MS (the first and the last count at once after a quiet spell) and rendered as
 * a transition: each render of the progress was a task of its own on a phone, next to the worker's
 * messages, through the whole download.
 */
function useShown(): Shown {
  const [current, setCurrent] = useState(shown);
  useEffect(() => {
    let shownAt = -Infinity;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      timer = undefined;
      shownAt = Date.now();
      const next = shown();
      startTransition(() => setCurrent((before) => (before.saved === next.saved && before.shopProducts === next.shopProducts && before.registered === next.registered && before.replicated === next.replicated ? before : next)));
    };
    const heard = () => {
      if (timer !== undefined) return;
      const wait = shownAt + PROGRESS_EVERY_MS - Date.now();
      if (wait <= 0) show();
      else timer = setTimeout(show, wait);
    };
    const stop = subscribeLocalCatalog(heard);
    heard(); // a count told before this subscribed
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, []);
  return current;
}

/**
 * The choice and its hint; the progress and the storage line are components of their own, so a
 * stored batch re-renders those lines alone (several times a second while the download runs).
 */
export function OfflineCataloguePanel() {
  const { t } = useTranslation();
  const db = useDatabase();
  const online = useOnline();
  const choice = useOfflineDownloadChoice();
  // Nothing until the choice is read: the fallback would show "Turned off" for a moment.
  if (choice === null) return null;
  const chosen = downloadGoesAhead(choice.answer, choice.metered);
  const awaitsAnswer = downloadAwaitsAnswer(choice.answer, choice.metered);

  return (
    <div className="offline-catalogue">
      <label className="choice">
        <input type="checkbox" checked={chosen} onChange={(event) => void chooseOfflineCatalogue(db, event.target.checked)} />
        {t('offlineCatalogueChoice')}
      </label>
      <p className="muted">{t('offlineCatalogueHint')}</p>
      <DownloadProgressLines chosen={chosen} awaitsAnswer={awaitsAnswer} online={online} />
      <StorageLine />
    </div>
  );
}

function DownloadProgressLines({ chosen, awaitsAnswer, online }: { chosen: boolean; awaitsAnswer: boolean; online: boolean }) {
  const { t } = useTranslation();
  const { saved, shopProducts, registered, replicated } = useShown();
  // Asked here only once the catalogue is known to run on this page (nobody tells the size).
  const asked = useCatalogueSize(online && registered && shopProducts === undefined);
  const total = shopProducts ?? asked ?? null;
  // Done once this tab's replication has caught up and the count shown is one taken as (or after) the
  // replica was marked caught up: the two come by different paths, and the one could come first.
  const caughtUp = useCaughtUp(chosen) && replicated;
  const progress = downloadProgress(saved, total, caughtUp);
  const status = awaitsAnswer ? t('offlineCatalogueNotAsked') : !chosen ? t('offlineCatalogueOff') : progress.done ? t('offlineCatalogueDone', { total: progress.total }) : !online ? t('offlineCataloguePaused', { saved: progress.saved, total: progress.total }) : null;
  return (
    <>
      {chosen && (
        <p>
          <progress max={Math.max(progress.total, 1)} value={progress.saved} aria-label={t('offlineCatalogueChoice')} />{' '}
          <span data-testid="offline-progress">{t('offlineCatalogueProgress', { saved: progress.saved, total: progress.total })}</span>
        </p>
      )}
      {status && <p data-testid="offline-catalogue-status">{status}</p>}
    </>
  );
}

function StorageLine() {
  const { t } = useTranslation();
  const storage = useStorageUse(useShown().saved);
  if (storage.usage === undefined || storage.quota === undefined) return null;
  return (
    <p className="muted" data-testid="offline-storage">
      {t('offlineStorageUsed', { used: formatBytes(storage.usage), quota: formatBytes(storage.quota) })} {storage.persisted && t('offlineStoragePersisted')}
    </p>
  );
}

/** Whether this tab's replication has caught up with the shop (it resolves in the tab that downloads). */
function useCaughtUp(chosen: boolean): boolean {
  const shop = useShop();
  const [caughtUp, setCaughtUp] = useState(false);
  useEffect(() => {
    if (!shop || !chosen) return;
    let live = true;
    // A transition, as the counts: set from a promise it would be a render React does not cut into slices.
    void shop.sync.whenCatalogueReplicated().then(() => live && startTransition(() => setCaughtUp(true)), () => undefined);
    return () => {
      live = false;
    };
  }, [shop, chosen]);
  return caughtUp && chosen;
}
