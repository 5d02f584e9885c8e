import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useShop } from '../../../db/hooks/shop-context';
import { readOrderHistory } from '../../../db/orders/order-history-cache';
import { useCurrentUser } from '../use-account-query';
import { useOrderChanges } from '../use-order-changes';
import { ORDER_HISTORY_PATH, type OrderHistory } from './account-orders';

/** The order history to show: `asOf` is null for the server's reply now, else the time the kept reply was received. */
export interface ShownOrderHistory extends OrderHistory {
  asOf: number | null;
}

/**
 * The signed-in customer's order history (GET /api/user/order-history), read again as soon as the
 * status of one of its orders changes, in every open tab. Offline or with the server out of reach it
 * is the last reply kept on the device, with its time. The key carries the account's e-mail, like
 * every account read, so one shopper never sees another's cached orders.
 */
export function useOrderHistory(query: Record<string, string | number>) {
  const shop = useShop();
  const email = useCurrentUser()?.email ?? null;
  const client = useQueryClient();
  const history = useQuery({
    queryKey: ['account', 'orders', email, ORDER_HISTORY_PATH, query],
    enabled: Boolean(shop && email),
    staleTime: 0,
    // Offline the read still runs, and answers from the device.
    networkMode: 'always',
    queryFn: async (): Promise<ShownOrderHistory> => {
      if (!shop || !email) throw new Error('not ready');
      const { reply, asOf } = await readOrderHistory<OrderHistory>(shop.db, shop.sync.api, email, ORDER_HISTORY_PATH, query);
      return { ...reply, asOf };
    },
  });
  const shown = history.data?.items.map((order) => order.order_id) ?? [];
  useOrderChanges(shown, () => void client.invalidateQueries({ queryKey: ['account', 'orders', email] }));
  return history;
}
