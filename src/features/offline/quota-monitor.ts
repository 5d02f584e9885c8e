import { isQuotaError, reportStoragePressure } from '../../ui/storage-pressure';
import { isPurgeableCache, purgePlan, QUOTA_CHECK_INTERVAL_MS, type PurgeStep, type StorageUse } from './storage-quota';

/** Deletes the service worker's picture caches; the app's precache stays so the shop still opens. */
async function purgeImageCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter(isPurgeableCache).map((name) => caches.delete(name)));
}

const STEPS: Record<PurgeStep, () => Promise<void> | void> = {
  'image-caches': purgeImageCaches,
  'url-routes': reportStoragePressure,
};

async function purge(use: StorageUse | 'quota-error'): Promise<PurgeStep[]> {
  const plan = purgePlan(use);
  for (const step of plan) await STEPS[step]();
  return plan;
}

const estimate = async (): Promise<StorageUse> => (navigator.storage?.estimate ? navigator.storage.estimate() : {});

/**
 * Checks the storage estimate every 30 s and purges above quota; a quota error anywhere (a refused
 * IndexedDB or cache write) purges at once. The cart, orders and queued tasks live in the database,
 * which this never touches.
 */
export function startQuotaMonitor(): () => void {
  const check = () => void estimate().then(purge, () => undefined);
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isQuotaError(event.reason)) void purge('quota-error');
  };
  const onError = (event: ErrorEvent) => {
    if (isQuotaError(event.error)) void purge('quota-error');
  };
  const timer = window.setInterval(check, QUOTA_CHECK_INTERVAL_MS);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('error', onError);
  check();
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('error', onError);
  };
}
