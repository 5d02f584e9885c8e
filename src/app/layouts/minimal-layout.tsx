import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { NotificationList } from '../../features/notifications/notification-list';
import { OfflineStatus } from '../../features/offline/offline-status';

/** The minimal layout (error page, checkout): the brand only, nothing to wander off into. */
export function MinimalLayout() {
  const { t } = useTranslation();
  return (
    <>
      <header className="site-header minimal">
        <div className="header-row">
          <Link to="/" className="brand">
            {t('shopName')}
          </Link>
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
