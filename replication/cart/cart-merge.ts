import type { CartApi } from './cart-api';
import type { CartLine, CartStore, DiffLog, ServerCartItem, SyncOptions } from './cart-types';
import { emptyDiff } from './cart-types';
import { sameItem } from './item-match';
import { confirmLine, lineFromServer, type LineProductInfo } from './server-line';

export interface MergeContext {
  cart: CartApi;
  store: CartStore;
  cartId: string;
  /** Server error texts are shown (the update call is not silent). */
  showError(message: string): Promise<void>;
  now(): number;
  /** What the local catalogue knows about a sku, for lines the server adds. */
  lookup?(sku: string): Promise<LineProductInfo | undefined>;
}

const isItem = (value: unknown): value is ServerCartItem => typeof value === 'object' && value !== null && typeof (value as ServerCartItem).item_id === 'number';

/**
 * Sends one local line to the server with an absolute quantity. On a refusal the local line is
 * removed when the server never had it (it could not be added, e.g. out of stock), or its quantity
 * goes back to the last one the server confirmed (SPEC §4).
 */
async function pushLine(ctx: MergeContext, diff: DiffLog, line: CartLine, qty: number, serverItemId: number | null): Promise<void> {
  const reply = await ctx.cart.update(ctx.cartId, {
    sku: line.sku,
    qty,
    ...(serverItemId !== null ? { item_id: serverItemId } : {}),
    quoteId: ctx.cartId,
    ...(Object.keys(line.product_option).length > 0 ? { product_option: line.product_option } : {}),
  });
  diff.serverResponses.push({ status: reply.code, sku: line.sku, result: reply.result });
  if (reply.code === 200 && isItem(reply.result)) {
    await ctx.store.putLine(confirmLine(line, reply.result, ctx.cartId, ctx.now()));
    return;
  }
  if (typeof reply.result === 'string') await ctx.showError(reply.result);
  if (serverItemId === null) {
    await ctx.store.removeLine(line.id);
  } else if (line.prev_qty && line.prev_qty > 0) {
    await ctx.store.putLine({ ...line, qty: line.prev_qty, server_item_id: serverItemId, item_id: serverItemId, updated_at: ctx.now() });
  } else {
    await ctx.store.removeLine(line.id);
  }
}

/**
 * The merge of vsf1 §1.5. Client lines first: missing on the server → added there (no-item);
 * another quantity, or a login merge → the server gets the client's (or the summed) quantity
 * (wrong-qty); equal → the local line takes the server's ids. Then server lines the client lacks
 * (no-item on the client side): deleted on the server when the client state wins, else added locally.
 */
export async function mergeCart(ctx: MergeContext, serverItems: readonly ServerCartItem[], options: SyncOptions): Promise<DiffLog> {
  const diff = emptyDiff();
  const unmatched = new Set(serverItems);
  for (const line of await ctx.store.lines()) {
    const match = [...unmatched].find((item) => sameItem(line, item, ctx.cartId));
    if (!match) {
      diff.items.push({ party: 'server', status: 'no-item', sku: line.sku });
      await pushLine(ctx, diff, line, line.qty, null);
      continue;
    }
    unmatched.delete(match);
    if (match.qty !== line.qty || options.mergeQty) {
      // A line's ids from an earlier cart (the guest cart before a login) do not identify it here.
      const ownIds = line.server_cart_id === ctx.cartId ? line : { ...line, prev_qty: null };
      diff.items.push({ party: 'server', status: 'wrong-qty', sku: line.sku, clientQty: line.qty, serverQty: match.qty });
      await pushLine(ctx, diff, ownIds, options.mergeQty ? line.qty + match.qty : line.qty, match.item_id);
    } else if (line.server_item_id !== match.item_id || line.server_cart_id !== ctx.cartId) {
      await ctx.store.putLine(confirmLine(line, match, ctx.cartId, ctx.now()));
    }
  }
  for (const item of unmatched) {
    diff.items.push({ party: 'client', status: 'no-item', sku: item.sku });
    if (options.forceClientState) {
      const reply = await ctx.cart.remove(ctx.cartId, { sku: item.sku, item_id: item.item_id, quoteId: ctx.cartId });
      diff.serverResponses.push({ status: reply.code, sku: item.sku, result: reply.result });
    } else {
      await ctx.store.putLine(lineFromServer(item, ctx.cartId, ctx.now(), await ctx.lookup?.(item.sku)));
    }
  }
  return diff;
}
