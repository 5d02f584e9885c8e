import type { CartLine, DiffLog, ServerCartItem } from './cart-types';
import { emptyDiff } from './cart-types';
import { sameItem } from './item-match';
import { ownQty, pushLine, removeOnServer, serverLineKey, type MergeContext } from './cart-merge';
import { confirmLine, lineFromServer } from './server-line';

/** Which lines the shopper's changes were about: sent in this round, or made since and sent in the next. */
export interface OpKeys {
  sent: ReadonlySet<string>;
  /** Of the lines sent, those whose last change was a removal: one here again was put back since (a refused order). */
  removed: ReadonlySet<string>;
  later: ReadonlySet<string>;
}

/** No server cart has confirmed this line: it was never sent, or it was confirmed in a cart that is gone. */
const notInCart = (line: CartLine, cartId: string) => line.server_cart_id !== cartId;

/**
 * The device follows the server's cart after its own changes were applied there (POST /api/cart/apply):
 * the server's cart is then the shopper's cart, whichever device wrote it (two devices on one
 * account). So a line the server holds takes the server's quantity, one it no longer holds was
 * removed or ordered elsewhere and goes here too, and a server line the device lacks is added here:
 * a device never deletes a line it never had, nor brings back one removed elsewhere.
 *
 * Lines never confirmed in this cart and not covered by a change are sent whole, as the device holds
 * them (a new cart after the old one was lost, lines put back from a refused order). Lines with a
 * change made since this round read them wait for the next round, which sends it; only what the
 * server confirmed of them is recorded.
 */
export async function followServerCart(ctx: MergeContext, lines: readonly CartLine[], serverItems: readonly ServerCartItem[], ops: OpKeys): Promise<DiffLog> {
  const diff = emptyDiff();
  const unmatched = new Set(serverItems);
  for (const line of lines) {
    const match = [...unmatched].find((item) => sameItem(line, item, ctx.cartId)) ?? null;
    if (match) unmatched.delete(match);
    if (ops.later.has(line.id)) {
      // Changed since this round sent it: the next round sends that change. What the server confirmed
      // of it is recorded now, its cart and item, with the shopper's quantity and time kept as they
      // are; else an order placed before that round accounts the line as never in the cart and takes
      // none of what this round put there (seed 1190000076: the first of two nuts stayed in the cart).
      const own = match ? ownQty(ctx, match) : 0;
      if (own > 0 && (line.server_item_id !== match!.item_id || line.server_cart_id !== ctx.cartId)) {
        await ctx.store.putLine({ ...confirmLine(line, { ...match!, qty: own }, ctx.cartId, ctx.now()), qty: line.qty, updated_at: line.updated_at });
      }
      continue;
    }
    const covered = ops.sent.has(line.id) && !ops.removed.has(line.id);
    if (!covered && notInCart(line, ctx.cartId)) {
      diff.items.push({ party: 'server', status: match ? 'wrong-qty' : 'no-item', sku: line.sku, clientQty: line.qty, serverQty: match?.qty });
      const itemId = await pushLine(ctx, diff, { ...line, prev_qty: null }, match?.item_id ?? null);
      for (const item of unmatched) if (item.item_id === itemId) unmatched.delete(item);
      continue;
    }
    const own = match ? ownQty(ctx, match) : 0;
    if (own <= 0) {
      // Removed on another device, taken by an order, or the shopper's change was refused.
      diff.items.push({ party: 'client', status: 'no-item', sku: line.sku });
      await ctx.store.removeIfUnchanged(line.id);
    } else if (own !== line.qty || line.server_item_id !== match!.item_id || line.server_cart_id !== ctx.cartId) {
      if (own !== line.qty) diff.items.push({ party: 'client', status: 'wrong-qty', sku: line.sku, clientQty: line.qty, serverQty: own });
      await ctx.store.putLine(confirmLine(line, { ...match!, qty: own }, ctx.cartId, ctx.now()));
    }
  }
  for (const item of unmatched) {
    const key = serverLineKey(item);
    if (ops.later.has(key)) continue;
    // Let go meanwhile (an order emptied the cart): its lines are not the shopper's to bring back.
    if (ctx.isCurrent && !(await ctx.isCurrent())) break;
    diff.items.push({ party: 'client', status: 'no-item', sku: item.sku });
    const own = ownQty(ctx, item);
    if (ctx.leftWithOrders?.has(key)) await removeOnServer(ctx, diff, item);
    else if (own > 0) await ctx.store.putLine(lineFromServer({ ...item, qty: own }, ctx.cartId, ctx.now(), await ctx.lookup?.(item.sku)));
  }
  return diff;
}

