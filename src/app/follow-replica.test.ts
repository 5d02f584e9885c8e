import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogueChange } from '../db/catalog/local-catalog';
import type { CatalogResult, Doc } from '../domain/catalog-query/types';

/** A replica whose one product's price the test changes, as the catalogue worker would apply an import. */
function replica() {
  let price = 4.2;
  const changes = new Subject<CatalogueChange>();
  const asked: string[] = [];
  const source = {
    query: async (entity: string): Promise<CatalogResult> => {
      asked.push(entity);
      const items: Doc[] = [{ sku: 'HB-M8-40', price }];
      return { items, total: 1, aggregations: {}, attributeMetadata: [], perPage: 1 };
    },
    findProductsByCodes: async () => new Map(),
    count: () => 1,
    changes$: changes,
  };
  return { source, changes, asked, setPrice: (next: number) => (price = next) };
}

/** A query on show (an observer subscribed), as a mounted screen's would be. */
function shown(client: QueryClient, key: string, read: () => Promise<unknown>) {
  const observer = new QueryObserver(client, { queryKey: [key, 'HB-M8-40'], queryFn: read, staleTime: 30_000 });
  const seen: unknown[] = [];
  // Each answer once (the observer also tells each fetch's start and end).
  const stop = observer.subscribe((result) => result.data !== undefined && result.data !== seen.at(-1) && seen.push(result.data));
  return { seen, stop };
}

describe('followReplica', () => {
  it('reads a shown product again from the replica after each applied change, and only the reads that change concerns', async () => {
    vi.resetModules();
    const { registerLocalCatalog, markCatalogReplicated, queryLocalCatalog } = await import('../db/catalog/local-catalog');
    const { followReplica } = await import('./follow-replica');
    const { source, changes, asked, setPrice } = replica();
    registerLocalCatalog(source, false);
    markCatalogReplicated();
    const client = new QueryClient();
    const stop = followReplica(client);
    const page = shown(client, 'product', async () => (await queryLocalCatalog('product', {})).items[0]!.price);
    const cms = shown(client, 'cms-page', async () => 'about us');
    await vi.waitFor(() => expect(page.seen).toEqual([4.2]));

    setPrice(4.8);
    changes.next('product');
    await vi.waitFor(() => expect(page.seen).toEqual([4.2, 4.8]));
    // A content change concerns the tax rules, not this product page; the CMS page is not the replica's.
    changes.next('content');
    changes.next('attribute');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(page.seen).toEqual([4.2, 4.8]);
    expect(cms.seen).toEqual(['about us']);
    expect(asked.filter((entity) => entity === 'product')).toEqual(['product', 'product']);
    stop();
    setPrice(5);
    changes.next('product');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(page.seen).toEqual([4.2, 4.8]);
    page.stop();
    cms.stop();
  });

  it('while the replica does not answer yet, only marks reads stale; once it answers, reads the shown ones again', async () => {
    vi.resetModules();
    const { registerLocalCatalog, markCatalogReplicated } = await import('../db/catalog/local-catalog');
    const { followReplica } = await import('./follow-replica');
    const { source, changes } = replica();
    registerLocalCatalog(source, false);
    const client = new QueryClient();
    const stop = followReplica(client);
    let reads = 0;
    const page = shown(client, 'category-products', async () => ++reads);
    await vi.waitFor(() => expect(page.seen).toEqual([1]));
    changes.next('product');
    await vi.waitFor(() => expect(client.getQueryState(['category-products', 'HB-M8-40'])?.isInvalidated).toBe(true));
    expect(reads).toBe(1);
    markCatalogReplicated();
    await vi.waitFor(() => expect(page.seen).toEqual([1, 2]));
    stop();
    page.stop();
  });
});

describe('followReplica and "Load more"', () => {
  it('keeps a page the shopper asked for while a change arrives, and reads the pages again after it', async () => {
    vi.resetModules();
    const { registerLocalCatalog, markCatalogReplicated } = await import('../db/catalog/local-catalog');
    const { followReplica } = await import('./follow-replica');
    const { InfiniteQueryObserver } = await import('@tanstack/react-query');
    const { source, changes } = replica();
    registerLocalCatalog(source, false);
    markCatalogReplicated();
    const client = new QueryClient();
    const stop = followReplica(client);
    let price = 4.2;
    let hold: Promise<void> = Promise.resolve();
    const observer = new InfiniteQueryObserver(client, {
      queryKey: ['search', 'bolt'],
      initialPageParam: 0,
      queryFn: async ({ pageParam }: { pageParam: number }) => {
        const read = price;
        await hold;
        return { from: pageParam, price: read };
      },
      getNextPageParam: (last: { from: number }) => (last.from < 100 ? last.from + 50 : undefined),
      staleTime: 60_000,
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));

    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const more = observer.fetchNextPage();
    // The price changes and the worker tells the tab while the second page is on its way.
    price = 4.8;
    changes.next('product');
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    hold = Promise.resolve();
    await more;
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toEqual([{ from: 0, price: 4.8 }, { from: 50, price: 4.8 }]));
    stop();
    unsubscribe();
  });
});
