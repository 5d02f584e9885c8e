import { Observable, share } from 'rxjs';
import type { ApiClient } from '../api/api-types';
import { sleep } from '../api/api-types';
import { createSseParser } from './sse-parser';

export type StreamSignal = { kind: 'ready'; seq: number } | { kind: 'change'; entities: string[]; seq: number };

/**
 * What the stream says about orders, for every tab: an order's status changed (`ref` is the first 24
 * hex digits of the SHA-256 of its order_id, never the id), or the stream (re)connected and changes
 * may have been missed meanwhile.
 */
export type OrderStreamSignal = { kind: 'order'; ref: string; status: string } | { kind: 'resync' };

/**
 * The BroadcastChannel the tab holding the stream (the leader) passes order signals on, named by the
 * stream's URL. A channel rather than a local document: a signal is an event, not state, and every
 * order of the shop passes here, so it must cost no database write.
 */
export const orderSignalChannelName = (api: Pick<ApiClient, 'url'>) => `shop-order-status ${api.url('/api/catalog/stream')}`;

function openOrderChannel(api: ApiClient): BroadcastChannel | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(orderSignalChannelName(api));
  // In Node (tests) an open channel would keep the process alive.
  (channel as { unref?: () => void }).unref?.();
  return channel;
}

const REF = /^[0-9a-f]{24}$/;

export interface CatalogStreamOptions {
  /** Wait before reconnecting; the server's `retry:` field overrides it. */
  reconnectMs?: number;
}

function parse(data: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * GET /api/catalog/stream as an observable: `ready` on every (re)connect, `change` whenever the
 * catalogue changes. Reads the stream with fetch (EventSource is missing in Node and cannot be
 * aborted cleanly), reconnects until unsubscribed, and is shared so all catalogue replicas of a tab
 * use one connection. Opened only when a replica subscribes, i.e. in the leader tab. Its `order`
 * events (and each `ready`, as a resync) go to every tab on the order signal channel.
 */
export function catalogStream(api: ApiClient, options: CatalogStreamOptions = {}): Observable<StreamSignal> {
  return new Observable<StreamSignal>((subscriber) => {
    const controller = new AbortController();
    const orders = openOrderChannel(api);
    const tell = (signal: OrderStreamSignal) => orders?.postMessage(signal);
    let retryMs = options.reconnectMs ?? 3000;
    void (async () => {
      while (!controller.signal.aborted) {
        try {
          const response = await api.fetch(api.url('/api/catalog/stream'), { headers: { accept: 'text/event-stream' }, signal: controller.signal });
          if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
          const feed = createSseParser(
            (message) => {
              const data = parse(message.data);
              const seq = Number(data.seq ?? 0);
              if (message.event === 'ready') {
                subscriber.next({ kind: 'ready', seq });
                tell({ kind: 'resync' });
              } else if (message.event === 'order') {
                if (typeof data.ref === 'string' && REF.test(data.ref) && typeof data.status === 'string') tell({ kind: 'order', ref: data.ref, status: data.status });
              } else if (message.event === 'change') subscriber.next({ kind: 'change', entities: Array.isArray(data.entities) ? data.entities.map(String) : [], seq });
            },
            (ms) => (retryMs = options.reconnectMs ?? ms),
          );
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            feed(value);
          }
        } catch {
          // Offline, server restarting or aborted: try again below unless unsubscribed.
        }
        if (!controller.signal.aborted) await sleep(retryMs);
      }
    })();
    return () => {
      controller.abort();
      orders?.close();
    };
  }).pipe(share());
}
