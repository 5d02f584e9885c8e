import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopObservable } from '../../db/hooks/shop-context';
import { Drawer } from '../../ui/drawer';
import { Icon } from '../../ui/icons';
import { lazyUntilLoaded } from '../../db/hooks/lazy-until-loaded';

const SyncStatusPanel = lazyUntilLoaded(() => import('./sync-status-panel').then((m) => ({ default: m.SyncStatusPanel })));

interface Badge {
  waiting: number;
  online: boolean;
  error: boolean;
  leading: boolean;
}

/**
 * The header's sync status: how much is waiting to be sent (or "All sent"), offline shown as such.
 * The panel with the details is a lazy chunk; the badge reads the overview through the shop context.
 */
export function SyncStatusButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const badge = useShopObservable<Badge | null>(
    (shop) => ({
      subscribe: (next: (value: Badge) => void) => shop.sync.overview$().subscribe((o) => next({ waiting: o.waitingCount, online: o.online, error: o.lastError !== null, leading: o.leading })),
    }),
    null,
  );
  // Until the database is open: the same button, not yet usable, so the header keeps its size (no shift).
  if (!badge) {
    return (
      <button type="button" className="header-action sync-button" disabled>
        <Icon name="sync" />
        <span className="action-label">{t('syncStatus')}</span> <span className="count-badge">…</span>
      </button>
    );
  }
  const label = badge.waiting > 0 ? t('syncWaitingBadge', { count: badge.waiting }) : badge.online ? t('syncAllSent') : t('syncOffline');
  return (
    <>
      <button
        type="button"
        className={`header-action sync-button${badge.online ? '' : ' is-offline'}${badge.error ? ' has-error' : ''}`}
        aria-label={`${t('syncStatus')}: ${label}`}
        data-waiting={badge.waiting}
        data-sync-leader={badge.leading ? 'true' : 'false'}
        onClick={() => setOpen(true)}
      >
        <Icon name="sync" />
        <span className="action-label">{t('syncStatus')}</span>{' '}
        <span className="count-badge">{badge.waiting > 0 ? badge.waiting : <Icon name={badge.online ? 'check' : 'offline'} />}</span>
      </button>
      <Drawer title={t('syncStatus')} open={open} onClose={() => setOpen(false)} side="right">
        <Suspense fallback={<p>{t('loading')}</p>}>{open && <SyncStatusPanel />}</Suspense>
      </Drawer>
    </>
  );
}
