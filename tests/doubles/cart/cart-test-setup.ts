import { itemChecksum } from '../../../src/domain/cart/item-checksum';
import { createApiClient } from '../../../replication/api/api-client';
import { createCartSync } from '../../../replication/cart/cart-sync';
import type { CartLine, CartState } from '../../../replication/cart/cart-types';
import { fakeCartServer } from './fake-cart-server';
import { lineKey, type OrderedProduct } from '../../../replication/cart/item-match';
import { memoryCartStore } from './memory-cart-store';

/** A local cart line as the shopper added it (not yet on any server cart). */
export const newLine = (sku: string, qty: number, at = 1, extra: Partial<CartLine> = {}): CartLine => ({
  id: lineKey(sku, itemChecksum(null)),
  sku,
  name: sku,
  type_id: 'simple',
  qty,
  checksum: itemChecksum(null),
  product_option: {},
  price_pence: 1000,
  price_incl_tax_pence: 1200,
  errors: {},
  info: {},
  added_at: at,
  updated_at: at,
  ...extra,
});

/**
 * The cart sync over the real API client, a cart server in memory and a cart store in memory: one
 * page of the shop. `reload()` gives a new page over the same stored cart.
 */
export function cartSyncSetup(options: { state?: Partial<CartState>; server?: ReturnType<typeof fakeCartServer> } = {}) {
  const server = options.server ?? fakeCartServer();
  const store = memoryCartStore(options.state);
  const notices: string[] = [];
  const page = {
    server,
    store,
    notices,
    /** The shopper's session token (null: a guest). */
    session: null as string | null,
    inCheckout: false,
    online: true,
    /** Cart id → the products of orders placed on this device and not sent yet that name it. */
    awaiting: {} as Record<string, OrderedProduct[]>,
    sync: null as unknown as ReturnType<typeof createCartSync>,
    /** The session token appears (login), as the shop's wiring then calls `authorize`. */
    signIn() {
      page.session = 'customer-token';
      server.signedIn = true;
      return page.sync.authorize();
    },
    add: (line: CartLine) => void store.map.set(line.id, { ...line }),
    local: () => Object.fromEntries([...store.map.values()].map((l) => [l.sku, l.qty])),
    onServer: () => server.lines(store.current().token),
    reload() {
      page.sync = createCartSync({
        api: createApiClient({
          baseUrl: 'http://shop.test',
          fetch: server.fetch,
          tokens: { read: async () => ({ token: page.session, refreshToken: null }), write: async () => undefined },
          autoRefreshTokens: false,
          timeoutMs: 200,
        }),
        store,
        isOnline: () => page.online,
        hasUserToken: async () => page.session !== null,
        inCheckout: async () => page.inCheckout,
        notify: async (notice) => void notices.push(notice.message),
        awaitingOrder: async (cartId) => page.awaiting[cartId] ?? [],
      });
    },
  };
  page.reload();
  return page;
}
