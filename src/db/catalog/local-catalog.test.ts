import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogueChange } from './local-catalog';

describe('the local catalogue state', () => {
  it('is read at once, and its listeners hear it once in a task of their own for all states told in one task', async () => {
    const { localCatalogState, markCatalogReplicated, registerLocalCatalog, subscribeLocalCatalog } = await import('./local-catalog');
    let products = 0;
    const changes = new Subject<CatalogueChange>();
    const heard: number[] = [];
    subscribeLocalCatalog(() => heard.push(localCatalogState().products));
    registerLocalCatalog({ query: () => Promise.reject(new Error('unused')), findProductsByCodes: async () => new Map(), count: () => products, changes$: changes }, false);
    products = 1000;
    changes.next('product');
    products = 2000;
    changes.next('product');
    markCatalogReplicated();
    expect(localCatalogState()).toEqual({ products: 2000, replicated: true, registered: true });
    // A source that does not read the shop's size leaves it to the download panel.
    expect(localCatalogState().shopProducts).toBeUndefined();
    expect(heard).toEqual([]);
    // Heard in a later task (a MessageChannel message, which a zero timeout may come before).
    await vi.waitFor(() => expect(heard).toEqual([2000]));
    products = 3000;
    changes.next('product');
    await vi.waitFor(() => expect(heard).toEqual([2000, 3000]));
  });

  it('reads the count again as the replica is marked caught up, so the two are never told apart', async () => {
    vi.resetModules();
    const { localCatalogState, markCatalogReplicated, registerLocalCatalog } = await import('./local-catalog');
    let products = 0;
    const changes = new Subject<CatalogueChange>();
    registerLocalCatalog({ query: () => Promise.reject(new Error('unused')), findProductsByCodes: async () => new Map(), count: () => products, changes$: changes }, false);
    products = 986;
    changes.next('product');
    // The last batches are in the worker's count, their change not told yet.
    products = 2167;
    markCatalogReplicated();
    expect(localCatalogState()).toMatchObject({ products: 2167, replicated: true });
  });

  it("holds the shop's size as the worker tells it: null until it has read it, undefined where nobody tells it", async () => {
    vi.resetModules();
    const { localCatalogState, registerLocalCatalog, subscribeLocalCatalog } = await import('./local-catalog');
    expect(localCatalogState().shopProducts).toBeUndefined();
    const shop = new BehaviorSubject<number | null>(null);
    let heard = 0;
    subscribeLocalCatalog(() => heard++);
    registerLocalCatalog({ query: () => Promise.reject(new Error('unused')), findProductsByCodes: async () => new Map(), count: () => 0, changes$: new Subject<CatalogueChange>(), shopProducts$: shop }, false);
    expect(localCatalogState().shopProducts).toBeNull();
    await vi.waitFor(() => expect(heard).toBe(1));
    shop.next(4920);
    expect(localCatalogState()).toMatchObject({ shopProducts: 4920, registered: true });
    await vi.waitFor(() => expect(heard).toBe(2));
  });
});

describe('trade-only products on the device', () => {
  it('are left out of a guest\'s answers and lookups, and shown once a customer group that may see them signs in', async () => {
    vi.resetModules();
    const { registerLocalCatalog, markCatalogReplicated, queryLocalCatalog, findLocalProductsByCodes, setCatalogViewerGroup } = await import('./local-catalog');
    const categories = [
      { id: 20, restricted_customer_groups: [0] },
      { id: 21, parent_id: 20, path: '1/2/20/21', restricted_customer_groups: [] },
      { id: 30, restricted_customer_groups: [] },
    ];
    const products = [
      { sku: 'TRADE-PACK', category_ids: [21] },
      { sku: 'RETAIL', category_ids: [30] },
    ];
    // A tiny engine: the one filter the rule adds (category_ids nin), as the real index applies it.
    const query = async (entity: string, q: { searchQuery?: { _appliedFilters?: { attribute: string; value: { nin?: number[] } }[] } }) => {
      if (entity === 'category') return { items: categories, total: categories.length, aggregations: {}, attributeMetadata: [] };
      const nin = q.searchQuery?._appliedFilters?.find((f) => f.attribute === 'category_ids')?.value.nin ?? [];
      const items = products.filter((p) => !p.category_ids.some((id) => nin.includes(id)));
      return { items, total: items.length, aggregations: {}, attributeMetadata: [] };
    };
    const findProductsByCodes = async (codes: readonly string[]) => new Map(codes.map((code) => [code, products.filter((p) => p.sku === code)]));
    registerLocalCatalog({ query: query as never, findProductsByCodes, count: () => products.length, changes$: new Subject<CatalogueChange>() });
    markCatalogReplicated();
    const skus = async () => (await queryLocalCatalog('product', {})).items.map((p) => p.sku);
    expect(await skus()).toEqual(['RETAIL']);
    expect((await findLocalProductsByCodes(['TRADE-PACK'])).get('TRADE-PACK')).toEqual([]);
    expect(setCatalogViewerGroup(1)).toBe(true);
    expect(await skus()).toEqual(['TRADE-PACK', 'RETAIL']);
    expect((await findLocalProductsByCodes(['TRADE-PACK'])).get('TRADE-PACK')).toHaveLength(1);
    expect(setCatalogViewerGroup(1)).toBe(false);
  });
});
