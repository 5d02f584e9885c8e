import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NotificationList } from '../../features/notifications/notification-list';
import { OfflineDownloadAsk } from '../../features/offline/offline-download-ask';
import { OfflineStatus } from '../../features/offline/offline-status';
import { StorageNotice } from '../../features/storage/storage-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The default layout: header with menus and panels, the page, the footer and notifications. */
export function DefaultLayout() {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skip')}
      </a>
      <SiteHeader />
      <OfflineDownloadAsk />
      <StorageNotice />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <OfflineStatus />
      <NotificationList />
    </>
  );
}
