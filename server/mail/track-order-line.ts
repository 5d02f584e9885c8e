import { trackingPath } from '../../src/domain/delivery/tracking-link';

/**
 * The line that links an order mail to the order tracking page, the order's number and e-mail filled
 * in, so a guest finds their order from any mail about it with one press of "Track".
 */
export function trackOrderLine(publicUrl: string, orderNumber: string, email: string): string {
  return `Track your order at ${publicUrl}${trackingPath(orderNumber, email)}`;
}
