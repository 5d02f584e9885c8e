import { createServer, type ServerResponse } from 'node:http';
import { loadConfig } from '../../../server/config';
import { startServer } from '../../../server/start-server';

/**
 * The API as `server/main.ts` starts it, plus a read-only inspection port (INSPECT_PORT, loopback
 * only) that answers from the same database the API writes: the orders stored for an e-mail, a
 * cart's lines, stock. The fault scenarios check the server against the shopper's model with it
 * while the server runs (an embedded database has one owner: this process).
 */
type Db = Awaited<ReturnType<typeof startServer>>['ctx']['db'];

const routes: Record<string, (db: Db, q: URLSearchParams) => Promise<unknown>> = {
  '/orders': async (db, q) =>
    (
      await db.query<{ order_id: string; increment_id: string; customer_id: string | null; doc: { items?: { sku: string; qty_ordered: number }[]; grand_total?: number } }>(
        'select order_id, increment_id, customer_id, doc from orders where lower(email) = lower($1) order by created_at',
        [q.get('email') ?? ''],
      )
    ).map((r) => ({ order_id: r.order_id, increment_id: r.increment_id, customer_id: r.customer_id, lines: (r.doc.items ?? []).map((i) => ({ sku: i.sku, qty: Number(i.qty_ordered) })), grand_total: Number(r.doc.grand_total) })),
  '/cart': async (db, q) => {
    const [cart] = await db.query<{ id: string; customer_id: string | null; converted_order_id: string | null }>('select id, customer_id, converted_order_id from carts where id = $1', [q.get('id') ?? '']);
    if (!cart) return null;
    const lines = await db.query<{ sku: string; qty: number }>('select sku, qty from cart_items where cart_id = $1 order by item_id', [cart.id]);
    return { ...cart, lines: lines.map((l) => ({ sku: l.sku, qty: Number(l.qty) })) };
  },
  '/customer-cart': async (db, q) => {
    const rows = await db.query<{ id: string }>(
      'select c.id from carts c join customers u on u.id::text = c.customer_id where lower(u.email) = lower($1) and c.converted_order_id is null',
      [q.get('email') ?? ''],
    );
    return rows[0]?.id ?? null;
  },
  '/stock': async (db, q) => Object.fromEntries((await db.query<{ sku: string; qty: number }>('select sku, qty from stock where sku = any($1::text[])', [(q.get('skus') ?? '').split(',')])).map((r) => [r.sku, Number(r.qty)])),
};

async function answer(path: string | undefined, res: ServerResponse): Promise<void> {
  const url = new URL(path ?? '/', 'http://inspect.invalid');
  const route = routes[url.pathname];
  if (!route) return void res.writeHead(404).end();
  await started.then((server) => route(server.ctx.db, url.searchParams)).then(
    (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
    (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error)),
  );
}

// The inspection port listens before the API starts: the scenarios take the API's first answer to
// /api/health as the whole process being up, and under load an inspection right after a restart
// (the kill step) met a port not bound yet ("fetch failed": the scenario was not checked at all).
const inspection = createServer((req, res) => void answer(req.url, res));
await new Promise<void>((resolve) => inspection.listen(Number(process.env.INSPECT_PORT), '127.0.0.1', resolve));
const started = startServer(loadConfig());
const server = await started;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    inspection.close();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
