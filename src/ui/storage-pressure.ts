/**
 * Storage running out: a write refused with QuotaExceededError, or usage above the shop's share of the
 * quota. Caches that can be rebuilt (the url route cache, images) listen and let go of their entries.
 */
const listeners = new Set<() => void>();

export function onStoragePressure(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportStoragePressure(): void {
  listeners.forEach((l) => l());
}

/** A browser storage quota error, however it is wrapped (DOMException, Dexie's error, RxDB's). */
export function isQuotaError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { name, message } = e as { name?: unknown; message?: unknown };
    if (name === 'QuotaExceededError' || (typeof message === 'string' && message.includes('QuotaExceededError'))) return true;
    e = (e as { inner?: unknown; cause?: unknown }).inner ?? (e as { cause?: unknown }).cause;
  }
  return false;
}
