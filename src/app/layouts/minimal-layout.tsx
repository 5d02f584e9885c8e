import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { NotificationList } from '../../features/notifications/notification-list';
import { OfflineStatus } from '../../features/offline/offline-status';
import { SyncStatusButton } from '../../features/sync/sync-status-button';

/**
 * The minimal layout (error page, checkout): the brand only, nothing to wander off into, and the sync
 * status, which opens a panel in place: an order placed offline at checkout is followed there.
 */
export function MinimalLayout() {
  const { t } = useTranslation();
  return (
    <>
      <header className="site-header minimal">
        <div className="header-row">
          <Link to="/" className="brand">
            {t('shopName')}
          </Link>
          <div className="header-actions">
            <SyncStatusButton />
          </div>
        </div>
      </header>
      <main id="main" className="minimal-main">
        <Outlet />
      </main>
      <OfflineStatus />
      <NotificationList />
    </>
  );
}
