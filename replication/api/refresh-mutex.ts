/**
 * One token refresh at a time across the whole browser: refresh tokens rotate and reusing one revokes
 * the family, so two tabs refreshing with the same token would log the shopper out. Web Locks span
 * tabs; where they are missing (Node tests, old browsers) a realm-wide queue is the fallback, which
 * covers every database instance of one process.
 */
export type Mutex = <T>(task: () => Promise<T>) => Promise<T>;

const LOCK_NAME = 'fixings-shop:token-refresh';
let tail: Promise<unknown> = Promise.resolve();

const realmMutex: Mutex = (task) => {
  const run = tail.then(task, task);
  tail = run.catch(() => undefined);
  return run;
};

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export function browserMutex(): Mutex {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (!locks) return realmMutex;
  return (task) => locks.request(LOCK_NAME, task);
}
