import { describe, expect, it } from 'vitest';
import { placedOrderSummary } from './placed-order-summary';

const body = {
  products: [{ sku: 'A', name: 'Anchor', qty: 12 }, { sku: 'B', qty: 1 }],
  addressInformation: { shippingAddress: { firstname: 'Sam', lastname: 'Site', street: ['1 High Street', 'Unit 2'], city: 'Leeds', postcode: 'LS1 4AP', country_id: 'GB' } },
  customer_reference: 'PO-77',
  grand_total: 61.02,
};

describe('placedOrderSummary', () => {
  it('repeats the lines, address, reference and the confirmed total of the order body', () => {
    expect(placedOrderSummary(body, null)).toEqual({
      lines: [{ sku: 'A', name: 'Anchor', qty: 12 }, { sku: 'B', name: 'B', qty: 1 }],
      grandTotal: 61.02,
      address: ['Sam Site', '1 High Street', 'Unit 2', 'Leeds LS1 4AP', 'GB'],
      reference: 'PO-77',
    });
  });

  it("takes the server's total once it has the order, and leaves out what the body lacks", () => {
    expect(placedOrderSummary(body, { grand_total: 61.5 }).grandTotal).toBe(61.5);
    expect(placedOrderSummary({}, null)).toEqual({ lines: [], grandTotal: null, address: [], reference: null });
  });
});
