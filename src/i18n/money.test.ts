import { describe, expect, it } from 'vitest';
import { formatMoney, formatPence } from './money';

describe('money formatting', () => {
  it('shows pounds with £ and two decimals', () => {
    expect(formatMoney(11.69)).toBe('£11.69');
    expect(formatMoney(4)).toBe('£4.00');
    expect(formatMoney(1234.5)).toBe('£1,234.50');
    expect(formatPence(1403)).toBe('£14.03');
  });
});
