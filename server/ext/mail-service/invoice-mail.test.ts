import { describe, expect, it } from 'vitest';
import { orderStatusMail } from '../../order/order-status-mail';
import { invoiceMail } from './invoice-mail';

const config = { publicUrl: 'https://shop.example' };
const order = {
  order_id: 'o-1', customer_id: null, email: 'ann@example.com', increment_id: '000001005', status: 'shipped', created_at: '2026-05-04T10:00:00Z',
  doc: { items: [{ sku: 'TB-M10', name: 'Through bolt', qty: 2, price_incl_tax: 6 }], totals: { grand_total: 12 } },
};

describe('the invoice mail', () => {
  it('links the order tracking page as the status mail does, and reads the status capitalised', () => {
    const text = invoiceMail(config, order).text;
    const tracking = 'Track your order at https://shop.example/order-tracking?orderNumber=000001005&email=ann%40example.com';
    expect(text).toContain(tracking);
    const statusMail = orderStatusMail(config, { email: order.email, firstname: 'Ann', incrementId: order.increment_id, status: 'shipped', comment: undefined, carrier: undefined, trackingNumber: undefined });
    expect(statusMail.text).toContain(tracking);
    expect(text).toContain('Status: Shipped');
    expect(statusMail.text).toContain('is now "Shipped"');
  });
});
