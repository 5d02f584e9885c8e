import type { TotalsReply } from '../../../schemas/api/cart';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { TAX_CLASS } from '../../../schemas/catalog/product';
import { totalsPriceTheseLines } from '../../domain/cart/totals-line-prices';
import { clientTotals, freeDeliveryFromOf } from '../../domain/checkout-state/client-totals';
import type { TaxRuleFields } from '../../domain/pricing/tax-rate';
import { DEFAULT_COUNTRY } from '../../domain/tax/destination';
import { keptCouponTerms } from '../../domain/totals/coupon-rule';
import { cartHash } from '../../../replication/cart/cart-hash';
import type { CartState } from '../local-state';
import { localTaxRules } from '../cart/cart-product';
import { storedProduct } from '../catalog/catalog-records';
import type { ShopDatabase } from '../database-types';

export type CheckoutTotals = { ok: true; totals: TotalsReply; source: 'server' | 'client' } | { ok: false; message: string };

/** The server cart holds exactly these lines (the last sync's items hash matches them). */
export function cartSyncedWith(lines: readonly CartLine[], state: CartState): boolean {
  return state.token !== null && state.itemsHash === cartHash(lines, state.token);
}

/** The server cart holds these lines and its last totals were computed for exactly them, at their current prices. */
export function serverTotalsCurrent(lines: readonly CartLine[], state: CartState): boolean {
  return cartSyncedWith(lines, state) && state.lastTotalsSyncAt !== null && totalsPriceTheseLines(lines, state.platformTotals);
}

/**
 * The server's totals are the cart's only while they were computed for exactly these lines (same
 * items hash, same server cart, the lines' quantities and current prices) and the default
 * destination the server cart assumes.
 */
export function serverTotalsFor(lines: readonly CartLine[], state: CartState, countryId: string, online: boolean): TotalsReply | null {
  if (!online || !state.token || !state.platformTotals) return null;
  if (countryId.toUpperCase() !== DEFAULT_COUNTRY) return null;
  if (!serverTotalsCurrent(lines, state)) return null;
  return state.platformTotals as unknown as TotalsReply;
}

/** Each line's tax class from the local product (a variant's parent when the variant has none). */
async function taxClassOf(db: ShopDatabase, line: CartLine): Promise<number> {
  for (const sku of [line.sku, line.parentSku]) {
    if (!sku) continue;
    const product = await storedProduct(db, sku);
    const taxClass = product?.source.tax_class_id;
    if (taxClass !== undefined && taxClass !== null && taxClass !== '') return Number(taxClass);
  }
  return TAX_CLASS.standard;
}

/**
 * Totals worked out on the device from the local lines (each with its product's tax class) and the
 * replicated tax rules, with the coupon the cart kept from its last server totals: the shared totals
 * rule with the server's own coupon terms, so the figures are the ones the server will charge.
 */
export function deviceTotals(lines: readonly CartLine[], taxClassIds: readonly number[], state: CartState, taxRules: readonly TaxRuleFields[], countryId: string, now: Date) {
  return clientTotals({
    lines: lines.map((line, i) => ({
      sku: line.sku,
      name: line.name,
      qty: line.qty,
      unitPence: line.price_pence,
      taxClassId: taxClassIds[i] ?? TAX_CLASS.standard,
      typeId: line.type_id,
      productOption: line.product_option,
    })),
    taxRules,
    defaultCountry: DEFAULT_COUNTRY,
    countryId,
    coupon: keptCouponTerms(state.coupon?.rule, now),
    // The shop's free-delivery threshold, as the server last sent it with the cart's totals.
    freeDeliveryFromPence: freeDeliveryFromOf(state.platformTotals),
  });
}

/**
 * Totals for the order summary (vsf1 §1.6): the server's when synced for these lines, else worked
 * out here, so an offline checkout still shows VAT, shipping, the coupon's discount and the total.
 */
export async function checkoutTotals(db: ShopDatabase, lines: readonly CartLine[], state: CartState, countryId: string, online: boolean, serverTaxRules?: readonly TaxRuleFields[]): Promise<CheckoutTotals> {
  const server = serverTotalsFor(lines, state, countryId, online);
  if (server) return { ok: true, totals: server, source: 'server' };
  const taxClassIds = await Promise.all(lines.map((line) => taxClassOf(db, line)));
  // The server's tax rules when the page has them (as product pages use), else the device's copy.
  const rules = serverTaxRules && serverTaxRules.length > 0 ? serverTaxRules : await localTaxRules(db);
  const result = deviceTotals(lines, taxClassIds, state, rules, countryId, new Date());
  return result.ok ? { ok: true, totals: result.totals, source: 'client' } : result;
}

const lineSet = (entries: readonly { sku: string; qty: number }[]) => entries.map((e) => `${e.sku}\u0000${e.qty}`).sort().join('\u0001');

/**
 * After the server refused the order for a changed price, the review step shows the server's new
 * totals from that refusal while the cart holds exactly the lines they were worked out for: the
 * device's own figures may still be the old ones (the replica or the cart sync not caught up yet),
 * and the total the shopper confirms next must be the one the server charges. Any other cart (a line
 * changed meanwhile) shows the device's figures again.
 */
export function withRepricedTotals(computed: CheckoutTotals | null, repriced: TotalsReply | null, lines: readonly Pick<CartLine, 'sku' | 'qty'>[]): CheckoutTotals | null {
  if (!repriced || lineSet(repriced.items) !== lineSet(lines)) return computed;
  return { ok: true, totals: repriced, source: 'server' };
}
