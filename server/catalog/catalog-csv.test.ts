import { describe, expect, it } from 'vitest';
import type { CatalogDoc } from './catalog-store';
import { CsvProblems, parseCsv, productsFromCsv, type CsvCatalogue } from './catalog-csv';

const category = (id: number, name: string, parent_id: number, level: number) => ({ id, name, parent_id, level, url_key: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') });
const categories = [
  category(2, 'Default Category', 1, 1),
  category(20, 'Anchors & Fixings', 2, 2),
  category(101, 'Through Bolts', 20, 3),
  category(104, 'Drop-in Anchors', 20, 3),
  category(22, 'Cavity & Plasterboard Fixings', 2, 2),
  category(141, 'Wall Plugs', 22, 3),
  category(900, 'Clearance', 2, 2),
];
const attributes = [
  { attribute_id: 141, attribute_code: 'bolt_diameter', frontend_input: 'select', options: [{ label: 'M8', value: '8' }, { label: 'M10', value: '10' }, { label: 'M12', value: '12' }] },
  { attribute_id: 147, attribute_code: 'material', frontend_input: 'select', options: [{ label: 'Carbon steel', value: '100' }, { label: 'A4 stainless steel', value: '102' }] },
  { attribute_id: 158, attribute_code: 'new', frontend_input: 'boolean', options: [{ label: 'No', value: '0' }, { label: 'Yes', value: '1' }] },
  { attribute_id: 160, attribute_code: 'approval', frontend_input: 'multiselect', options: [{ label: 'UKCA marked', value: '323' }, { label: 'CE marked', value: '324' }] },
  { attribute_id: 161, attribute_code: 'note', frontend_input: 'text', options: [] },
];
const existing: CatalogDoc = {
  id: 11,
  sku: 'TB-M10-100-HDG',
  name: 'Through Bolt M10 x 100mm Galvanised (Box of 50)',
  slug: 'through-bolt-m10-x-100mm-galvanised-tb-m10-100-hdg',
  type_id: 'simple',
  status: 1,
  visibility: 4,
  price: 19.99,
  original_price: 19.99,
  final_price: 17.99,
  special_price: 17.99,
  special_from_date: null,
  special_to_date: null,
  description: 'Kept as it is',
  category_ids: [20, 101],
  category: [{ category_id: 20, name: 'Anchors & Fixings' }, { category_id: 101, name: 'Through Bolts' }],
  stock: { is_in_stock: true, qty: 80, product_id: 11, manage_stock: true },
  bolt_diameter: '10',
};
const catalogue: CsvCatalogue = { categories, attributes, existingBySku: new Map([[existing.sku as string, existing]]), now: new Date('2026-06-01T00:00:00Z') };

const read = (text: string) => productsFromCsv(parseCsv(text), catalogue);

function problems(text: string): string[] {
  try {
    read(text);
  } catch (error) {
    if (error instanceof CsvProblems) return error.problems;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('productsFromCsv', () => {
  it('makes a new product from the common columns, with categories and attribute options by label', () => {
    const [product] = read(
      'sku,name,price,qty,category,bolt_diameter,Material,new,approval,note\n' +
        'DI-M12-50-CS,Drop-in Anchor M12 x 50mm (Box of 25),14.49,400,Anchors & Fixings/Drop-in Anchors,m12,Carbon Steel,yes,UKCA marked|CE marked,Sold by the box\n',
    );
    expect(product).toMatchObject({ row: 2, isNew: true });
    expect(product!.doc).toMatchObject({
      sku: 'DI-M12-50-CS',
      name: 'Drop-in Anchor M12 x 50mm (Box of 25)',
      slug: 'drop-in-anchor-m12-x-50mm-box-of-25-di-m12-50-cs',
      type_id: 'simple',
      status: 1,
      visibility: 4,
      price: 14.49,
      original_price: 14.49,
      final_price: 14.49,
      category_ids: [20, 104],
      category: [{ category_id: 20, name: 'Anchors & Fixings' }, { category_id: 104, name: 'Drop-in Anchors' }],
      stock: { qty: 400, is_in_stock: true, manage_stock: true },
      bolt_diameter: '12',
      material: '100',
      new: '1',
      approval: ['323', '324'],
      note: 'Sold by the box',
    });
    expect(product!.doc.id).toBeUndefined();
  });

  it('changes only the filled-in cells of an existing product, keeping its id, and works out its final price again', () => {
    const [product] = read('sku,name,price,qty,category,description\nTB-M10-100-HDG,,12.95,0,Cavity & Plasterboard Fixings/Wall Plugs|Clearance|Anchors & Fixings,\n');
    expect(product).toMatchObject({ row: 2, isNew: false });
    expect(product!.doc).toMatchObject({
      id: 11,
      name: existing.name,
      description: 'Kept as it is',
      price: 12.95,
      original_price: 12.95,
      // The special price (17.99) is no longer below the price, so it no longer applies.
      final_price: 12.95,
      category_ids: [22, 141, 900, 20],
      stock: { qty: 0, is_in_stock: false, product_id: 11, manage_stock: true },
      bolt_diameter: '10',
    });
    expect(existing.price).toBe(19.99);
    // Without a price in the row, the prices stay as they are.
    expect(read('sku,qty\nTB-M10-100-HDG,5\n')[0]!.doc).toMatchObject({ price: 19.99, final_price: 17.99, stock: { qty: 5, is_in_stock: true } });
  });

  it('reads semicolon files with a byte order mark, quoted cells with line breaks, and skips empty rows', () => {
    const products = read('\ufeffSKU;Name;Price;Description\r\n\r\nA-1;Anchor;1.5;x\r\nB-2;Bolt;2.5;"two\r\nlines; and a semicolon"\r\n');
    expect(products.map((p) => [p.row, p.doc.sku, p.doc.price])).toEqual([
      [3, 'A-1', 1.5],
      [4, 'B-2', 2.5],
    ]);
    expect(products[1]!.doc.description).toBe('two\r\nlines; and a semicolon');
  });

  it('names the row and column of every problem', () => {
    expect(
      problems(
        'sku,name,price,qty,category,bolt_diameter,ean\n' +
          'A-1,Anchor,12.5O,3,,,\n' +
          'A-2,,4,-1,Anchors & Fixings/Wedge Anchors,M11,5012345678901\n' +
          ',Nameless,1,1,,,\n' +
          'A-1,Again,1,1,,,\n' +
          'TB-M10-100-HDG,,£3,2.5,Fixings,,\n',
      ),
    ).toEqual([
      'row 2, column price: must be a number such as 12.49 (no currency sign or thousands separator)',
      'row 3, column name: is required for a new product (no product has SKU A-2 yet)',
      'row 3, column qty: must not be negative',
      'row 3, column category: no category "Anchors & Fixings/Wedge Anchors": "Anchors & Fixings" has no subcategory "Wedge Anchors" (there are Through Bolts, Drop-in Anchors)',
      'row 3, column bolt_diameter: no option "M11" (options: M8, M10, M12)',
      'row 3, column ean: EAN check digit is wrong: 5012345678900 would be valid',
      'row 4, column sku: is empty; every row needs the product\'s SKU',
      'row 5, column sku: A-1 is already on row 2',
      'row 6, column price: must be a number such as 12.49 (no currency sign or thousands separator)',
      'row 6, column qty: must be a whole number',
      'row 6, column category: no category "Fixings": there is no top-level category "Fixings" (there are Anchors & Fixings, Cavity & Plasterboard Fixings, Clearance)',
    ]);
  });

  it('refuses unknown, repeated and missing columns in the heading row', () => {
    expect(problems('sku,name,prize,Name\nA,b,1,c\n')).toEqual([
      'row 1, column prize: not a product column (sku, name, price, special_price, qty, category, description, short_description, ean) nor an attribute code',
      'row 1, column Name: the same column as column 2',
    ]);
    expect(problems('name,price\nA,1\n')).toEqual(['row 1: a sku column is required (the first row names the columns)']);
    expect(problems('sku,name,price\nA,b,1,extra\n')).toEqual(['row 2, column 4: has a value but no heading']);
    expect(problems('sku,name,price\n')).toEqual(['The file has no product rows below the heading row']);
  });

  it('reports a file that is not CSV at all with its row', () => {
    expect(problems('sku,name\nA,"open\n')[0]).toMatch(/^row 2: Quote Not Closed/);
    expect(problems('  \n')).toEqual(['The file is empty: the first row must name the columns, starting with sku']);
  });
});
