import { clientTotals, type ClientTotalsLine } from '../checkout-state/client-totals';
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

/**
 * The totals the minicart shows (vsf1 §1.6): the server's while online and current for these lines,
 * else client totals from the same rule the server uses (tax on the client, SPEC §1). Either way the
 * rows are the checkout's, on the same incl.-VAT basis (`shownTotalsRows`).
 */
export function totalsView(input: TotalsViewInput): TotalsView {
  if (input.lines.length === 0) return { source: 'client', rows: [] };
  const server = input.online && input.serverCurrent ? readShownTotals(input.serverTotals) : null;
  if (server) return { source: 'server', rows: shownTotalsRows(server) };
  const client = clientTotals({ lines: input.lines, taxRules: input.taxRules, defaultCountry: input.defaultCountry, coupon: input.coupon ?? null });
  if (!client.ok) return { source: 'client', rows: [], message: client.message };
  return { source: 'client', rows: shownTotalsRows(client.totals) };
}
