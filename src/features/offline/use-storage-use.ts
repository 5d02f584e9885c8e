import { useEffect, useState } from 'react';
import type { StorageUse } from './storage-quota';

/** The browser's storage estimate for this shop, read again when `changed` changes (e.g. the saved count). */
export function useStorageUse(changed: unknown): StorageUse & { persisted: boolean } {
  const [use, setUse] = useState<StorageUse & { persisted: boolean }>({ persisted: false });
  useEffect(() => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.estimate) return;
    let live = true;
    // Counting runs after every saved batch; a short pause keeps a fast download from re-estimating per batch.
    const timer = window.setTimeout(() => {
      void Promise.all([storage.estimate(), storage.persisted?.() ?? Promise.resolve(false)]).then(
        ([estimate, persisted]) => live && setUse({ usage: estimate.usage, quota: estimate.quota, persisted }),
        () => undefined,
      );
    }, 500);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [changed]);
  return use;
}
