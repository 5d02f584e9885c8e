import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminDevice } from './store/admin-device';
import { createAdminApi } from './sync/admin-api';
import { startAdminSync } from './sync/admin-sync';
import { keepForOffline } from './offline-shell';
import { ADMIN_STYLES } from './admin-styles';
import { AdminApp } from './views/admin-app';

/**
 * The back-office's entry (admin.html): its own page, so the shop never loads any of this. Styles
 * are set here rather than imported, because the build puts all imported CSS into the shop's one stylesheet.
 */
const style = document.createElement('style');
style.textContent = ADMIN_STYLES;
document.head.append(style);

const device = await AdminDevice.open();
const api = createAdminApi(() => device.token);
const sync = startAdminSync(device, api);
createRoot(document.getElementById('admin-root')!).render(
  <StrictMode>
    <AdminApp services={{ device, api, sync }} />
  </StrictMode>,
);
keepForOffline(import.meta.url);
