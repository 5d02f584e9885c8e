/**
 * The change stream names an order only by a digest of its order_id (the id itself is the right to
 * read the order, so it never goes out to every listener): the first 24 hex digits of its SHA-256,
 * as server/order/order-changes.ts `orderRef` makes it. A device matches the digests of the orders it
 * knows against it.
 */
export async function orderRef(orderId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(orderId));
  return Array.from(new Uint8Array(digest).subarray(0, 12), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Digests already worked out in this tab; an order's digest never changes. Bounded, as the ids come from replies. */
const known = new Map<string, Promise<string>>();
const MAX_KNOWN = 1000;

function cachedRef(orderId: string): Promise<string> {
  let ref = known.get(orderId);
  if (!ref) {
    if (known.size >= MAX_KNOWN) known.clear();
    ref = orderRef(orderId);
    known.set(orderId, ref);
  }
  return ref;
}

/** The ids among `orderIds` that `ref` names (normally one, or none when the change is someone else's order). */
export async function ordersNamedBy(ref: string, orderIds: Iterable<string>): Promise<string[]> {
  const ids = [...new Set(orderIds)];
  const refs = await Promise.all(ids.map(cachedRef));
  return ids.filter((_, i) => refs[i] === ref);
}
