import { describe, expect, it } from 'vitest';
import { ACCOUNT_BLOCKS, blockFor } from './account-blocks';

describe('account paths open their block (SPEC §2)', () => {
  it.each([
    ['/my-account', null, 'profile'],
    ['/my-account/', null, 'profile'],
    ['/my-account/shipping-details', null, 'shipping'],
    ['/my-account/newsletter', null, 'newsletter'],
    ['/my-account/orders', null, 'orders'],
    ['/my-account/orders/000000042', null, 'orders'],
    ['/my-account/recently-viewed', null, 'recently-viewed'],
    ['/my-account', 'product-reviews', 'reviews'],
    ['/my-account', 'loyalty-card', 'loyalty'],
    ['/my-account', 'nonsense', 'profile'],
    ['/de/my-account/orders', null, 'orders'],
  ])('%s ?block=%s → %s', (path, query, block) => {
    expect(blockFor(path, query)).toBe(block);
  });

  it('every block has one menu entry whose link opens it', () => {
    for (const entry of ACCOUNT_BLOCKS) {
      const url = new URL(entry.to, 'http://shop.test');
      expect(blockFor(url.pathname, url.searchParams.get('block'))).toBe(entry.block);
    }
    expect(new Set(ACCOUNT_BLOCKS.map((b) => b.block)).size).toBe(ACCOUNT_BLOCKS.length);
  });
});
