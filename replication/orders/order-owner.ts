/**
 * Whose session the device holds now: null without one. `customerId` is null while the signed-in
 * customer is not known yet (the sign-in stores the token first, the profile comes after).
 */
export type DeviceSession = { customerId: string | null } | null;

/**
 * The customer an order was placed for: its `user_id`, which the checkout sets from the signed-in
 * customer when the order is placed (and which the server checks against the session), or null for
 * a guest's order.
 */
export function orderCustomer(body: Record<string, unknown>): string | null {
  const id = body.user_id;
  if (typeof id === 'number') return String(id);
  if (typeof id === 'string' && id.trim() !== '') return id.trim();
  return null;
}

/**
 * Whether the order may go with the session the device holds: a customer's order only with that
 * customer's own session (on a shared device the next customer's would make it theirs, or get it
 * refused and lost), a guest's with any.
 */
export function isOrderSession(body: Record<string, unknown>, session: DeviceSession): boolean {
  const owner = orderCustomer(body);
  return owner === null || session?.customerId === owner;
}
