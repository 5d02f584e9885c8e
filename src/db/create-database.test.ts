import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom, filter } from 'rxjs';
import { COLLECTION_NAMES } from '../../schemas/rx/collections';
import { closeDatabase, getDatabase } from './database-instance';
import type { ShopDatabase } from './database-types';
import { LOCAL, modifyLocal, readLocal, readLocalFromStorage, watchLocal } from './local-state';
import { fakeBrowser, openTestDatabase } from '../../tests/doubles/test-database';

const opened: ShopDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
  await closeDatabase();
});

describe('createShopDatabase', () => {
  it('opens every collection, and dev-mode accepts each schema', async () => {
    const db = await openTestDatabase({ devMode: true });
    opened.push(db);
    expect(Object.keys(db.collections).sort()).toEqual([...COLLECTION_NAMES].sort());
  });

  it('stores a product with prices in whole pence and refuses a fractional penny', async () => {
    const db = await openTestDatabase({ devMode: true, collections: ['products'] });
    opened.push(db);
    const base = { id: '7', sku: 'A-1', type_id: 'simple', status: 1, visibility: 4, name: 'Anchor', url_path: 'a-1', price_pence: 1249, final_price_pence: 999, price_is_current: false, price_refreshed_at: null, source: { id: 7 } };
    await db.products.insert(base);
    expect((await db.products.findOne({ selector: { sku: 'A-1' } }).exec())?.final_price_pence).toBe(999);
    await expect(db.products.insert({ ...base, id: '8', sku: 'A-2', final_price_pence: 9.99 })).rejects.toThrow();
  });

  it('getDatabase gives one instance however often it is called (StrictMode double effects)', async () => {
    const browser = fakeBrowser();
    const [a, b] = await Promise.all([getDatabase({ indexedDB: browser, multiInstance: false, name: 'page_db', devMode: false }), getDatabase()]);
    expect(a).toBe(b);
    expect(await getDatabase()).toBe(a);
    await closeDatabase();
    const c = await getDatabase({ indexedDB: browser, multiInstance: false, name: 'page_db', devMode: false });
    expect(c).not.toBe(a);
    expect(a.closed).toBe(true);
  });

  it('closes an earlier instance of the same name instead of failing (reload, hot update)', async () => {
    const browser = fakeBrowser();
    const first = await openTestDatabase({ browser, name: 'dup_db', collections: ['cart'] });
    const second = await openTestDatabase({ browser, name: 'dup_db', collections: ['cart'] });
    opened.push(second);
    expect(first.closed).toBe(true);
    expect(second.closed).toBe(false);
  });
});

describe('local documents', () => {
  it('read their defaults before anything is written, then merge written values over them', async () => {
    const db = await openTestDatabase({ collections: ['cart'] });
    opened.push(db);
    // Orders made offline go without another question by default: "Place the order" was the confirmation.
    expect(await readLocal(db, LOCAL.settings)).toEqual({ automaticTransmission: true, locale: 'en-GB' });
    await modifyLocal(db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: false }));
    expect((await readLocal(db, LOCAL.settings)).automaticTransmission).toBe(false);
    expect((await readLocalFromStorage(db, LOCAL.settings)).automaticTransmission).toBe(false);
    expect(await readLocal(db, LOCAL.currentUser)).toBeNull();
  });

  it('apply concurrent modifications one after another', async () => {
    const db = await openTestDatabase({ collections: ['cart'] });
    opened.push(db);
    await Promise.all(Array.from({ length: 20 }, () => modifyLocal(db, LOCAL.cartState, (s) => ({ ...s, connectBypassCount: s.connectBypassCount + 1 }))));
    expect((await readLocal(db, LOCAL.cartState)).connectBypassCount).toBe(20);
  });

  it('are watchable', async () => {
    const db = await openTestDatabase({ collections: ['cart'] });
    opened.push(db);
    const seen = firstValueFrom(watchLocal(db, LOCAL.ui).pipe(filter((ui) => ui.signUpModal)));
    await modifyLocal(db, LOCAL.ui, (ui) => ({ ...ui, signUpModal: true }));
    expect((await seen).signUpModal).toBe(true);
  });
});
