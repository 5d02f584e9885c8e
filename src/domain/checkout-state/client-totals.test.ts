import { describe, expect, it } from 'vitest';
import { clientTotals, segmentsToShow } from './client-totals';

const ukVat = [{ id: 1, product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ tax_country_id: 'GB', tax_region_id: 0, rate: 20 }] }];
const anchors = { sku: 'A', name: 'Anchor', qty: 2, unitPence: 1000, taxClassId: 2, typeId: 'simple' };
const catalogue = { sku: 'CAT', name: 'Printed catalogue', qty: 1, unitPence: 500, taxClassId: 5, typeId: 'simple' };

describe('totals with client-side tax', () => {
  it('refuses without a default country, with the spec message', () => {
    expect(clientTotals({ lines: [anchors], taxRules: ukVat, defaultCountry: null })).toEqual({ ok: false, message: 'Please do set the tax.defaultCountry in order to calculate totals' });
  });

  it('taxes each line at its class rate for GB and adds the courier flat rate 4 excl. / 5 incl. tax', () => {
    const result = clientTotals({ lines: [anchors, catalogue], taxRules: ukVat, defaultCountry: 'GB' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // 2 x 10.00 at 20 % and 5.00 zero-rated; shipping 4.00 + 1.00 VAT.
    expect(result.totals).toMatchObject({ subtotal: 25, subtotal_incl_tax: 29, shipping_amount: 4, shipping_incl_tax: 5, tax_amount: 5, grand_total: 34 });
  });

  it('charges no VAT where the destination has no rule', () => {
    const result = clientTotals({ lines: [anchors], taxRules: ukVat, defaultCountry: 'GB', countryId: 'US' });
    expect(result.ok && result.totals).toMatchObject({ tax_amount: 0, shipping_incl_tax: 4, grand_total: 24 });
  });

  it('shows the server segments while online, the client ones otherwise', () => {
    expect(segmentsToShow(['server'], true, ['client'])).toEqual(['server']);
    expect(segmentsToShow(['server'], false, ['client'])).toEqual(['client']);
    expect(segmentsToShow(null, true, ['client'])).toEqual(['client']);
  });
});
