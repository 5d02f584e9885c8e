/*
 * Kept free of rxjs and the database: the layout asks it on the first screen, to load the download's
 * question only where it may be asked (watchMetered, in offline-catalog-choice.ts, follows changes).
 */

/** What this module reads of the browser's Network Information API (Chromium; absent in Safari and Firefox). */
export interface ConnectionInfo extends Partial<EventTarget> {
  saveData?: boolean;
  type?: string;
  effectiveType?: string;
}

/** Effective types slow enough that a shopper is likely paying for, or waiting on, every megabyte. */
const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);

/**
 * Whether the connection is metered or the shopper asked to save data: Save-Data on, a cellular
 * connection, or one as slow as 3G. The catalogue download then waits for the shopper's answer.
 * Unknown (no API) counts as unmetered: the download goes ahead as it always has.
 */
export function isMetered(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || connection.type === 'cellular' || SLOW_TYPES.has(connection.effectiveType ?? '');
}

export const browserConnection = (): ConnectionInfo | undefined => (typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionInfo }).connection);

export const connectionIsMetered = (): boolean => isMetered(browserConnection());
