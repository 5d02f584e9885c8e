import { describe, expect, it } from 'vitest';
import { canonicalOrderNumber } from './order-key';

describe('canonicalOrderNumber', () => {
  it('gives a typed order number its nine digits with leading zeros', () => {
    for (const typed of ['1005', '000001005', '#1005', ' 1005 ', '0000001005']) expect(canonicalOrderNumber(typed)).toBe('000001005');
    expect(canonicalOrderNumber('1234567890')).toBe('1234567890');
    expect(canonicalOrderNumber('0')).toBe('000000000');
  });

  it('leaves anything that is not a number as typed (an order id), trimmed', () => {
    expect(canonicalOrderNumber(' 1732-abc ')).toBe('1732-abc');
  });
});
