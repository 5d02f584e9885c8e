import { PICK_MESSAGES } from '../../../schemas/api/admin-picks';
import type { AdminOrderLine } from '../orders/admin-order';

export type ScanResult = { ok: true; sku: string; picked: number; of: number } | { ok: false; message: string };

/** The server refuses a tick in the same words (another tablet may have taken the last unit first). */
export const SCAN_MESSAGES = PICK_MESSAGES;

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
