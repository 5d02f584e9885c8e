import { MESSAGES, ResponseFormatError } from '../api/api-errors';
import type { CartApi } from './cart-api';
import { CartLostError, cartReplyKind } from './cart-outcome';
import type { CartLine, CartStore, DiffLog, ServerCartItem } from './cart-types';
import { emptyDiff } from './cart-types';
import { itemChecksum } from '../../src/domain/cart/item-checksum';
import { lineKey } from '../../src/domain/cart/line-key';
import { sameItem } from './item-match';
import { confirmLine, lineFromServer, type LineProductInfo } from './server-line';
import { withChangesBack, type PendingCartOp } from './cart-ops-journal';
import { isWithdrawn, mergeAddId, mergeAddOf, resentAdds, withMergeAdd, withoutMergeAdd, type MergeAdd } from './merge-adds';

export interface MergeContext {
  cart: CartApi;
  store: CartStore;
  cartId: string;
  /** Server error texts are shown (the update call is not silent). */
  showError(message: string): Promise<void>;
  now(): number;
  /** What the local catalogue knows about a sku, for lines the server adds. */
  lookup?(sku: string): Promise<LineProductInfo | undefined>;
  /** Line key → quantity that orders not yet sent take from this cart (see `ownQty`). */
  awaiting?: ReadonlyMap<string, number>;
  /** Keys of lines that left the device with an order not naming this cart (`CartState.leftWithOrders`). */
  leftWithOrders?: ReadonlySet<string>;
  /** The login merge: ids of lines the shopper removed or set a quantity on while it was pending (`withLineReplacedDuringMerge`). */
  removedWhileMerging?: ReadonlySet<string>;
  /** The login merge: keys of lines whose adds it sent again ahead of an order's take (`withMergeAddsResent`); the cart's copy waits for them. */
  strayMergeAdds?: ReadonlySet<string>;
  /** The login merge: keys of lines carried from a converted cart (`CartState.carriedLines`); they take the server's quantity. */
  carriedLines?: ReadonlySet<string>;
  /** The login merge: the changes it dropped as held by the lines it read, given back for a line gone before it was sent (`withChangesBack`). */
  heldChanges?: readonly PendingCartOp[];
  /** The login merge: its adds sent and not answered, and its name (`merge-adds.ts`). */
  mergeAdds?: readonly MergeAdd[];
  mergeId?: string | null;
  /** The login merge: ids of its first adds orders withdrew (`withMergeAddsWithdrawn`). */
  withdrawnMergeAdds?: ReadonlySet<string>;
  /** The device still uses this cart (not let go since the round began). */
  isCurrent?(): Promise<boolean>;
}

export interface MergeMode {
  /**
   * The login merge: a line not yet merged into this cart is sent with both quantities summed, and
   * server lines the device lacks are added here, never deleted.
   */
  login: boolean;
  /**
   * The lines include a cart a logout kept before the server had it (`CartState.signedOutCart`): the
   * ids of the lines the shopper removed before that logout, deleted there as the sync the logout
   * cut short would have done. Other server lines the device lacks are kept: another device may
   * have added them after this one last read the cart.
   */
  restored?: ReadonlySet<string> | null;
}

/**
 * What of a server line is the cart's own. An order the device placed but has not sent yet names this
 * cart, and the server turns the cart into that order when it arrives: the ordered quantity is the
 * order's, already taken out of the device's cart, and must not come back to it.
 */
export const ownQty = (ctx: MergeContext, item: ServerCartItem) => item.qty - (ctx.awaiting?.get(serverLineKey(item)) ?? 0);

/** The id the device gives the line a server line is (the same product with other options is another line). */
export const serverLineKey = (item: ServerCartItem) => lineKey(item.sku, itemChecksum(item.product_option));

const isItem = (value: unknown): value is ServerCartItem => typeof value === 'object' && value !== null && typeof (value as ServerCartItem).item_id === 'number';

