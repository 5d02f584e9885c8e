import { describe, expect, it } from 'vitest';
import { basenameFor, localizedPath, STORE_VIEWS, storeParams, storeViewForPath, UK_STORE, type StoreConfig } from './store-views';

const off: StoreConfig = { multistore: false, views: STORE_VIEWS };
const on: StoreConfig = { multistore: true, views: STORE_VIEWS };

describe('store views', () => {
  it('has the UK store enabled and the German and Italian views defined but disabled', () => {
    expect(STORE_VIEWS.map((v) => [v.storeCode, v.disabled])).toEqual([['uk', false], ['de', true], ['it', true]]);
    expect(UK_STORE.i18n.currencyCode).toBe('GBP');
  });

  it('with multistore off: no prefix, no storeCode, every path is the UK store', () => {
    const de = storeViewForPath('/de/checkout', off);
    expect(de.storeCode).toBe('uk');
    expect(localizedPath('/checkout', STORE_VIEWS[1]!, off)).toBe('/checkout');
    expect(storeParams(UK_STORE, off)).toEqual({});
    expect(basenameFor(STORE_VIEWS[1]!, off)).toBe('');
  });

  it('with multistore on: prefixed paths (checkout included) and a storeCode for the API', () => {
    const de = storeViewForPath('/de/c/screws', on);
    expect(de.storeCode).toBe('de');
    expect(localizedPath('/checkout', de, on)).toBe('/de/checkout');
    expect(localizedPath('/', de, on)).toBe('/de');
    expect(storeParams(de, on)).toEqual({ storeCode: 'de' });
    expect(basenameFor(de, on)).toBe('/de');
    expect(storeViewForPath('/c/screws', on).storeCode).toBe('uk');
    expect(localizedPath('/checkout', UK_STORE, on)).toBe('/checkout');
  });
});
