/** SPEC §9: "The storage quota is checked every 30 s. Entries are purged when above quota." */
export const QUOTA_CHECK_INTERVAL_MS = 30_000;

/**
 * The share of the browser's quota the shop allows itself before purging. Browsers evict a whole
 * origin when the device runs short, so the shop lets go of what it can rebuild well before that.
 */
export const QUOTA_SHARE = 0.8;

/** What can be purged, in order: pictures cached by the service worker first, then the url route cache. */
export type PurgeStep = 'image-caches' | 'url-routes';
export const PURGE_ORDER: readonly PurgeStep[] = ['image-caches', 'url-routes'];

/** Never purged, whatever the pressure: what the shopper made on this device and has not sent yet. */
export const NEVER_PURGED = ['cart', 'orders', 'sync_tasks'] as const;

export interface StorageUse {
  usage?: number;
  quota?: number;
}

/** Whether usage is above the shop's share of the quota (unknown figures are never "above"). */
export function aboveQuota({ usage, quota }: StorageUse, share = QUOTA_SHARE): boolean {
  if (usage === undefined || !quota) return false;
  return usage > quota * share;
}

/** The purge steps for this reading, or none while under quota. A quota error is always above. */
export function purgePlan(use: StorageUse | 'quota-error', share = QUOTA_SHARE): PurgeStep[] {
  return use === 'quota-error' || aboveQuota(use, share) ? [...PURGE_ORDER] : [];
}

/** The service worker's runtime caches (pictures); its precache holds the app itself and stays. */
export const isPurgeableCache = (name: string): boolean => !name.includes('precache');
