/**
 * "The thank-you page is open" must end with the page: a reload or a closed tab never runs the
 * page's cleanup, so a stored flag alone would stay set and send later offline orders without the
 * shopper's confirmation. Where the browser has Web Locks, each open thank-you page holds a shared
 * lock that the browser releases when the page goes; the stored flag counts only while one is held.
 */
const LOCK = 'fixings-shop:thank-you-open';

interface LockManagerLike {
  request(name: string, options: { mode: 'shared' }, callback: () => Promise<void>): Promise<void>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

const locks = (): LockManagerLike | undefined => (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;

/** Holds the presence lock until the returned function is called (the page unmounts). */
export function holdThankYouPresence(): () => void {
  const manager = locks();
  if (!manager) return () => undefined;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  void manager.request(LOCK, { mode: 'shared' }, () => held).catch(() => undefined);
  return release;
}

/** Is a thank-you page open in some tab? Without Web Locks, the stored flag is all there is. */
export async function thankYouPageIsOpen(storedFlag: boolean): Promise<boolean> {
  if (!storedFlag) return false;
  const manager = locks();
  if (!manager) return true;
  const state = await manager.query().catch(() => null);
  return state ? (state.held ?? []).some((l) => l.name === LOCK) : true;
}
