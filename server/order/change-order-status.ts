import type { OrderStatusChange } from '../../schemas/api/admin';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { deliverQueuedMail, queueMail } from '../mail/send-mail';
import { returnStock } from '../stock/return-stock';
import type { OrderRow } from '../user/order-history-query';
import { toApiOrder } from './api-order';
import { recordWebhookEvent } from '../webhooks/webhook-outbox';
import { recordOrderChange } from './order-changes';
import { decideStatusChange, STATUS_MESSAGES, type LastShipment } from './order-status';
import { customerReferenceOf } from './order-document';
import { orderStatusMail } from './order-status-mail';
import { orderKeyColumn } from './order-key';

export interface StatusChangeOutcome {
  order: Record<string, unknown>;
  /** false when the order already had this status (a repeated change). */
  changed: boolean;
}

/** The units an order holds per stock sku (its items carry the stock sku of each line). */
function orderedUnits(doc: Record<string, unknown>): Map<string, number> {
  const units = new Map<string, number>();
  for (const item of Array.isArray(doc.items) ? (doc.items as { sku?: unknown; qty_ordered?: unknown }[]) : []) {
    if (typeof item.sku === 'string' && typeof item.qty_ordered === 'number') units.set(item.sku, (units.get(item.sku) ?? 0) + item.qty_ordered);
  }
  return units;
}

/**
 * Moves an order along its allowed path in one transaction: the order row is locked, so two admins
 * (or a retry racing the first try) take turns and the second sees the first's result. The status,
 * its history entry, the returned stock of a cancellation (unless `return_stock` is false), the shopper's mail, the webhook event and
 * the order feed's change number commit together or not at all. The mail is sent after the commit.
 */
export async function changeOrderStatus(ctx: Pick<AppContext, 'db' | 'config' | 'log'>, orderId: string, change: OrderStatusChange): Promise<StatusChangeOutcome> {
  const outcome = await ctx.db.transaction(async (tx) => {
    // By number or order_id (order-key.ts), locked in the same read.
    const [row] = await tx.query<OrderRow>(
      `select order_id, customer_id, email, increment_id, status, created_at, doc from orders
       where ${orderKeyColumn(orderId)} = $1 limit 1 for update`,
      [orderId],
    );
    if (!row) throw new ApiError(404, STATUS_MESSAGES.notFound);
    const [lastShipment] = await tx.query<LastShipment>(
      "select carrier, tracking_number from order_status_history where order_id = $1 and status = 'shipped' order by id desc limit 1",
      [row.order_id],
    );
    if (decideStatusChange(row.status, change, lastShipment) === 'unchanged') return { order: toApiOrder(row), changed: false, mailId: undefined };

    const previous = row.status;
    await tx.query("update orders set status = $2, doc = doc || jsonb_build_object('status', $2::text), updated_at = now() where order_id = $1", [row.order_id, change.status]);
    await tx.query('insert into order_status_history (order_id, status, comment, carrier, tracking_number) values ($1, $2, $3, $4, $5)', [
      row.order_id,
      change.status,
      change.comment ?? null,
      change.carrier ?? null,
      change.tracking_number ?? null,
    ]);
    // Left out, the units go back as they always did; false when the goods cannot go back on the shelf.
    const stockReturned = change.status === 'cancelled' ? change.return_stock !== false : null;
    if (stockReturned) await returnStock(tx, orderedUnits(row.doc));
    const mailId = await queueMail(
      tx,
      orderStatusMail(ctx.config, {
        email: row.email,
        firstname: row.doc.customer_firstname,
        incrementId: row.increment_id,
        status: change.status,
        comment: change.comment,
        carrier: change.carrier,
        trackingNumber: change.tracking_number,
        reference: customerReferenceOf(row.doc),
      }),
    );
    const order = toApiOrder({ ...row, status: change.status });
    await recordWebhookEvent(tx, ctx.db, 'order.status_changed', {
      order,
      previous_status: previous,
      status: change.status,
      comment: change.comment ?? null,
      carrier: change.carrier ?? null,
      tracking_number: change.tracking_number ?? null,
      // A warehouse system needs to know whether the cancelled units are back on the shelf (null: not a cancellation).
      stock_returned: stockReturned,
    });
    await recordOrderChange(tx, ctx.db, row.order_id, change.status);
    return { order, changed: true, mailId };
  });
  if (outcome.mailId !== undefined) await deliverQueuedMail(ctx.db, ctx.config, outcome.mailId, ctx.log);
  return { order: outcome.order, changed: outcome.changed };
}
