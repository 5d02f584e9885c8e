import type { AdminOrderLine } from '../orders/admin-order';

export type ScanResult = { ok: true; sku: string; picked: number; of: number } | { ok: false; message: string };

export const SCAN_MESSAGES = {
  wrongItem: (code: string) => `Wrong item: ${code} is not on this order. Put it back.`,
  tooMany: (name: string, qty: number) => `One too many: all ${qty} of ${name} are picked already. Put it back.`,
} as const;

const same = (a: string | null | undefined, code: string) => typeof a === 'string' && a.trim().toLowerCase() === code;

/**
 * What one scan does: the code (an EAN from the box, or the SKU typed) ticks one more unit of the
 * line it names, or is refused loudly: an item not on the order, or one more than was ordered.
 */
export function scanOne(lines: readonly AdminOrderLine[], picked: (sku: string) => number, rawCode: string): ScanResult {
  const code = rawCode.trim().toLowerCase();
  const line = lines.find((l) => same(l.ean, code)) ?? lines.find((l) => same(l.sku, code));
  if (!line) return { ok: false, message: SCAN_MESSAGES.wrongItem(rawCode.trim()) };
  const had = picked(line.sku);
  if (had >= line.qty_ordered) return { ok: false, message: SCAN_MESSAGES.tooMany(line.name ?? line.sku, line.qty_ordered) };
  return { ok: true, sku: line.sku, picked: had + 1, of: line.qty_ordered };
}