/** A line the round read went before it was sent: the changes the login merge dropped for it go back (`withChangesBack`). */
async function goneBeforeSent(ctx: MergeContext, lineId: string): Promise<null> {
  const held = ctx.heldChanges?.filter((op) => op.key === lineId) ?? [];
  if (held.length > 0) await ctx.store.updateState((s) => withChangesBack(s, held));
  return null;
}

/**
 * Sends one local line to the server with an absolute quantity; returns the server's item id for it,
 * or null when refused. Only a refusal changes the line (SPEC §4): it is removed when the server never
 * had it (e.g. out of stock), or goes back to the quantity the server last confirmed. An unknown
 * outcome throws and leaves the line as it is, to be sent again; so does a lost cart (CartLostError).
 */
export async function pushLine(ctx: MergeContext, diff: DiffLog, line: CartLine, serverItemId: number | null): Promise<number | null> {
  // Removed or taken by an order since the round read it: the server must not get it now. (Taken
  // after this check, the order records it in `leftWithOrders` and the next round deletes it there.)
  if (!(await ctx.store.hasLine(line.id))) return goneBeforeSent(ctx, line.id);
  // The line is what the cart keeps once the orders not yet sent take their quantities from it (see
  // `ownQty`): the server holds both, or such an order, converting the cart, takes this line with it.
  const ordered = ctx.awaiting?.get(line.id) ?? 0;
  const reply = await ctx.cart.update(ctx.cartId, {
    sku: line.sku,
    qty: line.qty + ordered,
    ...(serverItemId !== null ? { item_id: serverItemId } : {}),
    quoteId: ctx.cartId,
    ...(Object.keys(line.product_option).length > 0 ? { product_option: line.product_option } : {}),
  });
  diff.serverResponses.push({ status: reply.code, sku: line.sku, result: reply.result });
  const kind = cartReplyKind(reply);
  if (kind === 'cart-lost') throw new CartLostError(reply.code, reply.result);
  if (kind === 'done') {
    if (!isItem(reply.result)) throw new ResponseFormatError(MESSAGES.wrongFormat, reply.code);
    await ctx.store.putLine(confirmLine(line, { ...reply.result, qty: reply.result.qty - ordered }, ctx.cartId, ctx.now()));
    return reply.result.item_id;
  }
  if (typeof reply.result === 'string') await ctx.showError(reply.result);
  if (serverItemId !== null && line.prev_qty && line.prev_qty > 0) {
    await ctx.store.putLine({ ...line, qty: line.prev_qty, server_item_id: serverItemId, item_id: serverItemId, updated_at: ctx.now() });
  } else {
    await ctx.store.removeLine(line.id);
  }
  return null;
}

/**
 * Sends a line the login merge has just merged (`markMerged`) as an add of what it puts on top of the
 * cart it read, applied by its id to the cart as the server holds it when it arrives (POST
 * /api/cart/apply), so another device's change since that read stays: sent with the summed
 * quantity, the line wrote over it (the phone's box of screws, added while the signing-in laptop
 * read the cart, was lost). On that cart as read, the add leaves what `pushLine` would have written.
 * Its reply tells what the cart now holds; a refusal leaves the line as the server has it. Returns
 * the server's item id for the line, or null when it has none.
 */
