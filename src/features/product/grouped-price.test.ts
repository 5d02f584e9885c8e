import { describe, expect, it } from 'vitest';
import { associatedLinks, groupedPricePence } from './grouped-price';

const now = new Date('2026-11-21T12:00:00Z');
const kit = {
  product_links: [
    { link_type: 'associated', customer_group_id: 0, linked_product_sku: 'A', qty: 1 },
    { link_type: 'associated', customer_group_id: 0, linked_product_sku: 'B', qty: 1 },
    { link_type: 'associated', customer_group_id: 1, linked_product_sku: 'A', qty: 2 },
    { link_type: 'related', customer_group_id: 0, linked_product_sku: 'C', qty: 1 },
  ],
};
const members = new Map([
  ['A', { sku: 'A', price: 10.1 }],
  ['B', { sku: 'B', price: 5.25, special_price: 4.99 }],
]);

describe('grouped price', () => {
  it('sums the associated products of the group at quantity 1, special prices included', () => {
    expect(associatedLinks(kit, 0).map((l) => l.linked_product_sku)).toEqual(['A', 'B']);
    expect(groupedPricePence(kit, members, 0, now)).toBe(1010 + 499);
    expect(groupedPricePence(kit, members, 1, now)).toBe(1010);
  });

  it('is unknown while a member is missing', () => {
    expect(groupedPricePence(kit, new Map([['A', { price: 1 }]]), 0, now)).toBeNull();
  });
});
