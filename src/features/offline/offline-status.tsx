import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isOfflineRedirect } from '../../ui/offline-redirect-state';
import { useOnline } from '../../ui/use-online';
import { notify } from '../notifications/notification-store';
import { startQuotaMonitor } from './quota-monitor';
import { registerServiceWorker } from './service-worker';
import './offline.css';

/** Vite inlines VITE_* variables at build time; the marker tells tests and support which build runs. */
const BUILD_ID: unknown = import.meta.env?.VITE_BUILD_ID;

/** Online/offline state, the offline notices and the new-version prompt, shown in every layout. */
export function OfflineStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  const location = useLocation();
  const navigate = useNavigate();
  const [applyUpdate, setApplyUpdate] = useState<(() => void) | null>(null);

  useEffect(() => {
    document.documentElement.dataset.build = typeof BUILD_ID === 'string' ? BUILD_ID : 'local';
    const stopWorker = registerServiceWorker((apply) => setApplyUpdate(() => apply));
    const stopMonitor = startQuotaMonitor();
    return () => {
      stopWorker();
      stopMonitor();
    };
  }, []);

  // A page the local database could not serve offline sent the shopper here (SPEC §8 wording).
  // The marker is dropped at once, so a reload of Home does not repeat the notice.
  useEffect(() => {
    if (!isOfflineRedirect(location.state)) return;
    notify({ type: 'error', message: t('offlineRedirect') });
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location.key, location.state, location.pathname, location.search, navigate, t]);

  useEffect(() => {
    document.documentElement.dataset.online = String(online);
  }, [online]);

  return (
    <>
      {!online && (
        <p className="offline-banner" role="status" data-testid="offline-banner">
          <strong>{t('offlineNow')}</strong> {t('offlineKeepsWorking')}
        </p>
      )}
      {applyUpdate && (
        <div className="update-prompt" role="alert" data-testid="update-prompt">
          <p>{t('updateReady')}</p>
          <button type="button" className="button button-primary" onClick={applyUpdate}>
            {t('updateReload')}
          </button>
        </div>
      )}
    </>
  );
}