async function addOnServer(ctx: MergeContext, diff: DiffLog, line: CartLine, match: ServerCartItem | null, ops: readonly PendingCartOp[]): Promise<number | null> {
  if (!(await ctx.store.hasLine(line.id))) return goneBeforeSent(ctx, line.id);
  // An order took the line since it was read here, and withdrew its add in the same write.
  let withdrawn = false;
  await ctx.store.updateState((s) => {
    withdrawn = isWithdrawn(s, ops);
    return withdrawn ? s : withMergeAdd(s, { cartId: ctx.cartId, key: line.id, ops: [...ops], lineQty: line.qty });
  });
  if (withdrawn) return goneBeforeSent(ctx, line.id);
  const reply = await ctx.cart.apply(ctx.cartId, ops);
  diff.serverResponses.push({ status: reply.code, sku: line.sku, result: reply.result });
  const kind = cartReplyKind(reply);
  if (kind === 'cart-lost') throw new CartLostError(reply.code, reply.result);
  const answered = () => ctx.store.updateState((s) => withoutMergeAdd(s, ctx.cartId, line.id));
  if (kind === 'refused' || typeof reply.result === 'string') {
    if (kind === 'done') throw new ResponseFormatError(MESSAGES.wrongFormat, reply.code);
    await answered();
    if (typeof reply.result === 'string') await ctx.showError(reply.result);
    // The cart as read is all the device knows of it.
    if (match && ownQty(ctx, match) > 0) await ctx.store.putLine(confirmLine(line, { ...match, qty: ownQty(ctx, match) }, ctx.cartId, ctx.now()));
    else await ctx.store.removeLine(line.id);
    return null;
  }
  const { items, results } = reply.result ?? {};
  if (!Array.isArray(items) || !Array.isArray(results)) throw new ResponseFormatError(MESSAGES.wrongFormat, reply.code);
  await answered();
  for (const result of results) if (result.status === 'refused' && result.message) await ctx.showError(result.message);
  const item = items.find((candidate) => sameItem(line, candidate, ctx.cartId));
  if (!item || ownQty(ctx, item) <= 0) {
    await ctx.store.removeLine(line.id);
    return null;
  }
  await ctx.store.putLine(confirmLine(line, { ...item, qty: ownQty(ctx, item) }, ctx.cartId, ctx.now()));
  return item.item_id;
}

/** An add of `qty` to the line, with an id of its own. */
const addOp = (line: CartLine, qty: number, opId: string = crypto.randomUUID()): PendingCartOp => ({
  op_id: opId,
  type: 'add',
  key: line.id,
  sku: line.sku,
  product_option: Object.keys(line.product_option).length > 0 ? line.product_option : null,
  qty,
});

/**
 * The merge's add of a line it has just merged: what the line puts on top of the cart as read, under
 * the id an order placed meanwhile names it by (`mergeAddId`).
 */
const firstAdd = (ctx: MergeContext, line: CartLine, match: ServerCartItem | null) => [
  addOp(line, line.qty + (ctx.awaiting?.get(line.id) ?? 0) - (match?.qty ?? 0), namedAddId(ctx, line.id)),
];

/** The merge's id for its first add of a line; a new one when an order withdrew it (the line added again since is not that order's). */
function namedAddId(ctx: MergeContext, key: string): string | undefined {
  const id = ctx.mergeId ? mergeAddId(ctx.mergeId, ctx.cartId, key) : undefined;
  return id && !ctx.withdrawnMergeAdds?.has(id) ? id : undefined;
}

/** Deletes a server line the device lacks; a refusal keeps it on both sides. */
export async function removeOnServer(ctx: MergeContext, diff: DiffLog, item: ServerCartItem): Promise<void> {
  const reply = await ctx.cart.remove(ctx.cartId, { sku: item.sku, item_id: item.item_id, quoteId: ctx.cartId });
  diff.serverResponses.push({ status: reply.code, sku: item.sku, result: reply.result });
  const kind = cartReplyKind(reply);
  if (kind === 'cart-lost') throw new CartLostError(reply.code, reply.result);
  if (kind === 'refused') {
    if (typeof reply.result === 'string') await ctx.showError(reply.result);
    await ctx.store.putLine(lineFromServer(item, ctx.cartId, ctx.now(), await ctx.lookup?.(item.sku)));
  }
}

/**
 * The login merge writes its result on the device before sending it: the line then belongs to this
 * cart, so when the reply is lost and the merge runs again, it sends the same quantity instead of
 * adding the server's quantity a second time. A line the shopper removed during the merge and added
 * again holds only what was added since: the removal took the saved quantity with it.
 */
