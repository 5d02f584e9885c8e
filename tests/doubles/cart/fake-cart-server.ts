import type { ServerCartItem } from '../../../replication/cart/cart-types';

/**
 * The /api/cart routes in memory behind a `fetch`, for tests of the cart sync through the real API
 * client: guest and customer carts, lines keyed by sku, stock limits, coupons, idempotency keys on
 * cart creation, and faults injected per request.
 */
export type Fault =
  /** No reply: the request never reached the server. */
  | 'network'
  /** The server acted, the reply was lost. */
  | 'lost-reply'
  /** A proxy's HTML error page. */
  | 'html-502'
  /** No reply until the client gives up. */
  | 'hang'
  /** An envelope with this status (and result), without acting. */
  | { status: number; result?: unknown };

interface Cart {
  customer: boolean;
  items: ServerCartItem[];
  converted: boolean;
  coupon: string | null;
}

const json = (code: number, result: unknown) => new Response(JSON.stringify({ code, result }), { status: code, headers: { 'content-type': 'application/json' } });
const cut = () => new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });

export function fakeCartServer() {
  const carts = new Map<string, Cart>();
  const keys = new Map<string, string>();
  const faults: { path: string; fault: Fault }[] = [];
  const requests: { method: string; path: string; body: unknown; idempotencyKey: string | null }[] = [];
  const stock = new Map<string, number>();
  /** Ids of the cart changes applied (POST /api/cart/apply applies each once). */
  const appliedOps = new Set<string>();
  let nextCart = 1;
  let nextItem = 1;
  let customerCart: string | null = null;
  const server = {
    carts,
    requests,
    stock,
    /** Whether a customer token is accepted (false: 401 for customer carts and creation). */
    signedIn: false,
    /** Runs as a request arrives, before the server acts (what the shopper does meanwhile). */
    onRequest: null as ((path: string, body: unknown) => void | Promise<void>) | null,
    /** The next request to this path meets this fault (each fault is used once, in order). */
    fail: (path: string, ...list: Fault[]) => void faults.push(...list.map((fault) => ({ path, fault }))),
    /** Lines of a cart as sku → qty. */
    lines: (cartId: string | null) => Object.fromEntries((cartId ? (carts.get(cartId)?.items ?? []) : []).map((i) => [i.sku, i.qty])),
    /** The cart became an order (placed from another device, or a queued order arrived). */
    convert: (cartId: string) => void (carts.get(cartId)!.converted = true),
    /** A line added by another device. */
    put(cartId: string, sku: string, qty: number): ServerCartItem {
      const cart = carts.get(cartId)!;
      const existing = cart.items.find((i) => i.sku === sku);
      if (existing) return Object.assign(existing, { qty });
      const item: ServerCartItem = { item_id: nextItem++, sku, qty, name: sku, price: 10, product_type: 'simple', quote_id: cartId, product_option: null };
      cart.items.push(item);
      return item;
    },
    /** The customer's open cart, created when there is none. */
    customerCartId(): string {
      if (!customerCart || carts.get(customerCart)!.converted) {
        customerCart = `cart-${nextCart++}`;
        carts.set(customerCart, { customer: true, items: [], converted: false, coupon: null });
      }
      return customerCart;
    },
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const headers = new Headers(init?.headers);
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method: init?.method ?? 'GET', path: url.pathname, body, idempotencyKey: headers.get('idempotency-key') });
      await server.onRequest?.(url.pathname, body);
      const at = faults.findIndex((f) => f.path === url.pathname);
      const fault = at >= 0 ? faults.splice(at, 1)[0]!.fault : null;
      if (fault === 'network') throw cut();
      if (fault === 'html-502') return new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
      if (fault === 'hang') return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));
      if (fault && typeof fault === 'object') return json(fault.status, fault.result ?? `fault ${fault.status}`);
      const reply = handle(url, body, headers.get('authorization') !== null, headers.get('idempotency-key'));
      if (fault === 'lost-reply') throw cut();
      return reply;
    }) as typeof fetch,
  };

  function cartFor(url: URL, auth: boolean): Cart | Response {
    const cart = carts.get(url.searchParams.get('cartId') ?? '');
    if (!cart || cart.converted) return json(404, `No such entity with cartId = ${url.searchParams.get('cartId')}`);
    if (cart.customer && !(auth && server.signedIn)) return json(401, 'User is not authorized to access the resource');
    return cart;
  }

  function handle(url: URL, body: unknown, auth: boolean, key: string | null): Response {
    if (url.pathname === '/api/cart/create') {
      if (key && keys.has(key)) return json(200, keys.get(key));
      if (auth && !server.signedIn) return json(401, 'User is not authorized to access the resource');
      const id = auth ? server.customerCartId() : `guest-${nextCart++}`;
      if (!auth) carts.set(id, { customer: false, items: [], converted: false, coupon: null });
      if (key) keys.set(key, id);
      return json(200, id);
    }
    const cart = cartFor(url, auth);
    if (cart instanceof Response) return cart;
    const cartId = url.searchParams.get('cartId')!;
    const item = (body as { cartItem?: { sku: string; qty: number; item_id?: number } } | undefined)?.cartItem;
    switch (url.pathname) {
      case '/api/cart/pull':
        return json(200, cart.items.map((i) => ({ ...i })));
      case '/api/cart/update': {
        if (item!.item_id !== undefined && !cart.items.some((i) => i.item_id === item!.item_id)) return json(404, `No such entity with cartItemId = ${item!.item_id}`);
        const max = stock.get(item!.sku);
        if (max !== undefined && item!.qty > max) return json(400, `Only ${max} products of this type are available.`);
        return json(200, { ...server.put(cartId, item!.sku, item!.qty) });
      }
      case '/api/cart/apply': {
        const ops = (body as { ops: { op_id: string; type: 'add' | 'set' | 'remove' | 'take'; sku: string; qty?: number }[] }).ops;
        const results = ops.map((op) => {
          if (appliedOps.has(op.op_id)) return { op_id: op.op_id, status: 'duplicate' };
          const held = cart.items.find((i) => i.sku === op.sku)?.qty ?? 0;
          const qty = op.type === 'add' ? held + op.qty! : op.type === 'take' ? held - op.qty! : (op.qty ?? 0);
          const max = stock.get(op.sku);
          if (op.type !== 'remove' && op.type !== 'take' && max !== undefined && qty > max) return { op_id: op.op_id, status: 'refused', code: 400, message: `Only ${max} products of this type are available.` };
          appliedOps.add(op.op_id);
          if (op.type === 'remove' || (op.type === 'take' && qty <= 0)) cart.items = cart.items.filter((i) => i.sku !== op.sku);
          else server.put(cartId, op.sku, qty);
          return { op_id: op.op_id, status: 'applied' };
        });
        return json(200, { cart_id: cartId, items: cart.items.map((i) => ({ ...i })), results });
      }
      case '/api/cart/delete':
        cart.items = cart.items.filter((i) => i.item_id !== item!.item_id);
        return json(200, true);
      case '/api/cart/totals':
        return json(200, { grand_total: cart.items.reduce((sum, i) => sum + i.qty * i.price, 0), coupon_code: cart.coupon, discount_amount: cart.coupon ? 1 : 0, total_segments: [] });
      case '/api/cart/apply-coupon':
        if (url.searchParams.get('coupon') !== 'GOOD') return json(400, "You've entered an incorrect coupon code");
        cart.coupon = 'GOOD';
        return json(200, true);
      case '/api/cart/delete-coupon':
        cart.coupon = null;
        return json(200, true);
    }
    return json(404, 'Route not found');
  }

  return server;
}
