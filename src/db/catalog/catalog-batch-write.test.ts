import { afterEach, describe, expect, it } from 'vitest';
import { toProductRecord } from '../../../replication/catalog/catalog-records';
import { writeFeedRecords } from './catalog-batch-write';
import type { ShopDatabase } from '../database-types';
import { openTestDatabase } from '../../../tests/doubles/test-database';

let db: ShopDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

const product = (id: number, name: string, extra: Record<string, unknown> = {}) =>
  toProductRecord({ id, sku: `SKU-${id}`, name, type_id: 'simple', status: 1, visibility: 4, price: 10, _entity: 'product', _deleted: false, ...extra });
const removal = (id: number) => toProductRecord({ id, _entity: 'product', _deleted: true });

async function openProducts() {
  db = await openTestDatabase({ collections: ['products'] });
  const events: { operation: string; documentId: string }[] = [];
  db.products.eventBulks$.subscribe((bulk) => events.push(...bulk.events.map((e) => ({ operation: e.operation, documentId: e.documentId }))));
  return { products: db.products, write: (records: Parameters<typeof writeFeedRecords>[1]) => writeFeedRecords(db!.products, records), events };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('writing a feed batch into a catalogue collection', () => {
  it('inserts new documents, with change events for the local index', async () => {
    const { products, write, events } = await openProducts();
    await write([product(1, 'Hex bolt'), product(2, 'Wall plug')]);
    expect((await products.find().exec()).map((p) => p.name).sort()).toEqual(['Hex bolt', 'Wall plug']);
    await settle();
    expect(events).toEqual([
      { operation: 'INSERT', documentId: '1' },
      { operation: 'INSERT', documentId: '2' },
    ]);
  });

  it('replaces a document the server changed, and its prices are unconfirmed again', async () => {
    const { products, write } = await openProducts();
    await write([product(1, 'Hex bolt')]);
    await products.findOne('1').exec().then((p) => p!.incrementalPatch({ price_is_current: true, price_refreshed_at: 1000 }));
    await write([product(1, 'Hex bolt M10', { price: 12 }), product(2, 'Wall plug')]);
    expect(await products.count().exec()).toBe(2);
    expect((await products.findOne('1').exec())!.toJSON()).toMatchObject({ name: 'Hex bolt M10', price_pence: 1200, price_is_current: false, price_refreshed_at: null });
  });

  it('leaves a document alone when the server sent it unchanged (a batch fetched again), keeping its confirmed prices', async () => {
    const { products, write, events } = await openProducts();
    await write([product(1, 'Hex bolt')]);
    await products.findOne('1').exec().then((p) => p!.incrementalPatch({ price_is_current: true, price_refreshed_at: 1000 }));
    await settle();
    events.length = 0;
    await write([product(1, 'Hex bolt')]);
    await settle();
    expect(events).toEqual([]);
    expect((await products.findOne('1').exec())!.toJSON()).toMatchObject({ price_is_current: true, price_refreshed_at: 1000 });
  });

  it('removes a deleted document, stores nothing for one it never had, and takes a product back after its removal', async () => {
    const { products, write, events } = await openProducts();
    await write([product(1, 'Hex bolt'), product(2, 'Wall plug')]);
    await write([removal(1), removal(3)]);
    expect((await products.find().exec()).map((p) => p.id)).toEqual(['2']);
    const stored = await products.storageInstance.findDocumentsById(['1', '3'], true);
    expect(stored.map((d) => [d.id, d._deleted])).toEqual([['1', true]]);
    await write([product(1, 'Hex bolt, back in the range')]);
    expect((await products.findOne('1').exec())?.name).toBe('Hex bolt, back in the range');
    await settle();
    expect(events.map((e) => `${e.operation} ${e.documentId}`)).toEqual(['INSERT 1', 'INSERT 2', 'DELETE 1', 'INSERT 1']);
  });

  it('keeps the last version when a batch carries a document twice', async () => {
    const { products, write } = await openProducts();
    await write([product(1, 'first'), product(1, 'second')]);
    expect((await products.findOne('1').exec())?.name).toBe('second');
  });
});
