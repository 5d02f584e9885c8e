/**
 * DevTools on the catalogue's shared worker from a Playwright browser connected over CDP: Playwright
 * has no handle on shared workers, so the browser session attaches to the worker's target and sends
 * the worker's commands through `Target.sendMessageToTarget` (the browser session cannot carry a
 * flattened child session).
 */
import type { Browser, CDPSession } from 'playwright-core';
import { sleep } from './stats';

export interface WorkerTarget {
  /** The worker script's URL. */
  url: string;
  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>;
  detach(): Promise<void>;
}

/** Waits for a shared worker whose script URL matches `script` and attaches to it. */
export async function attachSharedWorker(browser: Browser, script: RegExp, timeoutMs = 60_000): Promise<WorkerTarget> {
  const session: CDPSession = await browser.newBrowserCDPSession();
  type TargetInfo = { targetId: string; type: string; url: string };
  let found: TargetInfo | undefined;
  for (const started = Date.now(); !found; await sleep(50)) {
    const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
    found = targetInfos.find((t) => t.type === 'shared_worker' && script.test(t.url));
    if (!found && Date.now() - started > timeoutMs) throw new Error(`no shared worker matching ${script} within ${timeoutMs / 1000} s (targets: ${targetInfos.map((t) => `${t.type} ${t.url}`).join(', ')})`);
  }
  const { sessionId } = await session.send('Target.attachToTarget', { targetId: found.targetId, flatten: false });
  let next = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  session.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
    const pending = message.id === undefined ? undefined : waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id!);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result);
  });
  return {
    url: found.url,
    send<T>(method: string, params: Record<string, unknown> = {}) {
      const id = next++;
      const answer = new Promise<T>((resolve, reject) => waiting.set(id, { resolve, reject }));
      void session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch((error: Error) => waiting.get(id)?.reject(error));
      return answer;
    },
    async detach() {
      await session.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
      await session.detach().catch(() => undefined);
    },
  };
}
