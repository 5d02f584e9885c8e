/**
 * The shop's order tracking page, with the order number and e-mail filled in when known (the
 * thank-you page and the order mails link it this way, so the shopper only presses "Track").
 */
export function trackingPath(orderNumber: string | null | undefined, email: string | null | undefined): string {
  const query = new URLSearchParams();
  if (orderNumber) query.set('orderNumber', orderNumber);
  if (email) query.set('email', email);
  const search = query.toString();
  return search ? `/order-tracking?${search}` : '/order-tracking';
}
