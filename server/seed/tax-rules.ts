import type { TaxRule } from '../../schemas/catalog/tax-rule';
import { TAX_CLASS } from '../../schemas/catalog/product';

/**
 * VAT rules. Customer tax class 3 is the retail customer class. The UK store charges by the
 * shipping country: standard-rated goods 20 % in GB; zero-rated goods (books, printed catalogues,
 * e-publications) 0 % in GB. Germany and Italy are listed for their (not yet enabled) store views,
 * with their reduced book rates; the United States has no VAT.
 */
const RETAIL_CUSTOMER_CLASS = 3;

const rate = (id: number, code: string, country: string, value: number, regionName?: string) => ({
  id, code, tax_country_id: country, tax_region_id: 0, tax_postcode: '*', rate: value, ...(regionName ? { region_name: regionName } : {}),
});

export function buildTaxRules(): TaxRule[] {
  return [
    {
      id: 1, code: 'VAT standard rate', priority: 0,
      product_tax_class_ids: [TAX_CLASS.standard], customer_tax_class_ids: [RETAIL_CUSTOMER_CLASS],
      rates: [
        rate(1, 'GB VAT 20%', 'GB', 20, 'United Kingdom'), rate(2, 'DE MwSt 19%', 'DE', 19, 'Germany'),
        rate(3, 'IT IVA 22%', 'IT', 22, 'Italy'), rate(4, 'US no VAT', 'US', 0, 'United States'),
      ],
    },
    {
      id: 2, code: 'VAT zero rate (books and publications)', priority: 0,
      product_tax_class_ids: [TAX_CLASS.zeroRated], customer_tax_class_ids: [RETAIL_CUSTOMER_CLASS],
      rates: [
        rate(5, 'GB VAT 0%', 'GB', 0, 'United Kingdom'), rate(6, 'DE MwSt 7%', 'DE', 7, 'Germany'),
        rate(7, 'IT IVA 4%', 'IT', 4, 'Italy'), rate(8, 'US no VAT (books)', 'US', 0, 'United States'),
      ],
    },
  ];
}
