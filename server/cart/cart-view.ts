import type { CartItemReply, TotalsReply } from '../../schemas/api/cart';
import { fromPence } from '../../src/domain/pricing/money';
import type { AuthClaims } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { CartItemRow, CartRow } from './cart-store';
import { listItems } from './cart-store';
import { priceLines, type LineOutcome, type PricedLine } from './line-pricing';
import { loadTaxRules, totalsFor, usableCoupon } from './totals-service';
import { destinationFrom } from '../../src/domain/tax/destination';

/** What the cart replies are built from: the lines priced for this shopper now. */
export async function pricedCart(ctx: Pick<AppContext, 'db' | 'log' | 'catalog'>, cart: CartRow, auth: AuthClaims | null, now = new Date()) {
  const rows = await listItems(ctx.db, cart.id);
  const outcomes = await priceLines(
    ctx,
    rows.map((r) => ({ key: r.item_id, sku: r.sku, qty: r.qty, productOption: r.product_option })),
    { customerGroupId: auth?.groupId ?? 0, now, checkStock: false },
  );
  return { rows, outcomes };
}

/** A line as pull and update reply it; a line whose product can no longer be sold keeps its sku and shows price 0. */
export function itemReply(cartId: string, row: CartItemRow, outcome: LineOutcome | undefined): CartItemReply {
  const line = outcome?.ok ? outcome.line : undefined;
  return {
    item_id: row.item_id,
    sku: row.sku,
    qty: row.qty,
    name: line?.resolved.name ?? row.sku,
    price: line ? fromPence(line.unitPence) : 0,
    product_type: line?.resolved.typeId ?? (row.parent_sku ? 'configurable' : 'simple'),
    quote_id: cartId,
    product_option: row.product_option,
  };
}

/** Product types of the sellable lines: they decide shipping and cash on delivery. */
export function typeIdsOf(outcomes: readonly LineOutcome[]): string[] {
  return outcomes.flatMap((o) => (o.ok ? [o.line.resolved.typeId] : []));
}

export const sellableLines = (outcomes: readonly LineOutcome[]): PricedLine[] => outcomes.flatMap((o) => (o.ok ? [o.line] : []));

/**
 * The cart's totals for its destination (default GB) and coupon. Lines that can no longer be sold
 * (product disabled or removed) are left out: they could not be ordered either.
 */
export async function cartTotals(ctx: Pick<AppContext, 'db' | 'log' | 'catalog' | 'config'>, cart: CartRow, auth: AuthClaims | null): Promise<TotalsReply> {
  const now = new Date();
  const { outcomes } = await pricedCart(ctx, cart, auth, now);
  const rules = await loadTaxRules(ctx.db);
  const coupon = await usableCoupon(ctx.db, cart.coupon_code, auth?.groupId ?? 0, now);
  return totalsFor(sellableLines(outcomes), rules, destinationFrom(cart.shipping), coupon, ctx.config.freeDeliveryFromPence);
}
