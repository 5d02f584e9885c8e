import { describe, expect, it } from 'vitest';
import { checkLoadable } from './product-load';

describe('product loading', () => {
  it('rejects status 2 or higher and hidden visibility with the spec messages', () => {
    expect(() => checkLoadable({ status: 2, visibility: 4 })).toThrow('Product query returned empty result product status = 2');
    expect(() => checkLoadable({ status: 3, visibility: 4 })).toThrow('Product query returned empty result product status = 3');
    expect(() => checkLoadable({ status: 1, visibility: 1 })).toThrow('Product query returned empty result product visibility = 1');
    expect(() => checkLoadable({ status: 1, visibility: 2 })).not.toThrow();
  });
});
