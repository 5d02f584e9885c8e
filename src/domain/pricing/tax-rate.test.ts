import { describe, expect, it } from 'vitest';
import { findTaxRatePercent } from './tax-rate';

const rules = [
  { id: 2, priority: 0, product_tax_class_ids: [5], customer_tax_class_ids: [3], rates: [{ tax_country_id: 'GB', tax_region_id: 0, rate: 0 }] },
  { id: 1, priority: 0, product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ tax_country_id: 'DE', tax_region_id: 0, rate: 19 }, { tax_country_id: 'GB', tax_region_id: 0, rate: 20 }] },
];

describe('findTaxRatePercent', () => {
  it('finds the rate of the product class for the country', () => {
    expect(findTaxRatePercent(rules, { productTaxClassId: 2, countryId: 'GB' })).toBe(20);
    expect(findTaxRatePercent(rules, { productTaxClassId: 2, countryId: 'de' })).toBe(19);
    expect(findTaxRatePercent(rules, { productTaxClassId: 5, countryId: 'GB' })).toBe(0);
  });

  it('is 0 when no rule or rate covers it', () => {
    expect(findTaxRatePercent(rules, { productTaxClassId: 9, countryId: 'GB' })).toBe(0);
    expect(findTaxRatePercent(rules, { productTaxClassId: 2, countryId: 'US' })).toBe(0);
    expect(findTaxRatePercent([], { productTaxClassId: 2, countryId: 'GB' })).toBe(0);
  });

  it('respects the customer class when given, and the rule priority', () => {
    expect(findTaxRatePercent(rules, { productTaxClassId: 2, countryId: 'GB', customerTaxClassId: 4 })).toBe(0);
    const reduced = { id: 3, priority: -1, product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ tax_country_id: 'GB', tax_region_id: 0, rate: 5 }] };
    expect(findTaxRatePercent([...rules, reduced], { productTaxClassId: 2, countryId: 'GB' })).toBe(5);
  });
});
