import { describe, expect, it } from 'vitest';
import { aboveQuota, isPurgeableCache, NEVER_PURGED, PURGE_ORDER, purgePlan, QUOTA_CHECK_INTERVAL_MS } from './storage-quota';

describe('storage quota decision', () => {
  it('checks every 30 s (SPEC §9)', () => {
    expect(QUOTA_CHECK_INTERVAL_MS).toBe(30_000);
  });

  it('purges nothing under the share, everything purgeable above it, images first', () => {
    expect(purgePlan({ usage: 79, quota: 100 })).toEqual([]);
    expect(purgePlan({ usage: 80, quota: 100 })).toEqual([]);
    expect(purgePlan({ usage: 81, quota: 100 })).toEqual(['image-caches', 'url-routes']);
    expect(purgePlan({ usage: 60, quota: 100 }, 0.5)).toEqual(['image-caches', 'url-routes']);
  });

  it('treats unknown figures as under quota and a quota error as above', () => {
    expect(aboveQuota({})).toBe(false);
    expect(aboveQuota({ usage: 10, quota: 0 })).toBe(false);
    expect(aboveQuota({ quota: 10 })).toBe(false);
    expect(purgePlan('quota-error')).toEqual(PURGE_ORDER);
  });

  it('never names the cart, the orders or the queued tasks', () => {
    const plan: string[] = purgePlan('quota-error');
    for (const kept of NEVER_PURGED) expect(plan).not.toContain(kept);
  });

  it('keeps the precached app and purges the picture caches', () => {
    expect(isPurgeableCache('workbox-precache-v2-http://127.0.0.1:3000/')).toBe(false);
    expect(isPurgeableCache('shop-images')).toBe(true);
  });
});
