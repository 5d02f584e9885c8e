import { describe, expect, it } from 'vitest';
import { orderedLineKey } from '../../../replication/cart/item-match';
import type { TotalsReply } from '../../../schemas/api/cart';
import { repricedLines } from './repriced-lines';

const item = (itemId: number, sku: string, qty: number, price: number, priceInclTax: number) => ({ item_id: itemId, sku, qty, price, price_incl_tax: priceInclTax }) as TotalsReply['items'][number];

describe('the cart lines of an order refused for a changed price', () => {
  const products = [
    { sku: 'A', qty: 2, checksum: 'a1', product_option: null },
    { sku: 'B', qty: 1, checksum: 'b1', product_option: null },
  ];

  it("take the server's unit prices in pence, each on the line its product came from (item_id is the product's place, from 1)", () => {
    const totals = { items: [item(2, 'B', 1, 7.46, 8.95), item(1, 'A', 2, 14.12, 16.94)] };
    expect(repricedLines(products, totals)).toEqual([
      { lineId: orderedLineKey(products[1]!), qty: 1, pricePence: 746, priceInclTaxPence: 895 },
      { lineId: orderedLineKey(products[0]!), qty: 2, pricePence: 1412, priceInclTaxPence: 1694 },
    ]);
  });

  it('leave out an item that names no product of the order', () => {
    expect(repricedLines(products, { items: [item(3, 'C', 1, 1, 1.2), item(1, 'B', 1, 1, 1.2)] })).toEqual([]);
  });
});
