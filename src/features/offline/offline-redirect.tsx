import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { localCatalogState, subscribeLocalCatalog } from '../../db/catalog/local-catalog';
import { OFFLINE_REDIRECT_STATE } from '../../ui/offline-redirect-state';

/** How long a page waits for the device's database to open before giving up on it. */
const WAIT_FOR_DATABASE_MS = 30_000;

/**
 * Offline, a product, category or CMS page the local database cannot serve goes Home, where the
 * notice "…is not available in Offline mode. Redirecting to Home." is shown (SPEC §2, §8). Right after
 * an offline reload the page may have asked before the database opened: with `retry`, the page asks
 * once more when the local catalogue is there, and only goes Home if that fails too.
 */
export function OfflineRedirect({ retry }: { retry?: () => Promise<{ isError: boolean }> }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'waiting' | 'retrying' | 'home'>(() => (retry && !localCatalogState().registered ? 'waiting' : retry && localCatalogState().products > 0 ? 'retrying' : 'home'));
  const live = useRef(true);
  const retried = useRef(false);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  useEffect(() => {
    if (phase !== 'waiting') return;
    const settle = () => localCatalogState().registered && setPhase(localCatalogState().products > 0 ? 'retrying' : 'home');
    const stop = subscribeLocalCatalog(settle);
    const timer = window.setTimeout(() => setPhase('home'), WAIT_FOR_DATABASE_MS);
    settle();
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, [phase]);

  useEffect(() => {
    if (phase !== 'retrying' || !retry || retried.current) return;
    retried.current = true;
    // Still here once the retry is answered (and the page had time to show it) means the database
    // cannot serve this page either.
    const giveUp = () => live.current && setPhase('home');
    void retry().then((result) => (result.isError ? giveUp() : window.setTimeout(giveUp, 500)), giveUp);
  }, [phase, retry]);

  if (phase === 'home') return <Navigate replace to="/" state={OFFLINE_REDIRECT_STATE} />;
  return <p className="loading">{t('loading')}</p>;
}
