import { describe, expect, it } from 'vitest';
import { totalsLinePrices, totalsPriceLinesOtherwise } from './totals-line-prices';

const totals = { grand_total: 10, items: [{ item_id: 7, sku: 'M8', qty: 2, price: 4, price_incl_tax: 4.8 }, { item_id: 8, sku: 'FREE', qty: 1, price: 0, price_incl_tax: 0 }] };

describe("the server totals' line prices", () => {
  it('reads each priced item by its id, in pence', () => {
    expect(totalsLinePrices(totals)).toEqual(new Map([[7, { qty: 2, pricePence: 400, priceInclTaxPence: 480 }]]));
  });

  it('reads nothing from totals of another shape', () => {
    expect(totalsLinePrices(null).size).toBe(0);
    expect(totalsLinePrices({ grand_total: 1 }).size).toBe(0);
    expect(totalsLinePrices({ items: [{ item_id: '7', qty: 1, price: 'x', price_incl_tax: 1 }] }).size).toBe(0);
  });

  it('finds totals made at another price than a line has now', () => {
    expect(totalsPriceLinesOtherwise([{ server_item_id: 7, qty: 2, price_pence: 400 }], totals)).toBe(false);
    expect(totalsPriceLinesOtherwise([{ server_item_id: 7, qty: 2, price_pence: 450 }], totals)).toBe(true);
    // Another quantity is the items hash's business; a line the server has not confirmed has no figure to differ from.
    expect(totalsPriceLinesOtherwise([{ server_item_id: 7, qty: 3, price_pence: 450 }], totals)).toBe(false);
    expect(totalsPriceLinesOtherwise([{ server_item_id: null, qty: 2, price_pence: 450 }], totals)).toBe(false);
  });
});
