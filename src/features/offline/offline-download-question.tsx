import { useTranslation } from 'react-i18next';
import { useDatabase } from '../../db/hooks/database-context';
import { useOfflineDownloadChoice } from '../../db/hooks/use-live';
import { chooseOfflineCatalogue, downloadAwaitsAnswer } from '../../db/catalog/offline-catalog-choice';
import { formatCount } from '../../ui/format-count';
import { useOnline } from '../../ui/use-online';
import { downloadEstimateMb } from './download-progress';
import { useCatalogSize } from './use-catalog-size';

/**
 * On a metered or Save-Data connection, before anything of the catalogue is downloaded: what the
 * download is for, about how big it is, and "Download now" / "Not now". A banner under the header,
 * not a dialog: the shop works online meanwhile (lists and search ask the server while the replica
 * is empty). The answer is stored on the device, so "Not now" is not asked again; the "Use offline"
 * panel can still start the download later.
 */
export function OfflineDownloadQuestion() {
  const { t, i18n } = useTranslation();
  const db = useDatabase();
  const online = useOnline();
  const choice = useOfflineDownloadChoice();
  const asking = online && choice !== null && downloadAwaitsAnswer(choice.answer, choice.metered);
  const count = useCatalogSize(asking);
  if (!asking || count === undefined) return null;
  return (
    <section className="offline-ask" aria-labelledby="offline-ask-title" data-testid="offline-download-question">
      <h2 id="offline-ask-title">{t('offlineAskTitle')}</h2>
      <p>{t('offlineAskText', { size: downloadEstimateMb(count), count: formatCount(count, i18n.language) })}</p>
      <p className="offline-ask-actions">
        <button type="button" className="button button-primary" onClick={() => void chooseOfflineCatalogue(db, true)}>
          {t('offlineAskDownload')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => void chooseOfflineCatalogue(db, false)}>
          {t('offlineAskNotNow')}
        </button>
      </p>
      <p className="muted">{t('offlineAskLater')}</p>
    </section>
  );
}
