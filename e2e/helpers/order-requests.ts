import type { Page, Request } from 'playwright-core';

/** POST /api/order, whatever query string the client adds. */
export const isOrderPost = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/order';

export interface OrderPosts {
  /** The order_id of every order request the page made, in order. */
  ids: string[];
  /** Order requests the page made that have neither finished nor failed yet. */
  inFlight(): number;
}

/** Every order request of the pages, with the order id it carried and whether it is still open. */
export function watchOrderPosts(...pages: Page[]): OrderPosts {
  const ids: string[] = [];
  let open = 0;
  for (const page of pages) {
    page.on('request', (request) => {
      if (!isOrderPost(request)) return;
      open++;
      ids.push(String((JSON.parse(request.postData() ?? '{}') as { order_id?: unknown }).order_id));
    });
    const done = (request: Request) => void (isOrderPost(request) && open--);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }
  return { ids, inFlight: () => open };
}

/** The server's stored reply for a client-made order id (GET /api/order/{id}), or null when it holds no such order. */
export async function serverOrderById(base: string, orderId: string, token?: string): Promise<Record<string, unknown> | null> {
  const response = await fetch(`${base}/api/order/${encodeURIComponent(orderId)}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const reply = (await response.json()) as { code: number; result: Record<string, unknown> };
  if (reply.code === 404) return null;
  if (reply.code !== 200) throw new Error(`order ${orderId}: ${reply.code} ${JSON.stringify(reply.result)}`);
  return reply.result;
}
