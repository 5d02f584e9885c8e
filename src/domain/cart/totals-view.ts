import type { TotalSegment } from '../../../schemas/api/cart';
import { clientTotals, type ClientTotalsLine } from '../checkout-state/client-totals';
import type { TaxRuleFields } from '../pricing/tax-rate';
import type { CouponTerms } from '../totals/coupon-rule';

/** One row of the minicart totals; `value` in pounds (discount negative). */
export interface TotalsRow {
  code: TotalSegment['code'];
  title: string;
  value: number;
}

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
  /** cart-state totalSegments, when the server sent them. */
  serverSegments: readonly Record<string, unknown>[] | null;
  /** The server totals belong to the lines shown now (the last sync saw these lines). */
  serverCurrent: boolean;
  online: boolean;
  /** The coupon the cart kept from its last server totals, still usable now (client totals take it off too). */
  coupon?: CouponTerms | null;
}

const CODES = new Set<TotalSegment['code']>(['subtotal', 'shipping', 'discount', 'tax', 'grand_total']);
const ORDER: TotalSegment['code'][] = ['subtotal', 'shipping', 'discount', 'tax', 'grand_total'];

function readSegments(segments: readonly Record<string, unknown>[]): TotalsRow[] {
  const rows = segments.flatMap((s): TotalsRow[] => {
    const code = s.code as TotalSegment['code'];
    const value = Number(s.value);
    return CODES.has(code) && Number.isFinite(value) ? [{ code, title: typeof s.title === 'string' ? s.title : code, value }] : [];
  });
  return rows.sort((a, b) => ORDER.indexOf(a.code) - ORDER.indexOf(b.code));
}

/**
 * The totals the minicart shows (vsf1 §1.6): the server's segments while online and current for
 * these lines, else client totals from the same rule the server uses (tax on the client, SPEC §1).
 * A discount row with nothing taken off is left out.
 */
export function totalsView(input: TotalsViewInput): TotalsView {
  if (input.lines.length === 0) return { source: 'client', rows: [] };
  if (input.online && input.serverCurrent && input.serverSegments && input.serverSegments.length > 0) {
    const rows = readSegments(input.serverSegments).filter((r) => r.code !== 'discount' || r.value !== 0);
    if (rows.some((r) => r.code === 'grand_total')) return { source: 'server', rows };
  }
  const client = clientTotals({ lines: input.lines, taxRules: input.taxRules, defaultCountry: input.defaultCountry, coupon: input.coupon ?? null });
  if (!client.ok) return { source: 'client', rows: [], message: client.message };
  return { source: 'client', rows: readSegments(client.totals.total_segments as unknown as Record<string, unknown>[]) };
}
