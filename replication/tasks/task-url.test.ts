import { describe, expect, it } from 'vitest';
import { fillTaskUrl, missingCartIdMessage, needsCartId } from './task-url';

describe('sync task URL templates', () => {
  it('moves the token out of the URL (the client sends it) and fills the cart id', () => {
    expect(fillTaskUrl('/api/cart/pull?token={{token}}&cartId={{cartId}}', 'ab12')).toBe('/api/cart/pull?cartId=ab12');
    expect(fillTaskUrl('/api/user/me?token={{token}}', null)).toBe('/api/user/me');
    expect(fillTaskUrl('/api/cart/totals?cartId={{cartId}}&token={{token}}', 'c')).toBe('/api/cart/totals?cartId=c');
  });

  it('knows when a cart id is required and words the refusal as the spec does', () => {
    expect(needsCartId('/api/cart/totals?cartId={{cartId}}')).toBe(true);
    expect(needsCartId('/api/user/me')).toBe(false);
    expect(missingCartIdMessage('/api/cart/totals')).toBe(
      'Error executing sync task /api/cart/totals the required cartId argument is null. Re-creating shopping cart synchro.',
    );
  });
});
