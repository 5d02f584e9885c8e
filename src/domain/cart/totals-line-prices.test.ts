import { describe, expect, it } from 'vitest';
import { totalsLinePrices, totalsPriceTheseLines } from './totals-line-prices';

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

  it('are the figures of exactly these lines, at their quantities and current prices', () => {
    const lines = [
      { server_item_id: 7, qty: 2, price_pence: 400 },
      { server_item_id: 8, qty: 1, price_pence: 0 },
    ];
    expect(totalsPriceTheseLines(lines, totals)).toBe(true);
    // A price changed since.
    expect(totalsPriceTheseLines([{ ...lines[0]!, price_pence: 450 }, lines[1]!], totals)).toBe(false);
    // Another quantity, a line the server has not confirmed, a line added, a line gone.
    expect(totalsPriceTheseLines([{ ...lines[0]!, qty: 3 }, lines[1]!], totals)).toBe(false);
    expect(totalsPriceTheseLines([{ ...lines[0]!, server_item_id: null }, lines[1]!], totals)).toBe(false);
    expect(totalsPriceTheseLines([...lines, { server_item_id: 9, qty: 1, price_pence: 100 }], totals)).toBe(false);
    expect(totalsPriceTheseLines([lines[0]!], totals)).toBe(false);
    expect(totalsPriceTheseLines(lines, { grand_total: 10 })).toBe(false);
  });
});
