import type { Config } from '../config';
import { carrierTrackingUrl } from '../../src/domain/delivery/carriers';
import type { MailMessage } from '../mail/send-mail';
import { trackOrderLine } from '../mail/track-order-line';
import { orderStatusLabel } from '../../src/domain/orders/status-label';

/** What the shopper reads about each status. */
const STATUS_LINES: Record<string, string> = {
  processing: 'We are packing your order.',
  shipped: 'Your order is on its way.',
  delivered: 'Your order has been delivered.',
  cancelled: 'Your order has been cancelled. Nothing will be charged for it.',
};

export interface StatusMailFacts {
  email: string;
  firstname: unknown;
  incrementId: string;
  status: string;
  comment: string | undefined;
  carrier: string | undefined;
  trackingNumber: string | undefined;
  /** The customer's own reference (job or PO number), when the order has one. */
  reference?: string | null | undefined;
}

/** The mail a shopper gets when their order changes status (queued in the same transaction). */
export function orderStatusMail(config: Pick<Config, 'publicUrl'>, facts: StatusMailFacts): MailMessage {
  const hello = typeof facts.firstname === 'string' && facts.firstname.trim() !== '' ? `Hello ${facts.firstname.trim()},` : 'Hello,';
  const carrierPage = carrierTrackingUrl(facts.carrier, facts.trackingNumber);
  const shipment = [facts.carrier ? `Carrier: ${facts.carrier}` : '', facts.trackingNumber ? `Tracking number: ${facts.trackingNumber}` : '', carrierPage ? `Follow the parcel at ${carrierPage}` : ''].filter(Boolean);
  return {
    to: facts.email,
    subject: `Your order ${facts.incrementId} is ${facts.status}`,
    text: [
      hello,
      '',
      `The status of your order ${facts.incrementId} is now "${orderStatusLabel(facts.status)}". ${STATUS_LINES[facts.status] ?? ''}`.trim(),
      ...(facts.reference ? [`Your reference: ${facts.reference}`] : []),
      ...(shipment.length > 0 ? ['', ...shipment] : []),
      ...(facts.comment ? ['', facts.comment] : []),
      '',
      trackOrderLine(config.publicUrl, facts.incrementId, facts.email),
    ].join('\n'),
  };
}