async function markMerged(ctx: MergeContext, line: CartLine, match: ServerCartItem | null): Promise<CartLine> {
  const itemId = match?.item_id ?? null;
  const saved = match && !ctx.removedWhileMerging?.has(line.id) ? Math.max(0, ownQty(ctx, match)) : 0;
  const merged: CartLine = { ...line, qty: line.qty + saved, prev_qty: match?.qty ?? null, item_id: itemId, server_item_id: itemId, server_cart_id: ctx.cartId };
  await ctx.store.putLine(merged);
  return merged;
}

/**
 * Sends a line `markMerged` wrote as merged (`line` as the round read it). A cart that refuses it
 * (401, 403, 404: converted by an order meanwhile, or no longer this shopper's) did not write it, so
 * the line goes back to the device's own quantity, not merged: the merge into the next cart sums it
 * with what that cart holds. Left marked, it would count as a line of the next cart (see
 * `carryMergedLines`) and be sent there at the summed quantity, bringing back what the order took
 * (seed 1000000942: 4 screws + 1 sent as 5 after an order of 3 left 1, instead of 2). A line the
 * shopper changed since is theirs, and stays as it is.
 */
async function pushMerged(ctx: MergeContext, line: CartLine, merged: CartLine, send: (merged: CartLine) => Promise<number | null>): Promise<number | null> {
  try {
    return await send(merged);
  } catch (error) {
    if (error instanceof CartLostError) {
      const current = (await ctx.store.lines()).find((l) => l.id === line.id);
      const unchanged = current && current.qty === merged.qty && current.server_cart_id === merged.server_cart_id && current.updated_at === line.updated_at && current.last_op_id === line.last_op_id;
      if (unchanged) await ctx.store.putLine(line);
    }
    throw error;
  }
}

/**
 * The login merge (vsf1 §1.5) over the lines a sync round read. Client lines first: missing on the server
 * → added there (no-item); another quantity, or not yet merged after a login → the server gets the
 * client's (or the summed) quantity (wrong-qty); equal → the local line takes the server's ids. Then
 * server lines the client lacks (no-item on the client side): added locally, unless the shopper
 * removed them (a restored cart, a removal during the merge) or an order took them.
 */
