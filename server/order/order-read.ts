import type { OrderBody } from '../../schemas/api/order';
import { distinctSkus, pricingReadFrom, pricingReadSql, type PricingRead } from '../cart/pricing-read';
import type { Queryable } from '../db/database';
import type { StoredOrder } from './order-store';

const WANT = { stock: true, taxRules: true } as const;

/**
 * What placing an order reads before its transaction, in one statement: the order stored under its
 * order_id if any (a retry, answered with the stored reply), and everything pricing its lines reads
 * (products, stock, tax rules; pricing-read.ts). A retry reads the products for nothing; a new order,
 * by far the common case, saves a round trip. Nothing is judged from these rows before the retry
 * check, so the refusals and their order are as they were.
 */
export async function readForOrder(db: Queryable, body: Pick<OrderBody, 'order_id' | 'products'>): Promise<{ stored: StoredOrder | undefined; pricing: PricingRead }> {
  const rows = await db.query<{ kind: string; doc: unknown }>(
    `${pricingReadSql(WANT)} union all
     select 'order', jsonb_build_object('order_id', order_id, 'customer_id', customer_id, 'request_hash', request_hash, 'reply', reply) from orders where order_id = $2`,
    [distinctSkus(body.products.map((p) => p.sku)), body.order_id],
  );
  const stored = rows.find((r) => r.kind === 'order')?.doc as StoredOrder | undefined;
  return { stored, pricing: pricingReadFrom(rows, WANT) };
}
