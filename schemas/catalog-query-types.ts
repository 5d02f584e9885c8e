/** The entity types of POST /api/catalog (`type` in catalog-query.ts), apart from the body's schema: no valibot here. */
export const CATALOG_QUERY_TYPES = ['product', 'category', 'attribute', 'taxrule', 'cms_page', 'cms_block', 'cms_hierarchy'] as const;
export type CatalogQueryType = (typeof CATALOG_QUERY_TYPES)[number];