export async function mergeCart(ctx: MergeContext, lines: readonly CartLine[], serverItems: readonly ServerCartItem[], mode: MergeMode): Promise<DiffLog> {
  const diff = emptyDiff();
  const unmatched = new Set(serverItems);
  // The server keys lines by sku and options: a line sent as new may land on a server line the
  // device did not match (its item id changed). That line is this one now, not one to delete.
  const sent = (itemId: number | null) => {
    for (const item of unmatched) if (item.item_id === itemId) unmatched.delete(item);
  };
  for (const line of lines) {
    const match = [...unmatched].find((item) => sameItem(line, item, ctx.cartId));
    if (match) unmatched.delete(match);
    const notMerged = mode.login && line.server_cart_id !== ctx.cartId;
    const replaces = ctx.removedWhileMerging?.has(line.id) ?? false;
    // A line merged here adds to the cart (`addOnServer`). One merged before by a round whose reply was
    // lost sends the same adds again (`merge-adds.ts`), or, with none recorded, goes whole, as the
    // quantity it holds already sums the cart's; so does one the shopper set a quantity on, or removed
    // and added again, during the merge: it replaces the cart's line.
    const earlier = mode.login && !replaces ? mergeAddOf(ctx.mergeAdds, ctx.cartId, line.id) : undefined;
    const again = earlier && !notMerged ? resentAdds(earlier, line.qty, (qty) => addOp(line, qty)) : null;
    if (again) {
      diff.items.push({ party: 'server', status: match ? 'wrong-qty' : 'no-item', sku: line.sku, clientQty: line.qty, serverQty: match?.qty });
      sent(await addOnServer(ctx, diff, line, match ?? null, again));
    } else if (earlier && notMerged) {
      // Merged before, its add unanswered, and taken since by an order that waits to be sent: the
      // shopper added the product again. Under the merge's id the new add counted as that add sent
      // again, and the order, counting it, took both (seed 1240000172: the nut added after it was
      // lost). That add goes again, as the order counts it, and the new quantity under an id of its own.
      // An order naming no cart took the line by a take in the journal, which the merge dropped as
      // the line's: it goes between them, or the add came back with the new quantity (seed 7014).
      const takes = ctx.heldChanges?.filter((op) => op.key === line.id && op.type === 'take') ?? [];
      diff.items.push({ party: 'server', status: match ? 'wrong-qty' : 'no-item', sku: line.sku, clientQty: line.qty, serverQty: match?.qty });
      sent(await pushMerged(ctx, line, await markMerged(ctx, line, match ?? null), (merged) => addOnServer(ctx, diff, merged, match ?? null, [...earlier.ops, ...takes, addOp(line, line.qty)])));
    } else if (ctx.carriedLines?.has(line.id) && !replaces && !ctx.heldChanges?.some((op) => op.key === line.id)) {
      // Merged into a cart an order converted since: the server moved here what the order left of
      // it, which may be less than the device holds (another device's order took its part).
      const own = match ? ownQty(ctx, match) : 0;
      diff.items.push({ party: 'client', status: own > 0 ? 'wrong-qty' : 'no-item', sku: line.sku, clientQty: line.qty, serverQty: match?.qty });
      if (own > 0) await ctx.store.putLine(confirmLine(line, { ...match!, qty: own }, ctx.cartId, ctx.now()));
      else await ctx.store.removeIfUnchanged(line.id);
    } else if (!match) {
      diff.items.push({ party: 'server', status: 'no-item', sku: line.sku });
      sent(notMerged ? await pushMerged(ctx, line, await markMerged(ctx, line, null), (merged) => addOnServer(ctx, diff, merged, null, firstAdd(ctx, merged, null))) : await pushLine(ctx, diff, line, null));
    } else if (notMerged || match.qty !== line.qty) {
      diff.items.push({ party: 'server', status: 'wrong-qty', sku: line.sku, clientQty: line.qty, serverQty: match.qty });
      const send = (merged: CartLine) => (replaces ? pushLine(ctx, diff, merged, match.item_id) : addOnServer(ctx, diff, merged, match, firstAdd(ctx, merged, match)));
      if (notMerged) await pushMerged(ctx, line, await markMerged(ctx, line, match), send);
      // A line's ids from an earlier cart (the guest cart before a login) do not identify it here.
      else await pushLine(ctx, diff, line.server_cart_id === ctx.cartId ? line : { ...line, prev_qty: null }, match.item_id);
    } else if (line.server_item_id !== match.item_id || line.server_cart_id !== ctx.cartId) {
      await ctx.store.putLine(confirmLine(line, match, ctx.cartId, ctx.now()));
    }
  }
  for (const item of unmatched) {
    diff.items.push({ party: 'client', status: 'no-item', sku: item.sku });
    const key = serverLineKey(item);
    const gone = (ctx.leftWithOrders?.has(key) ?? false) || (ctx.removedWhileMerging?.has(key) ?? false);
    // Its adds and the order's take follow the merge: the next round reads what is left of it.
    if (!gone && (ctx.strayMergeAdds?.has(key) ?? false)) continue;
    if ((mode.restored?.has(key) ?? false) || gone) await removeOnServer(ctx, diff, item);
    else if (ownQty(ctx, item) > 0) await ctx.store.putLine(lineFromServer({ ...item, qty: ownQty(ctx, item) }, ctx.cartId, ctx.now(), await ctx.lookup?.(item.sku)));
  }
  return diff;
}
