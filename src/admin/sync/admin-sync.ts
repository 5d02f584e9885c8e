import type { AdminDevice } from '../store/admin-device';
import type { AdminApi } from './admin-api';
import { pullOrders } from './pull-orders';
import { dueNow, sendChanges } from './send-changes';

/** How often an open back-office asks the feed for new orders, and looks at its queue. */
export const POLL_MS = 3000;

export interface AdminSync {
  /** Run a round now (after a change is queued); rounds never overlap. */
  kick(): void;
  stop(): void;
}

/**
 * The back-office's sync loop: send what is queued, then pull the feed; every POLL_MS, at once
 * when the connection returns, and when the packer does something. Queued changes are sent first so
 * the feed brings back their result.
 */
export function startAdminSync(device: AdminDevice, api: AdminApi, pollMs = POLL_MS): AdminSync {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const round = async () => {
    if (!device.token) return;
    await sendChanges(device, api);
    if (device.token) await pullOrders(device, api);
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = round()
      .catch((error: unknown) => console.error('admin sync round failed', error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        } else if (!stopped) timer = setTimeout(kick, pollMs);
      });
  };
  const online = () => {
    void dueNow(device).then(kick);
  };
  window.addEventListener('online', online);
  kick();
  return {
    kick,
    stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
    },
  };
}
