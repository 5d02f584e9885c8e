import type { OrderStatus } from '../../../schemas/api/admin';
import { PICK_MESSAGES, PICKABLE_STATUSES } from '../../../schemas/api/admin-picks';
import type { AdminOrderLine } from '../orders/admin-order';

export type ScanResult = { ok: true; sku: string; picked: number; of: number } | { ok: false; message: string };

/** The server refuses a tick in the same words (another tablet may have taken the last unit first). */
export const SCAN_MESSAGES = PICK_MESSAGES;

const same = (a: string | null | undefined, code: string) => typeof a === 'string' && a.trim().toLowerCase() === code;

/**
 * What one scan does: the code (an EAN from the box, or the SKU typed) ticks one more unit of the
 * line it names, or is refused loudly, in the server's words: an order no longer open (`status`, the
 * status the packer sees, with this tablet's queued changes), an item not on the order, or one more
 * than was ordered (of a SKU on several lines, their units together, as the server counts).
 */
export function scanOne(lines: readonly AdminOrderLine[], picked: (sku: string) => number, rawCode: string, status: OrderStatus = 'pending'): ScanResult {
  if (!(PICKABLE_STATUSES as readonly OrderStatus[]).includes(status)) return { ok: false, message: SCAN_MESSAGES.notOpen(status) };
  const code = rawCode.trim().toLowerCase();
  const line = lines.find((l) => same(l.ean, code)) ?? lines.find((l) => same(l.sku, code));
  if (!line) return { ok: false, message: SCAN_MESSAGES.wrongItem(rawCode.trim()) };
  const of = lines.filter((l) => l.sku === line.sku).reduce((n, l) => n + l.qty_ordered, 0);
  const had = picked(line.sku);
  if (had >= of) return { ok: false, message: SCAN_MESSAGES.tooMany(line.name ?? line.sku, of) };
  return { ok: true, sku: line.sku, picked: had + 1, of };
}
