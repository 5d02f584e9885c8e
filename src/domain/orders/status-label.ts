/**
 * An order status as a shopper reads it ("Pending", "Shipped"), on every screen and in every mail.
 * The API, the database and the admin filters keep the lowercase values.
 */
export function orderStatusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
