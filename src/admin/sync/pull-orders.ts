import type { AdminOrder } from '../orders/admin-order';
import type { AdminDevice } from '../store/admin-device';
import { isTokenRefusal, type AdminApi } from './admin-api';

interface FeedPage {
  items: AdminOrder[];
  checkpoint: string;
  has_more: boolean;
}

export type PullResult = 'current' | 'unknown' | 'signed-out' | 'refused';

/**
 * Brings the device's orders up to date through the order feed: pages after the stored checkpoint,
 * each stored with its checkpoint in one transaction (a cut connection resumes there, nothing is
 * fetched twice). New and changed orders appear in the open list without a reload.
 */
export async function pullOrders(device: AdminDevice, api: AdminApi, limit = 200): Promise<PullResult> {
  for (;;) {
    const outcome = await api.call<FeedPage>('/api/admin/orders/feed', { query: { after: device.checkpoint, limit } });
    if (outcome.kind === 'unknown') return 'unknown';
    if (outcome.kind === 'refused' && isTokenRefusal(outcome)) {
      await device.signOut(outcome.message);
      return 'signed-out';
    }
    if (outcome.kind === 'refused') return 'refused';
    await device.putOrders(outcome.result.items, outcome.result.checkpoint);
    if (!outcome.result.has_more) return 'current';
  }
}
