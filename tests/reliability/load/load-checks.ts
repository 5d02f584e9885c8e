import type { FinalState } from './load-target';
import type { LoadTally } from './shopper';

/**
 * What must hold after a load run, whatever retries happened: each order stored once, every order a
 * shopper was told about stored, nothing stored that nobody sent, one order number per order_id,
 * and the stock taken per sku equal to the quantities of the stored orders.
 */
export function loadProblems(tally: LoadTally, before: ReadonlyMap<string, number>, final: FinalState): string[] {
  const problems: string[] = [];
  const ids = final.orders.map((o) => o.order_id);
  const stored = new Set(ids);
  if (ids.length !== stored.size) problems.push(`${ids.length - stored.size} orders stored more than once`);
  const missing = tally.placed.filter((id) => !stored.has(id));
  if (missing.length) problems.push(`placed orders missing on the server: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`);
  const known = new Set([...tally.placed, ...tally.unknown]);
  const strangers = ids.filter((id) => !known.has(id));
  if (strangers.length) problems.push(`stored orders nobody placed: ${strangers.slice(0, 5).join(', ')}`);
  for (const [id, numbers] of tally.numbers) if (numbers.size > 1) problems.push(`order ${id} was answered with ${numbers.size} order numbers: ${[...numbers].join(', ')}`);

  const ordered = new Map<string, number>();
  for (const order of final.orders) for (const line of order.lines) ordered.set(line.sku, (ordered.get(line.sku) ?? 0) + line.qty);
  for (const [sku, was] of before) {
    const now = final.stock.get(sku);
    const taken = now === undefined ? NaN : was - now;
    if (taken !== (ordered.get(sku) ?? 0)) problems.push(`${sku}: stock went from ${was} to ${now} (${taken} taken) but stored orders hold ${ordered.get(sku) ?? 0}`);
  }
  return problems;
}

/** Stock taken per sku, for the report. */
export const stockTaken = (before: ReadonlyMap<string, number>, final: FinalState) => [...before].reduce((sum, [sku, was]) => sum + was - (final.stock.get(sku) ?? was), 0);
