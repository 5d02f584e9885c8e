/** How long a read waits for the device's database to open before giving up (as the offline redirect does). */
export const WAIT_FOR_DATABASE_MS = 30_000;

/**
 * Something the database provides once it has opened in its lazy chunk after the first render. A read
 * made before that (an offline reload) waits for it, for a while, rather than failing at once.
 */
export function databaseLatch<T>() {
  let value: T | null = null;
  const waiting = new Set<() => void>();
  return {
    set(next: T): void {
      value = next;
      waiting.forEach((wake) => wake());
      waiting.clear();
    },
    /** The value, once set; null when it is still missing after `waitMs`. */
    async wait(waitMs = WAIT_FOR_DATABASE_MS): Promise<T | null> {
      if (value !== null) return value;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, waitMs);
        waiting.add(wake);
      });
      return value;
    },
  };
}
