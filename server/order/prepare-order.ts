import { ORDER_MESSAGES, type OrderBody } from '../../schemas/api/order';
import type { TotalsReply } from '../../schemas/api/cart';
import { CART_MESSAGES } from '../../src/domain/cart/cart-messages';
import { itemChecksum } from '../../src/domain/cart/item-checksum';
import { destinationFrom } from '../../src/domain/tax/destination';
import { isShippedType, paymentMethodsFor } from '../../src/domain/totals/delivery-methods';
import type { CouponTerms } from '../../src/domain/totals/coupon-rule';
import type { AuthClaims } from '../auth/authenticate';
import { findCart, type CartRow, type TakenLine } from '../cart/cart-store';
import { priceLines, type LineInput, type PricedLine } from '../cart/line-pricing';
import { totalsFor, usableCoupon } from '../cart/totals-service';
import type { PricingRead } from '../cart/pricing-read';
import type { AppContext } from '../context';
import { ApiError, unauthorized } from '../http/api-error';
import { findCustomerById } from '../user/customer-store';
import { accountRequest } from './order-request';
import { checkAddress, checkPaymentMethod, checkShippingMethod, orderEmail, storedAddress, validationError } from './order-checks';
import { prepareCheckoutAccount, type AccountToCreate } from './checkout-account';
import { quantitiesOf, refuseIfOrderedAgain, type LineQuantities } from './converted-cart';
import { checkConfirmedTotal } from './confirmed-total';

/** Everything an order needs before its transaction: validated, priced and totalled. */
export interface PreparedOrder {
  email: string;
  lines: PricedLine[];
  totals: TotalsReply;
  coupon: CouponTerms | null;
  billing: Record<string, unknown>;
  shipping: Record<string, unknown> | null;
  shippingMethod: { carrier_code: string; method_code: string } | null;
  paymentMethod: string;
  /** The cart the order names; it may have been converted by another order (see `converted-cart.ts`). */
  cart: CartRow | null;
  account: AccountToCreate | null;
}

/** The cart lines the order takes: each line's cart sku, options checksum and quantity. */
export const takenLinesOf = (prepared: Pick<PreparedOrder, 'lines'>): TakenLine[] =>
  prepared.lines.map((line) => ({ sku: line.resolved.lineSku, checksum: line.checksum, qty: line.qty }));

/** Line key → quantity the order asks for, as cart lines are keyed. */
export const wantedOf = (prepared: Pick<PreparedOrder, 'lines'>): LineQuantities => quantitiesOf(takenLinesOf(prepared));

/** The order's lines as pricing takes them, keyed by position (from 1). */
const linesOf = (body: OrderBody): LineInput[] => body.products.map((p, i) => ({ key: i + 1, sku: p.sku, qty: p.qty, productOption: p.product_option ?? null }));

/**
 * The cart named by the order; a missing one is ignored. Another customer's cart is refused (401 or
 * 403) before anything else is said about it. A cart an earlier order converted is returned as it is:
 * whether this order is that one again is for `refuseOrderedAgain` (only to whoever may use the cart:
 * its customer, or for a guest cart whoever holds its id).
 */
async function orderCart(ctx: Pick<AppContext, 'db'>, cartId: OrderBody['cart_id'], auth: AuthClaims | null): Promise<CartRow | null> {
  if (cartId === undefined || cartId === null || cartId === '') return null;
  const cart = await findCart(ctx.db, String(cartId));
  if (!cart) return null;
  if (cart.customer_id !== null && cart.customer_id !== auth?.sub) throw auth ? new ApiError(403, CART_MESSAGES.noCartAccess) : unauthorized();
  return cart;
}

/**
 * The order names a cart another order converted, and that order, from the same device, holds every
 * line this one asks for, at least at its quantity: it is the same checkout again (a second tab, a
 * stale queued order), refused with a 409 naming that order (`refuseIfOrderedAgain`). Judged before
 * stock is looked at: the first order took that stock, and "already ordered" is what the shopper
 * needs to hear. Lines that cannot be priced are compared as sent; an order with any line the
 * converting one lacks is an order of its own.
 */
