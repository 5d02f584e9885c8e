import { useTranslation } from 'react-i18next';
import { useOfflineDownloadChoice } from '../../db/hooks/use-live';
import { downloadGoesAhead } from '../../db/catalog/offline-catalog-choice';
import { Icon } from '../../ui/icons';
import { useOnline } from '../../ui/use-online';
import { progressCounts } from './download-progress';
import { useDownloadProgress } from './use-download-progress';
import './offline.css';

/**
 * The catalogue download's progress in the header while it runs ("Saving for offline 42%" over a
 * thin bar), gone once every product is saved, when it is turned off or paused offline. The panel
 * in the footer says the same with the counts; this is where a shopper sees it.
 */
export function HeaderDownloadProgress() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const choice = useOfflineDownloadChoice();
  const chosen = choice !== null && downloadGoesAhead(choice.answer, choice.metered);
  const progress = useDownloadProgress(chosen, online);
  if (!chosen || !online || !progress.sized || progress.done || progress.saved >= progress.total) return null;
  const text = t('offlineHeaderProgress', { percent: progress.percent });
  return (
    <div
      className="header-download"
      role="progressbar"
      aria-label={text}
      aria-valuemin={0}
      aria-valuemax={progress.total}
      aria-valuenow={progress.saved}
      aria-valuetext={t('offlineCatalogueProgress', progressCounts(progress, i18n.language))}
      data-testid="header-download-progress"
      // Out of the header's flow even before the stylesheet has arrived: its appearing must not move the page.
      style={{ position: 'absolute' }}
    >
      <Icon name="sync" />
      <span>{text}</span>
      <span className="header-download-bar" style={{ width: `${progress.percent}%` }} />
    </div>
  );
}
