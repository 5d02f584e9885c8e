import { itemChecksum } from '../../../src/domain/cart/item-checksum';
import { createApiClient } from '../../../replication/api/api-client';
import { createCartSync } from '../../../replication/cart/cart-sync';
import type { CartLine, CartState } from '../../../replication/cart/cart-types';
import { fakeCartServer } from './fake-cart-server';
import type { AwaitingProduct } from '../../../replication/cart/item-match';
import { lineKey } from '../../../src/domain/cart/line-key';
import { memoryCartStore } from './memory-cart-store';
import { withCartOp } from '../../../replication/cart/cart-ops-journal';

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
    online: true,
    /** Cart id → the products of orders placed on this device and not sent yet that name it. */
    awaiting: {} as Record<string, AwaitingProduct[]>,
    sync: null as unknown as ReturnType<typeof createCartSync>,
    /** The session token appears (login), as the shop's wiring then calls `authorize`. */
    signIn() {
      page.session = 'customer-token';
      server.signedIn = true;
      return page.sync.authorize();
    },
    add: (line: CartLine) => void store.map.set(line.id, { ...line }),
    /** The shopper sets a line's quantity, as the cart screens do: the change is recorded, then the line written. */
    async setQty(sku: string, qty: number) {
      const line = [...store.map.values()].find((l) => l.sku === sku)!;
      const opId = crypto.randomUUID();
      await store.updateState((s) => withCartOp(s, 'set', line, qty, undefined, opId));
      store.map.set(line.id, { ...line, qty, updated_at: line.updated_at + 1, last_op_id: opId });
    },
    /** The shopper adds `qty` of a product, as "Add to cart" does. */
    async addMore(line: CartLine, qty: number) {
      const opId = crypto.randomUUID();
      await store.updateState((s) => withCartOp(s, 'add', line, qty, undefined, opId));
      const current = store.map.get(line.id);
      store.map.set(line.id, current ? { ...current, qty: current.qty + qty, updated_at: current.updated_at + 1, last_op_id: opId } : { ...line, qty, last_op_id: opId });
    },
    /** The shopper removes a line. */
    async remove(sku: string) {
      const line = [...store.map.values()].find((l) => l.sku === sku)!;
      await store.updateState((s) => withCartOp(s, 'remove', line));
      store.map.delete(line.id);
    },
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
        notify: async (notice) => void notices.push(notice.message),
        awaitingOrder: async (cartId) => page.awaiting[cartId] ?? [],
      });
    },
  };
  page.reload();
  return page;
}
