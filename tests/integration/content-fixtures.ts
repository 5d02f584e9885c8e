import { writeDocuments, type CatalogDoc, type CatalogEntity } from '../../server/catalog/catalog-store';
import type { Database } from '../../server/db/database';

/**
 * Documents with known numbers for the content tests, written into the test server's private
 * database beside the seeded catalogue. Ids from 990001 and SKUs starting "ZZT-" keep them apart.
 */

const DAY = 86_400_000;
export const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
const stock = { is_in_stock: true, qty: 10 };

function product(id: number, sku: string, extra: Record<string, unknown>): CatalogDoc {
  const slug = `zz-${sku.toLowerCase()}`;
  return { id, sku, name: `Test ${sku}`, slug, url_key: slug, url_path: `zz-test/${slug}`, type_id: 'simple', status: 1, visibility: 4, price: 10, tax_class_id: 2, stock, ...extra };
}

export const FIXTURE_PRODUCTS: CatalogDoc[] = [
  product(990001, 'ZZT-CFG', {
    type_id: 'configurable',
    configurable_children: [
      { id: 990002, sku: 'ZZT-CFG-S', name: 'Small', status: 1, stock, price: 10 },
      { id: 990003, sku: 'ZZT-CFG-L', name: 'Large', status: 1, stock, price: 12, special_price: 11, special_from_date: iso(-2), special_to_date: iso(2) },
      { id: 990004, sku: 'ZZT-CFG-X', name: 'Withdrawn', status: 2, stock, price: 5 },
    ],
  }),
  // The standalone copy of a child: hidden on its own, pointing at its parent.
  product(990002, 'ZZT-CFG-S', { visibility: 1, parentSku: 'ZZT-CFG', price: 10 }),
  // A hidden copy that does not say who its parent is: found through the parent's children.
  product(990003, 'ZZT-CFG-L', { visibility: 1, price: 12 }),
  product(990010, 'ZZT-OFF', { status: 2 }),
  product(990011, 'ZZT-SPECIAL', {
    price: 20,
    special_price: 15,
    special_from_date: iso(-1),
    special_to_date: iso(1),
    tier_prices: [
      { customer_group_id: 1, qty: 1, value: 14 },
      { customer_group_id: 0, qty: 5, value: 18 },
    ],
  }),
  product(990012, 'ZZT-EXPIRED', { price: 20, special_price: 15, special_from_date: iso(-10), special_to_date: iso(-1) }),
  product(990013, 'ZZT-FUTURE', { price: 20, special_price: 15, special_from_date: iso(1) }),
  product(990014, 'ZZT-DEARER', { price: 20, special_price: 25 }),
  product(990015, 'ZZT-BOOK', { price: 7.5, tax_class_id: 5, type_id: 'virtual' }),
  product(990016, 'ZZT-PENNY', { price: 0.07 }),
];

export const FIXTURE_CONTENT: Partial<Record<CatalogEntity, CatalogDoc[]>> = {
  product: FIXTURE_PRODUCTS,
  cms_page: [{ id: 990101, identifier: 'zz-switched-off', title: 'Switched off', content: '<p>off</p>', active: false }],
  cms_block: [{ id: 990102, identifier: 'zz-switched-off-block', title: 'Switched off', content: '<p>off</p>', active: false }],
  banner: [
    { id: 990201, title: 'Inactive banner', image: '/banners/x.jpg', link: '/c/x', status: 0, position: 0 },
    { id: 990202, title: 'Last active banner', image: '/banners/y.jpg', link: '/c/y', status: 1, position: 9999 },
  ],
};

export async function writeFixtures(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [entity, docs] of Object.entries(FIXTURE_CONTENT)) await writeDocuments(tx, db, entity as CatalogEntity, docs);
  });
}

export async function docsOf(db: Database, entity: CatalogEntity): Promise<CatalogDoc[]> {
  const rows = await db.query<{ doc: CatalogDoc }>('select doc from catalog_documents where entity = $1 and not deleted order by seq', [entity]);
  return rows.map((r) => r.doc);
}
