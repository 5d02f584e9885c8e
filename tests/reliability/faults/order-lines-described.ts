type Account = { confirmed_qty: number; unconfirmed: { op_id: string; qty: number }[] };
type OrderBody = { order_id?: string; cart_id?: string | null; products?: { sku?: string; qty?: number; cart_line?: Account }[] };

/**
 * An order's cart and lines, which decide what the server takes from which cart: each line with what
 * the order says reached the server of it (confirmed + each change as id tail: quantity).
 */
export function describeOrderLines(body: unknown): string {
  const order = body as OrderBody;
  const account = (a: Account | undefined) => (a ? ` reached ${[a.confirmed_qty, ...a.unconfirmed.map((c) => `${c.op_id.slice(0, 8)}:${c.qty}`)].join('+')}` : '');
  const lines = (order.products ?? []).map((p) => `${p.sku}×${p.qty}${account(p.cart_line)}`).join(',');
  return `${(order.order_id ?? '').slice(-8)} cart ${order.cart_id || 'none'} [${lines}]`;
}
