import { concatMap, filter, Observable } from 'rxjs';
import type { ApiClient } from '../../../replication/api/api-types';
import { orderSignalChannelName, type OrderStreamSignal } from '../../../replication/catalog/catalog-stream';
import type { ShopDatabase } from '../database-types';
import { ordersNamedBy } from './order-status-refs';

function toSignal(data: unknown): OrderStreamSignal | null {
  const value = data as Partial<Record<string, unknown>> | null;
  if (value?.kind === 'resync') return { kind: 'resync' };
  if (value?.kind === 'order' && typeof value.ref === 'string' && typeof value.status === 'string') return { kind: 'order', ref: value.ref, status: value.status };
  return null;
}

/**
 * The order signals of the change stream, heard in this tab whichever tab holds the stream (the
 * leader passes them on; see replication/catalog/catalog-stream.ts). Nothing where the browser has no
 * BroadcastChannel: the screens then update when they are next opened.
 */
export function orderStreamSignals(api: Pick<ApiClient, 'url'>): Observable<OrderStreamSignal> {
  return new Observable<OrderStreamSignal>((subscriber) => {
    if (typeof BroadcastChannel !== 'function') return undefined;
    const channel = new BroadcastChannel(orderSignalChannelName(api));
    channel.onmessage = (event: MessageEvent) => {
      const signal = toSignal(event.data);
      if (signal) subscriber.next(signal);
    };
    return () => channel.close();
  });
}

/**
 * The signals that concern this device: a status change of one of `orderIds()` (the orders a screen
 * shows, read at the moment the signal comes) or of an order placed on this device (the `orders`
 * collection), and every resync (the stream was down, so a change may have been missed).
 */
export function knownOrderChanges(db: Pick<ShopDatabase, 'orders'>, api: Pick<ApiClient, 'url'>, orderIds: () => Iterable<string>): Observable<OrderStreamSignal> {
  return orderStreamSignals(api).pipe(
    concatMap(async (signal) => {
      if (signal.kind === 'resync') return signal;
      const placedHere = await db.orders
        .find()
        .exec()
        .then((docs) => docs.map((doc) => doc.order_id), () => []);
      return (await ordersNamedBy(signal.ref, [...orderIds(), ...placedHere])).length > 0 ? signal : null;
    }),
    filter((signal): signal is OrderStreamSignal => signal !== null),
  );
}
