import { describe, expect, it } from 'vitest';
import { webLockLeadership } from './tab-leadership';

/** A lock manager like the browser's: one holder per name, waiters served in order, abortable. */
function fakeLocks() {
  const queue: { signal: AbortSignal; grant: () => void }[] = [];
  let held = false;
  const next = () => {
    if (held) return;
    const waiter = queue.shift();
    if (waiter) waiter.grant();
  };
  return {
    request(_name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const entry = {
          signal: options.signal,
          grant: () => {
            held = true;
            void callback().then(() => {
              held = false;
              resolve(undefined);
              next();
            });
          },
        };
        options.signal.addEventListener('abort', () => {
          const at = queue.indexOf(entry);
          if (at >= 0) queue.splice(at, 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
        queue.push(entry);
        next();
      });
    },
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('webLockLeadership', () => {
  it('lets one tab lead; a frozen leader hands over and queues again on resume', async () => {
    const locks = fakeLocks();
    const pageA = new EventTarget();
    const pageB = new EventTarget();
    const a = webLockLeadership('lead', locks, pageA);
    const b = webLockLeadership('lead', locks, pageB);
    a.start();
    b.start();
    await flush();
    expect([a.isLeading(), b.isLeading()]).toEqual([true, false]);

    pageA.dispatchEvent(new Event('freeze'));
    await flush();
    expect([a.isLeading(), b.isLeading()]).toEqual([false, true]);

    pageA.dispatchEvent(new Event('resume'));
    await flush();
    expect([a.isLeading(), b.isLeading()]).toEqual([false, true]);

    b.stop(); // the leading tab closes
    await flush();
    expect([a.isLeading(), b.isLeading()]).toEqual([true, false]);
    a.stop();
  });

  it('reports every change of the lead', async () => {
    const locks = fakeLocks();
    const page = new EventTarget();
    const tab = webLockLeadership('lead', locks, page);
    const seen: boolean[] = [];
    const sub = tab.leading$.subscribe((v) => seen.push(v));
    tab.start();
    await flush();
    page.dispatchEvent(new Event('freeze'));
    page.dispatchEvent(new Event('resume'));
    await flush();
    tab.stop();
    sub.unsubscribe();
    expect(seen).toEqual([false, true, false, true, false]);
  });
});
