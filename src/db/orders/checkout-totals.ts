import type { TotalsReply } from '../../../schemas/api/cart';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { clientTotals } from '../../domain/checkout-state/client-totals';
import { DEFAULT_COUNTRY } from '../../domain/tax/destination';
import { cartHash } from '../../../replication/cart/cart-hash';
import type { CartState } from '../local-state';
import { localTaxRules } from '../cart/cart-product';
import type { ShopDatabase } from '../database-types';

export type CheckoutTotals = { ok: true; totals: TotalsReply; source: 'server' | 'client' } | { ok: false; message: string };

/** The server cart holds exactly these lines (the last sync's items hash matches them). */
export function cartSyncedWith(lines: readonly CartLine[], state: CartState): boolean {
  return state.token !== null && state.itemsHash === cartHash(lines, state.token);
}

/**
 * The server's totals are the cart's only while they were computed for exactly these lines (same
 * items hash, same server cart) and the default destination the server cart assumes.
 */
export function serverTotalsFor(lines: readonly CartLine[], state: CartState, countryId: string, online: boolean): TotalsReply | null {
  if (!online || !state.token || !state.platformTotals || state.lastTotalsSyncAt === null) return null;
  if (countryId.toUpperCase() !== DEFAULT_COUNTRY) return null;
  if (!cartSyncedWith(lines, state)) return null;
  return state.platformTotals as unknown as TotalsReply;
}

/** Each line's tax class from the local product (a variant's parent when the variant has none). */
async function taxClassOf(db: ShopDatabase, line: CartLine): Promise<number> {
  for (const sku of [line.sku, line.parentSku]) {
    if (!sku) continue;
    const product = await db.products.findOne({ selector: { sku } }).exec();
    const taxClass = product?.source.tax_class_id;
    if (taxClass !== undefined && taxClass !== null && taxClass !== '') return Number(taxClass);
  }
  return 2;
}

/**
 * Totals for the order summary (vsf1 §1.6): the server's when synced for these lines, else worked
 * out here from the local lines and replicated tax rules, so an offline checkout still shows VAT,
 * shipping and the total. A coupon is known to the server only, so client totals carry none.
 */
export async function checkoutTotals(db: ShopDatabase, lines: readonly CartLine[], state: CartState, countryId: string, online: boolean): Promise<CheckoutTotals> {
  const server = serverTotalsFor(lines, state, countryId, online);
  if (server) return { ok: true, totals: server, source: 'server' };
  const rules = await localTaxRules(db);
  const priced = await Promise.all(
    lines.map(async (line) => ({
      sku: line.sku,
      name: line.name,
      qty: line.qty,
      unitPence: line.price_pence,
      taxClassId: await taxClassOf(db, line),
      typeId: line.type_id,
      productOption: line.product_option,
    })),
  );
  const result = clientTotals({ lines: priced, taxRules: rules, defaultCountry: DEFAULT_COUNTRY, countryId });
  return result.ok ? { ok: true, totals: result.totals, source: 'client' } : result;
}
