import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../schemas/api/admin';
import { orderStatusLabel } from './status-label';

describe('order status labels', () => {
  it('capitalises every status the API knows and keeps the rest of the word', () => {
    expect(ORDER_STATUSES.map(orderStatusLabel)).toEqual(['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
  });

  it('reads an unknown status with spaces for underscores', () => {
    expect(orderStatusLabel('payment_review')).toBe('Payment review');
    expect(orderStatusLabel('')).toBe('');
  });
});
