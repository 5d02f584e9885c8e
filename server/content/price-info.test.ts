import { describe, expect, it } from 'vitest';
import { priceInfo } from './price-info';

const now = new Date('2025-06-01T12:00:00Z');

describe('priceInfo', () => {
  it('gives prices excluding tax and, under tax_adjustments, including it', () => {
    expect(priceInfo({ price: 15.49 }, { now }, 20)).toEqual({
      final_price: 15.49,
      regular_price: 15.49,
      minimal_price: 15.49,
      max_price: 15.49,
      extension_attributes: { tax_adjustments: { final_price: 18.59, regular_price: 18.59, minimal_price: 18.59, max_price: 18.59 } },
    });
  });

  it('shows an active special price and uses it as the final price', () => {
    const info = priceInfo({ price: 20, special_price: 16.5, special_to_date: '2025-06-30' }, { now }, 20);
    expect(info).toMatchObject({ final_price: 16.5, regular_price: 20, special_price: 16.5 });
    expect(info.extension_attributes.tax_adjustments).toMatchObject({ final_price: 19.8, regular_price: 24, special_price: 19.8 });
  });

  it('ranges a configurable product over its enabled children', () => {
    const parent = {
      type_id: 'configurable',
      price: 1,
      configurable_children: [
        { sku: 'A', price: 9, status: 1 },
        { sku: 'B', price: 12, special_price: 8, status: 1 },
        { sku: 'C', price: 2, status: 2 },
      ],
    };
    expect(priceInfo(parent, { now }, 0)).toMatchObject({ final_price: 8, regular_price: 12, minimal_price: 8, max_price: 9, special_price: 8 });
  });

  it('falls back to its own price when a configurable product has no enabled child', () => {
    expect(priceInfo({ type_id: 'configurable', price: 3, configurable_children: [{ price: 1, status: 2 }] }, { now }, 0).final_price).toBe(3);
  });
});
