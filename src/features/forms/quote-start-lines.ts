/** A product line the quote request starts with: a SKU and how many. */
export interface QuoteLine {
  sku: string;
  qty: number;
}

/** Router state a caller passes with `navigate('/quote-request', { state: { quoteLines } })`. */
export interface QuoteRequestState {
  quoteLines?: QuoteLine[];
}

const MAX_LINES = 200;
const cleanSku = (sku: string) => sku.trim().slice(0, 64);
const cleanQty = (qty: unknown) => {
  const n = Number(qty);
  return Number.isInteger(n) && n >= 1 && n <= 99_999 ? n : 1;
};

/**
 * The lines a quote request starts from. This is the hook point for the cart: the cart's "Request a
 * quote" passes its lines as router state (`{ quoteLines: [{ sku, qty }] }`); a shared link can
 * carry them as `?skus=TB-M10:20,CS-5X50` (quantity after a colon, 1 when left out). Router state
 * wins when both are present. Bad entries are skipped or set to 1; the form validates the rest.
 */
export function quoteStartLines(state: unknown, search: URLSearchParams): QuoteLine[] {
  const fromState = (state as QuoteRequestState | null | undefined)?.quoteLines;
  if (Array.isArray(fromState) && fromState.length > 0) {
    return fromState
      .filter((line) => typeof line?.sku === 'string' && cleanSku(line.sku) !== '')
      .slice(0, MAX_LINES)
      .map((line) => ({ sku: cleanSku(line.sku), qty: cleanQty(line.qty) }));
  }
  const skus = search.get('skus');
  if (!skus) return [];
  return skus
    .split(',')
    .map((entry) => {
      const [sku = '', qty] = entry.split(':');
      return { sku: cleanSku(sku), qty: qty === undefined ? 1 : cleanQty(qty) };
    })
    .filter((line) => line.sku !== '')
    .slice(0, MAX_LINES);
}
