import type { LocalKey } from '../local-state';
import type { ShopDatabase } from '../database-types';
import { modifyLocal } from '../local-state';

/**
 * What the sync status panel needs beyond the queues themselves, kept as a local document so every
 * tab shows the same: the leader tab writes it, a "Retry now" in any tab asks the leader through it.
 */
export interface SyncRecord {
  /** The last time the catalogue replicas finished a pull without error. */
  lastCatalogueSyncAt: number | null;
  /** The last time the leader finished a full round (tasks, cart, orders) while online. */
  lastSyncAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  /** Set by "Retry now" in any tab; the leader runs a round when it changes. */
  retryRequestedAt: number | null;
}

export const SYNC_STATUS: LocalKey<SyncRecord> = {
  id: 'sync-status',
  fallback: { lastCatalogueSyncAt: null, lastSyncAt: null, lastError: null, lastErrorAt: null, retryRequestedAt: null },
};

/** Bookkeeping only: a page closing its database mid-sync must not turn into an error of its own. */
async function note(db: ShopDatabase, change: (s: SyncRecord) => SyncRecord): Promise<void> {
  if (db.closed) return;
  try {
    await modifyLocal(db, SYNC_STATUS, change);
  } catch (error) {
    // LD8: the local documents were closed while the change was on its way.
    if (!db.closed && (error as { code?: string }).code !== 'LD8') throw error;
  }
}

export const recordSyncError = (db: ShopDatabase, message: string, at = Date.now()) => note(db, (s) => ({ ...s, lastError: message, lastErrorAt: at }));

export const recordCatalogueSync = (db: ShopDatabase, at = Date.now()) => note(db, (s) => ({ ...s, lastCatalogueSyncAt: at }));

/** A round that started at `startedAt` finished; an error older than the round is cleared by it. */
export const recordSyncRound = (db: ShopDatabase, startedAt: number, at = Date.now()) =>
  note(db, (s) => ({
    ...s,
    lastSyncAt: at,
    ...(s.lastErrorAt === null || s.lastErrorAt < startedAt ? { lastError: null, lastErrorAt: null } : {}),
  }));

export const requestRetry = (db: ShopDatabase, at = Date.now()) => modifyLocal(db, SYNC_STATUS, (s) => ({ ...s, retryRequestedAt: at }));
