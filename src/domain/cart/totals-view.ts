import { clientTotals, freeDeliveryFromOf, type ClientTotalsLine } from '../checkout-state/client-totals';
import { toPence } from '../pricing/money';
import { freeDeliveryShortfallPence } from '../totals/delivery-methods';
import type { TaxRuleFields } from '../pricing/tax-rate';
import type { CouponTerms } from '../totals/coupon-rule';
import { readShownTotals, shownTotalsRows, type ShownTotalsRow } from '../totals/shown-totals';

/** One row of the minicart totals; `value` in pounds (discount negative). */
export type TotalsRow = ShownTotalsRow;

export interface TotalsView {
  /** `server`: the cart's own totals from its last sync; `client`: worked out here (offline, or not yet synced). */
  source: 'server' | 'client';
  rows: TotalsRow[];
  /** Set when the totals cannot be worked out (SPEC §5 default-country message). */
  message?: string;
  /** With a free-delivery threshold: how much more the goods need excl. VAT, in pence (0: reached). */
  freeDeliveryShortfallPence?: number;
}

export interface TotalsViewInput {
  lines: readonly ClientTotalsLine[];
  taxRules: readonly TaxRuleFields[];
  defaultCountry: string | null | undefined;
  /** cart-state platformTotals: the server's totals reply from the last sync, as stored. */
  serverTotals: unknown;
  /** The server totals belong to the lines shown now (the last sync saw these lines). */
  serverCurrent: boolean;
  online: boolean;
  /** The coupon the cart kept from its last server totals, still usable now (client totals take it off too). */
  coupon?: CouponTerms | null;
}

/** The goods after any discount, excl. VAT, of a totals reply (stored or worked out here), in pence. */
function goodsExclPence(totals: unknown): number | null {
  const value = typeof totals === 'object' && totals !== null ? (totals as { subtotal_with_discount?: unknown }).subtotal_with_discount : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? toPence(value) : null;
}

function withShortfall(view: TotalsView, totals: unknown, freeFromPence: number | null): TotalsView {
  const goods = goodsExclPence(totals);
  const shortfall = goods === null ? null : freeDeliveryShortfallPence(goods, freeFromPence);
  if (shortfall === null) return view;
  // A cart that ships nothing pays no delivery: nothing to tell about the threshold.
  const ships = view.rows.some((r) => r.code === 'shipping');
  return ships || shortfall === 0 ? { ...view, freeDeliveryShortfallPence: shortfall } : view;
}

/**
 * The totals the minicart shows (vsf1 §1.6): the server's while online and current for these lines,
 * else client totals from the same rule the server uses (tax on the client, SPEC §1). Either way the
 * rows are the checkout's, on the same incl.-VAT basis (`shownTotalsRows`).
 */
export function totalsView(input: TotalsViewInput): TotalsView {
  if (input.lines.length === 0) return { source: 'client', rows: [] };
  // The threshold the server last sent with the cart's totals: the device applies it offline too.
  const freeFrom = freeDeliveryFromOf(input.serverTotals);
  const server = input.online && input.serverCurrent ? readShownTotals(input.serverTotals) : null;
  if (server) return withShortfall({ source: 'server', rows: shownTotalsRows(server) }, input.serverTotals, freeFrom);
  const client = clientTotals({ lines: input.lines, taxRules: input.taxRules, defaultCountry: input.defaultCountry, coupon: input.coupon ?? null, freeDeliveryFromPence: freeFrom });
  if (!client.ok) return { source: 'client', rows: [], message: client.message };
  return withShortfall({ source: 'client', rows: shownTotalsRows(client.totals) }, client.totals, freeFrom);
}
