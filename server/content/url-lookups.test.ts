import { describe, expect, it } from 'vitest';
import type { CatalogDoc, CatalogEntity } from '../catalog/catalog-store';
import { createSearchIndex, type SearchIndex } from '../catalog/search-index';
import { memoryUrlLookups } from './url-lookups';
import { resolveUrl } from './url-resolver';

function catalogue(docs: Partial<Record<CatalogEntity, CatalogDoc[]>>) {
  const indexes = new Map<CatalogEntity, SearchIndex>();
  for (const entity of ['product', 'category', 'cms_page'] as const) indexes.set(entity, createSearchIndex(entity, docs[entity] ?? []));
  const index = (entity: CatalogEntity) => indexes.get(entity)!;
  return { index, lookups: memoryUrlLookups({ index }) };
}

const product = (id: number, sku: string, extra: Record<string, unknown> = {}): CatalogDoc => ({
  id,
  sku,
  slug: sku.toLowerCase(),
  url_key: sku.toLowerCase(),
  url_path: `shop/${sku.toLowerCase()}`,
  type_id: 'simple',
  status: 1,
  visibility: 4,
  ...extra,
});

describe('url lookups from the in-memory catalogue', () => {
  it('compares text exactly: a sku in another case is not the product', () => {
    const { lookups } = catalogue({ product: [product(1, 'AB-1')] });
    expect(lookups.productsBySku(['AB-1'])).toHaveLength(1);
    expect(lookups.productsBySku(['ab-1'])).toEqual([]);
    expect(lookups.byUrlPath('SHOP/AB-1')).toBeUndefined();
  });

  it('a key shared by several products: a visible one first, then visibility 1, then none, ids in text order', () => {
    const visible = catalogue({
      product: [
        product(1, 'B', { slug: 'same', visibility: 1 }),
        product(2, 'C', { url_key: 'same', visibility: undefined }),
        product(3, 'D', { slug: 'same', visibility: 2 }),
        product(20, 'E', { slug: 'same', visibility: 3 }),
      ],
    });
    expect(visible.lookups.productByKey('same')?.sku).toBe('E');
    const hidden = catalogue({ product: [product(1, 'C', { slug: 'same', visibility: undefined }), product(2, 'B', { slug: 'same', visibility: 1 })] });
    expect(hidden.lookups.productByKey('same')?.sku).toBe('B');
  });

  it('a numeric field reads as its text, as the database reads it', () => {
    const { lookups } = catalogue({ category: [{ id: 42, url_key: 'anchors', url_path: 'fixings/anchors' }] });
    expect(lookups.category('42')?.url_key).toBe('anchors');
    expect(lookups.byUrlPath('fixings/anchors')?.entity).toBe('category');
  });

  it('follows changes: a moved url, a removed product, and a slot taken by another', async () => {
    const { index, lookups } = catalogue({ product: [product(1, 'A'), product(2, 'B')] });
    expect((await resolveUrl(lookups, '/shop/a', undefined))?.doc.id).toBe(1);
    index('product').upsert([product(1, 'A', { url_path: 'moved/a' })]);
    expect(await resolveUrl(lookups, '/shop/a', undefined)).toBeUndefined();
    expect((await resolveUrl(lookups, '/moved/a', undefined))?.doc.id).toBe(1);
    index('product').remove(['2']);
    expect(await resolveUrl(lookups, '/shop/b', undefined)).toBeUndefined();
    expect(await resolveUrl(lookups, '/p/B/b', undefined)).toBeUndefined();
    index('product').upsert([product(3, 'C')]);
    expect((await resolveUrl(lookups, '/shop/c', undefined))?.doc.sku).toBe('C');
    expect(await resolveUrl(lookups, '/shop/b', undefined)).toBeUndefined();
  });

  it('a configurable child found through the parent that embeds it', async () => {
    const parent = product(1, 'CFG', { type_id: 'configurable', configurable_children: [{ sku: 'CFG-S' }, { sku: 'CFG-L' }] });
    const { lookups } = catalogue({ product: [parent, product(2, 'CFG-S', { visibility: 1 })] });
    expect(await resolveUrl(lookups, '/shop/cfg-s', undefined)).toMatchObject({ type: 'product', doc: { sku: 'CFG' }, childSku: 'CFG-S' });
    expect(await resolveUrl(lookups, '/p/CFG/cfg/CFG-L', undefined)).toMatchObject({ doc: { sku: 'CFG' }, childSku: 'CFG-L' });
    expect(lookups.parentsOfChildren(['cfg-s'])).toEqual([]);
  });
});