async function refuseOrderedAgain(ctx: Pick<AppContext, 'db' | 'log' | 'catalog'>, cart: CartRow, body: OrderBody, customerGroupId: number, now: Date, read: PricingRead): Promise<void> {
  if (cart.converted_order_id === null) return;
  const outcomes = await priceLines(
    ctx,
    linesOf(body),
    { customerGroupId, now, checkStock: false },
    read,
  );
  const wanted = quantitiesOf(
    outcomes.map((o, i) => (o.ok ? { sku: o.line.resolved.lineSku, checksum: o.line.checksum, qty: o.line.qty } : { sku: o.sku, checksum: itemChecksum(body.products[i]?.product_option ?? null), qty: Number(body.products[i]?.qty) || 0 })),
  );
  await refuseIfOrderedAgain(ctx.db, cart.converted_order_id, wanted, body.device_id ?? null);
}

async function accountEmailOf(ctx: Pick<AppContext, 'db'>, auth: AuthClaims | null): Promise<string | undefined> {
  if (!auth || !/^\d{1,15}$/.test(auth.sub)) return undefined;
  return (await findCustomerById(ctx.db, Number(auth.sub)))?.email;
}

/**
 * Validates the whole order (addresses, every line against the catalogue and stock, methods, cart)
 * and recomputes prices and totals; client prices are never used. A grand total the shopper confirmed
 * that is no longer the order's is refused (409 'price-changed') before anything is stored or taken.
 * `read` is what pricing the lines reads, with the stock and the tax rules (order-read.ts reads it).
 */
export async function prepareOrder(ctx: Pick<AppContext, 'db' | 'log' | 'catalog' | 'config'>, body: OrderBody, auth: AuthClaims | null, read: PricingRead): Promise<PreparedOrder> {
  const cart = await orderCart(ctx, body.cart_id, auth);
  const now = new Date();
  const customerGroupId = auth?.groupId ?? 0;
  if (cart) await refuseOrderedAgain(ctx, cart, body, customerGroupId, now, read);
  const outcomes = await priceLines(ctx, linesOf(body), { customerGroupId, now, checkStock: true }, read);
  // Refusals in the order a shopper can act on them: what cannot be sold, the address, then the line details.
  const unavailable = outcomes.flatMap((o) => (!o.ok && o.unavailable ? [o.sku] : []));
  if (unavailable.length > 0) throw new ApiError(409, ORDER_MESSAGES.notAvailable, { skus: [...new Set(unavailable)] });
  const lines = outcomes.flatMap((o) => (o.ok ? [o.line] : []));
  const shipped = lines.some((l) => isShippedType(l.resolved.typeId)) || lines.length < outcomes.length;
  const info = body.addressInformation;
  const shippingAddress = shipped ? checkAddress(info.shippingAddress, 'shippingAddress') : null;
  const billingAddress = info.billingAddress ? checkAddress(info.billingAddress, 'billingAddress') : shippingAddress ?? checkAddress(undefined, 'billingAddress');
  const email = orderEmail(body, await accountEmailOf(ctx, auth));
  const invalid = outcomes.flatMap((o) => (o.ok ? [] : [{ sku: o.sku, message: o.message }]));
  if (invalid.length > 0) throw validationError(invalid[0]!.message, { problems: invalid });

  const shippingMethod = checkShippingMethod(body, shipped);
  const paymentMethod = checkPaymentMethod(body, paymentMethodsFor(lines.map((l) => l.resolved.typeId)));
  const coupon = await usableCoupon(ctx.db, cart?.coupon_code, customerGroupId, now);
  const totals = totalsFor(lines, read.taxRules ?? [], destinationFrom(shippingAddress ?? billingAddress), coupon, ctx.config.freeDeliveryFromPence);
  // Last of the refusals (the shopper fixes the rest first) and before an account's password is hashed.
  checkConfirmedTotal(body.grand_total, totals);
  const wanted = auth ? null : accountRequest(body);
  const account = wanted
    ? await prepareCheckoutAccount({ email, password: wanted.password, firstname: wanted.firstname ?? billingAddress.firstname, lastname: wanted.lastname ?? billingAddress.lastname })
    : null;
  return {
    email,
    lines,
    totals,
    coupon: totals.coupon_code ? coupon : null,
    billing: storedAddress(billingAddress, email),
    shipping: shippingAddress ? storedAddress(shippingAddress, email) : null,
    shippingMethod,
    paymentMethod,
    cart,
    account,
  };
}
