import { describe, expect, it } from 'vitest';
import { ADD_TO_CART_MESSAGES } from '../../domain/add-to-cart/add-to-cart-rules';
import { addAllNotice } from './add-all-message';

describe('addAllNotice', () => {
  it('says the count once instead of a success message per line', () => {
    expect(addAllNotice('3 lines added to the cart.', [ADD_TO_CART_MESSAGES.added, ADD_TO_CART_MESSAGES.qtyUpdated, ADD_TO_CART_MESSAGES.added], null)).toEqual({
      type: 'success',
      sentences: ['3 lines added to the cart.'],
    });
  });

  it("keeps SPEC's volatile-stock notice word for word, once, and the lines left on the pad", () => {
    expect(addAllNotice('2 lines added to the cart.', [ADD_TO_CART_MESSAGES.volatile, ADD_TO_CART_MESSAGES.volatile], '1 line stays on the pad with its message.')).toEqual({
      type: 'warning',
      sentences: ['2 lines added to the cart.', ADD_TO_CART_MESSAGES.volatile, '1 line stays on the pad with its message.'],
    });
  });
});
