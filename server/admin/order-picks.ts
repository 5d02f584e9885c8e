import { PICK_MESSAGES, PICKABLE_STATUSES, type PickCount, type PickTick } from '../../schemas/api/admin-picks';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/api-error';
import { recordOrderChange } from '../order/order-changes';
import { orderKeyColumn } from '../order/order-key';
import { STATUS_MESSAGES } from '../order/order-status';

interface PickRow {
  order_id: string;
  sku: string;
  picked: number;
}

export interface PickOutcome {
  order_id: string;
  /** The order feed's number of this tick: a tablet keeps the newer of this and what the feed brought. */
  change_seq: number;
  picks: PickCount[];
}

/** Every order's picked units, in one read. */
async function picksOf(db: Queryable, orderIds: readonly string[]): Promise<Map<string, PickCount[]>> {
  const byOrder = new Map<string, PickCount[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db.query<PickRow>('select order_id, sku, picked from order_picks where order_id = any($1::text[]) order by order_id, sku', [orderIds]);
  for (const row of rows) byOrder.get(row.order_id)?.push({ sku: row.sku, picked: Number(row.picked) });
  return byOrder;
}

/** Adds `picks` (units picked per sku, from every tablet) to each order given. */
export async function withPicks(db: Queryable, orders: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const picks = await picksOf(db, orders.map((o) => String(o.order_id)));
  return orders.map((order) => ({ ...order, picks: picks.get(String(order.order_id)) ?? [] }));
}

/** The units and the name of the line(s) with this sku (an order may list a sku on more than one line). */
function orderedOf(doc: Record<string, unknown>, sku: string): { units: number; name: string } | undefined {
  const lines = (Array.isArray(doc.items) ? (doc.items as { sku?: unknown; name?: unknown; qty_ordered?: unknown }[]) : []).filter((l) => l.sku === sku);
  if (lines.length === 0) return undefined;
  const units = lines.reduce((n, l) => n + (typeof l.qty_ordered === 'number' ? l.qty_ordered : 0), 0);
  return { units, name: typeof lines[0]!.name === 'string' && lines[0]!.name !== '' ? lines[0]!.name : sku };
}

/**
 * Ticks `quantity` more units of one line as picked. The order row is locked, so two tablets ticking
 * the last unit at once take turns and the second is refused as one too many. The order feed's number
 * moves, so every other tablet's feed brings the order back with its ticks. A retry of the same tick
 * is answered from its Idempotency-Key (run-once.ts), and one with the same `tick_id` (stored with
 * the count, kept as long as the order) with the picks as they are: never counted twice.
 */
export async function tickPick(ctx: Pick<AppContext, 'db'>, orderId: string, tick: PickTick): Promise<PickOutcome> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{ order_id: string; status: string; doc: Record<string, unknown> }>(
      `select order_id, status, doc from orders where ${orderKeyColumn(orderId)} = $1 limit 1 for update`,
      [orderId],
    );
    if (!row) throw new ApiError(404, STATUS_MESSAGES.notFound);
    if (tick.tick_id !== undefined) {
      const [sent] = await tx.query<{ order_id: string; sku: string; quantity: number }>('select order_id, sku, quantity from order_pick_ticks where tick_id = $1', [tick.tick_id]);
      // Sent before: counted then, so it is answered with the picks as they are now, whatever the order's status since.
      if (sent && sent.order_id === row.order_id && sent.sku === tick.sku && Number(sent.quantity) === tick.quantity) return outcomeOf(tx, row.order_id);
      if (sent) throw new ApiError(422, PICK_MESSAGES.tickReused);
    }
    if (!(PICKABLE_STATUSES as readonly string[]).includes(row.status)) throw new ApiError(409, PICK_MESSAGES.notOpen(row.status), { status: row.status });
    const ordered = orderedOf(row.doc, tick.sku);
    if (!ordered) throw new ApiError(422, PICK_MESSAGES.wrongItem(tick.sku));
    const [had] = await tx.query<{ picked: number }>('select picked from order_picks where order_id = $1 and sku = $2', [row.order_id, tick.sku]);
    const picked = Number(had?.picked ?? 0);
    if (picked + tick.quantity > ordered.units) throw new ApiError(409, PICK_MESSAGES.tooMany(ordered.name, ordered.units), { sku: tick.sku, picked, ordered: ordered.units });
    await tx.query(
      `insert into order_picks (order_id, sku, picked) values ($1, $2, $3)
       on conflict (order_id, sku) do update set picked = order_picks.picked + $3, updated_at = now()`,
      [row.order_id, tick.sku, tick.quantity],
    );
    if (tick.tick_id !== undefined) {
      // Taken meanwhile for another order's tick (the ids are the devices' own): refused, not a 500.
      const stored = await tx.query('insert into order_pick_ticks (tick_id, order_id, sku, quantity) values ($1, $2, $3, $4) on conflict (tick_id) do nothing returning tick_id', [
        tick.tick_id,
        row.order_id,
        tick.sku,
        tick.quantity,
      ]);
      if (stored.length === 0) throw new ApiError(422, PICK_MESSAGES.tickReused);
    }
    await recordOrderChange(tx, ctx.db, row.order_id, row.status);
    return outcomeOf(tx, row.order_id);
  });
}

/** The order's picks now, with its feed number. */
async function outcomeOf(tx: Queryable, orderId: string): Promise<PickOutcome> {
  const [feed] = await tx.query<{ change_seq: string | number }>('select change_seq from order_feed where order_id = $1', [orderId]);
  const picks = await picksOf(tx, [orderId]);
  return { order_id: orderId, change_seq: Number(feed?.change_seq ?? 0), picks: picks.get(orderId) ?? [] };
}
