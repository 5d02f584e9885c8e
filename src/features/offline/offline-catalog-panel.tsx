import { useTranslation } from 'react-i18next';
import { useDatabase } from '../../db/hooks/database-context';
import { useOfflineDownloadChoice } from '../../db/hooks/use-live';
import { chooseOfflineCatalogue, downloadAwaitsAnswer, downloadGoesAhead } from '../../db/catalog/offline-catalog-choice';
import { useOnline } from '../../ui/use-online';
import { formatBytes, progressCounts } from './download-progress';
import { useDownloadProgress, useShown } from './use-download-progress';
import { useAppOffline } from './use-app-offline';
import { useStorageUse } from './use-storage-use';

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
      <AppOfflineLine />
      <DownloadProgressLines chosen={chosen} awaitsAnswer={awaitsAnswer} online={online} />
      <StorageLine />
    </div>
  );
}

function DownloadProgressLines({ chosen, awaitsAnswer, online }: { chosen: boolean; awaitsAnswer: boolean; online: boolean }) {
  const { t, i18n } = useTranslation();
  const progress = useDownloadProgress(chosen, online);
  const counts = progressCounts(progress, i18n.language);
  const status = awaitsAnswer ? t('offlineCatalogueNotAsked') : !chosen ? t('offlineCatalogueOff') : progress.done ? t('offlineCatalogueDone', counts) : !online ? t('offlineCataloguePaused', counts) : null;
  return (
    <>
      {/* Counts once the total is known, so the total shown never changes under the shopper. */}
      {chosen && progress.sized && (
        <p>
          <progress max={Math.max(progress.total, 1)} value={progress.saved} aria-label={t('offlineCatalogueChoice')} />{' '}
          <span data-testid="offline-progress">{t('offlineCatalogueProgress', counts)}</span>
        </p>
      )}
      {status && <p data-testid="offline-catalogue-status">{status}</p>}
    </>
  );
}

/** The service worker's part of working offline (the shop's own code), whether or not the catalogue is chosen. */
function AppOfflineLine() {
  const { t } = useTranslation();
  const state = useAppOffline();
  if (state === null) return null;
  return (
    <p data-testid="offline-app" data-state={state}>
      {t(state === 'ready' ? 'offlineAppReady' : 'offlineAppSaving')}
    </p>
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
