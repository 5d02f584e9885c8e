import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, ApiEnvelope } from '../../../replication/api/api-types';
import { readShopProducts, SHOP_PRODUCTS_FRESH_MS, SHOP_PRODUCTS_RETRY_MS, shopProductsReader } from './shop-products';

const apiAnswering = (envelope: ApiEnvelope) => {
  const request = vi.fn(async () => envelope);
  return { api: { request, url: (path: string) => path, fetch } as unknown as ApiClient, request };
};

describe('readShopProducts', () => {
  it('asks the server how many products a caught-up replica holds', async () => {
    const { api, request } = apiAnswering({ code: 200, result: { products: 4920 } });
    await expect(readShopProducts(api)).resolves.toBe(4920);
    expect(request).toHaveBeenCalledWith('/api/catalog/replica-size', { auth: false });
  });

  it('fails on an error reply or a total that is not a count', async () => {
    await expect(readShopProducts(apiAnswering({ code: 500, result: 'down' }).api)).rejects.toThrow('500');
    await expect(readShopProducts(apiAnswering({ code: 200, result: { products: -1 } }).api)).rejects.toThrow();
    await expect(readShopProducts(apiAnswering({ code: 200, result: { products: '12' } }).api)).rejects.toThrow();
    await expect(readShopProducts(apiAnswering({ code: 200, result: { total: 12 } }).api)).rejects.toThrow();
  });
});

describe('shopProductsReader', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) }));
  afterEach(() => vi.useRealTimers());

  it('reads once while fresh, and again when wanted after SHOP_PRODUCTS_FRESH_MS', async () => {
    const read = vi.fn(async () => 100 + read.mock.calls.length);
    const told: number[] = [];
    const reader = shopProductsReader(read, (count) => told.push(count), () => true);
    reader.want();
    reader.want(); // a read under way
    await vi.waitFor(() => expect(told).toEqual([101]));
    reader.want(); // fresh
    expect(read).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SHOP_PRODUCTS_FRESH_MS);
    reader.want();
    await vi.waitFor(() => expect(told).toEqual([101, 102]));
  });

  it('tries a failed read again later while it is still wanted, and not after stop', async () => {
    let fail = true;
    let wanted = true;
    const read = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return 7;
    });
    const told: number[] = [];
    const reader = shopProductsReader(read, (count) => told.push(count), () => wanted);
    reader.want();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(SHOP_PRODUCTS_RETRY_MS - 1);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    // No longer wanted (the download was switched off): the next retry does not read.
    wanted = false;
    await vi.advanceTimersByTimeAsync(SHOP_PRODUCTS_RETRY_MS);
    expect(read).toHaveBeenCalledTimes(2);
    fail = false;
    reader.want();
    await vi.waitFor(() => expect(told).toEqual([7]));
    reader.stop();
    vi.advanceTimersByTime(SHOP_PRODUCTS_FRESH_MS);
    reader.want();
    expect(read).toHaveBeenCalledTimes(3);
  });
});
