import type { FastifyInstance } from 'fastify';
import { cartCreateQuery, cartDeleteBody, cartQuery, cartUpdateBody } from '../../schemas/api/cart';
import { parseQuantity } from '../../src/domain/quantity/quantity-rules';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { loadCart } from './cart-access';
import { activeCustomerCart, createGuestCart, deleteLines, findItem, putLine, recordOverwrite, rewriteLine, touch } from './cart-store';
import { itemReply, pricedCart } from './cart-view';
import { priceLines } from './line-pricing';
import { CART_ITEM_SCHEMA } from './openapi-shapes';

export const NO_SUCH_ITEM = (itemId: number) => `No such entity with cartItemId = ${itemId}`;

export function registerCartItemRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/cart/create',
    summary: "A new guest cart (no token), or the customer's one active cart; the result is the cart id",
    tags: ['cart'],
    query: cartCreateQuery,
    result: { type: 'string' },
    // A guest cart is a new row each time; a customer's is the one they have.
    limit: (auth) => (auth ? undefined : 'guestCarts'),
    handler: async ({ auth }) => (auth ? activeCustomerCart(ctx.db, auth.sub) : createGuestCart(ctx.db)),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/cart/pull',
    summary: 'The lines of a cart',
    tags: ['cart'],
    query: cartQuery,
    result: { type: 'array', items: CART_ITEM_SCHEMA },
    handler: async ({ query, auth }) => {
      const cart = await loadCart(ctx.db, query.cartId, auth);
      const { rows, outcomes } = await pricedCart(ctx, cart, auth);
      return rows.map((row, i) => itemReply(cart.id, row, outcomes[i]));
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/cart/update',
    deviceId: true,
    summary: 'Adds a line, or sets its quantity: qty is the absolute quantity of the line, never added to it',
    tags: ['cart'],
    query: cartQuery,
    body: cartUpdateBody,
    result: CART_ITEM_SCHEMA,
    handler: async ({ query, body, auth, deviceId }) => {
      const { cartItem } = body;
      await loadCart(ctx.db, query.cartId, auth);
      const itemId = cartItem.item_id === undefined ? undefined : Number(cartItem.item_id);
      const before = itemId === undefined ? undefined : await findItem(ctx.db, query.cartId, itemId);
      if (itemId !== undefined && !before) throw new ApiError(404, NO_SUCH_ITEM(itemId));
      const qty = parseQuantity(cartItem.qty);
      if (!qty.ok) throw new ApiError(400, qty.message, { field: 'cartItem.qty' });
      const [outcome] = await priceLines(ctx, [{ key: itemId ?? 0, sku: cartItem.sku, qty: qty.qty, productOption: cartItem.product_option ?? null }], {
        customerGroupId: auth?.groupId ?? 0,
        now: new Date(),
        checkStock: true,
      });
      if (!outcome?.ok) throw new ApiError(outcome?.code ?? 400, outcome?.message ?? 'Internal validation error', { sku: cartItem.sku });
      const line = outcome.line;
      const write = { sku: line.resolved.lineSku, parentSku: line.resolved.parentSku, qty: line.qty, productOption: line.resolved.productOption, checksum: line.checksum };
      const row = await ctx.db.transaction(async (tx) => {
        const cart = await loadCart(tx, query.cartId, auth, true);
        const saved = itemId === undefined ? await putLine(tx, cart.id, write) : await rewriteLine(tx, cart.id, itemId, write);
        if (!saved) throw new ApiError(404, NO_SUCH_ITEM(itemId!));
        await recordOverwrite(tx, cart.id, deviceId, write);
        // An item rewritten to other options leaves its old line behind.
        if (before && (before.sku !== write.sku || before.checksum !== write.checksum)) await recordOverwrite(tx, cart.id, deviceId, before);
        await touch(tx, cart.id);
        return saved;
      });
      return itemReply(query.cartId, row, outcome);
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/cart/delete',
    deviceId: true,
    summary: 'Removes a line by item_id (or every line of a sku); removing what is already gone is still true',
    tags: ['cart'],
    query: cartQuery,
    body: cartDeleteBody,
    result: { type: 'boolean' },
    handler: async ({ query, body, auth, deviceId }) => {
      const { item_id: itemId, sku } = body.cartItem;
      if (itemId === undefined && !sku?.trim()) throw new ApiError(400, 'cartItem: item_id or sku is required');
      await ctx.db.transaction(async (tx) => {
        const cart = await loadCart(tx, query.cartId, auth, true);
        const deleted = await deleteLines(tx, cart.id, itemId !== undefined ? { itemId: Number(itemId) } : { sku: sku!.trim() });
        for (const line of deleted) await recordOverwrite(tx, cart.id, deviceId, line);
      });
      return true;
    },
  });
}
