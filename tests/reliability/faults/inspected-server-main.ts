import { createServer } from 'node:http';
import { loadConfig } from '../../../server/config';
import { startServer } from '../../../server/start-server';

/**
 * The API as `server/main.ts` starts it, plus a read-only inspection port (INSPECT_PORT, loopback
 * only) that answers from the same database the API writes: the orders stored for an e-mail, a
 * cart's lines, stock. The fault scenarios check the server against the shopper's model with it
 * while the server runs (an embedded database has one owner: this process).
 */
const server = await startServer(loadConfig());
const db = server.ctx.db;

const routes: Record<string, (q: URLSearchParams) => Promise<unknown>> = {
  '/orders': async (q) =>
    (
      await db.query<{ order_id: string; increment_id: string; customer_id: string | null; doc: { items?: { sku: string; qty_ordered: number }[]; grand_total?: number } }>(
        'select order_id, increment_id, customer_id, doc from orders where lower(email) = lower($1) order by created_at',
        [q.get('email') ?? ''],
      )
    ).map((r) => ({ order_id: r.order_id, increment_id: r.increment_id, customer_id: r.customer_id, lines: (r.doc.items ?? []).map((i) => ({ sku: i.sku, qty: Number(i.qty_ordered) })), grand_total: Number(r.doc.grand_total) })),
  '/cart': async (q) => {
    const [cart] = await db.query<{ id: string; customer_id: string | null; converted_order_id: string | null }>('select id, customer_id, converted_order_id from carts where id = $1', [q.get('id') ?? '']);
    if (!cart) return null;
    const lines = await db.query<{ sku: string; qty: number }>('select sku, qty from cart_items where cart_id = $1 order by item_id', [cart.id]);
    return { ...cart, lines: lines.map((l) => ({ sku: l.sku, qty: Number(l.qty) })) };
  },
  '/customer-cart': async (q) => {
    const rows = await db.query<{ id: string }>(
      'select c.id from carts c join customers u on u.id::text = c.customer_id where lower(u.email) = lower($1) and c.converted_order_id is null',
      [q.get('email') ?? ''],
    );
    return rows[0]?.id ?? null;
  },
  '/stock': async (q) => Object.fromEntries((await db.query<{ sku: string; qty: number }>('select sku, qty from stock where sku = any($1::text[])', [(q.get('skus') ?? '').split(',')])).map((r) => [r.sku, Number(r.qty)])),
};

const inspect = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://inspect.invalid');
  const route = routes[url.pathname];
  if (!route) return void res.writeHead(404).end();
  route(url.searchParams).then(
    (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
    (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error)),
  );
});
inspect.listen(Number(process.env.INSPECT_PORT), '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    inspect.close();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
