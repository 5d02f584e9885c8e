import { describe, expect, it } from 'vitest';
import type { AdminOrder } from './admin-order';
import { filterOrders } from './order-filter';

const order = (n: number, over: Partial<AdminOrder> = {}): AdminOrder => ({
  order_id: `o-${n}`,
  increment_id: String(1000 + n),
  status: 'pending',
  email: `buyer${n % 3}@example.com`,
  created_at: new Date(Date.UTC(2026, 10, 1 + (n % 28), 8)).toISOString(),
  customer_reference: n % 2 === 0 ? `JOB-${n}` : null,
  items: [],
  ...over,
});

const newestFirst = (list: AdminOrder[]) => [...list].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));

describe('the order list filter', () => {
  const orders = newestFirst(Array.from({ length: 50 }, (_, i) => order(i, { status: i % 5 === 0 ? 'shipped' : 'pending' })));

  it('filters by status, created since, e-mail in any case and reference prefix in any case, and counts all matches', () => {
    const result = filterOrders(orders, { status: 'shipped', email: 'BUYER0@example.com' });
    expect(result.items.map((o) => o.order_id).sort()).toEqual(['o-0', 'o-15', 'o-30', 'o-45']);
    expect(result.total).toBe(4);
    expect(filterOrders(orders, { reference: 'job-1' }).items.every((o) => o.customer_reference?.startsWith('JOB-1'))).toBe(true);
    expect(filterOrders(orders, { reference: 'job-1' }).total).toBe(5); // JOB-10, 12, 14, 16, 18
    const since = '2026-11-20';
    expect(filterOrders(orders, { createdSince: since }).items.every((o) => o.created_at >= since)).toBe(true);
  });

  it('pages through the matches in the given order', () => {
    const page1 = filterOrders(orders, {}, 1, 20);
    const page3 = filterOrders(orders, {}, 3, 20);
    expect(page1.items).toEqual(orders.slice(0, 20));
    expect(page3.items).toEqual(orders.slice(40, 50));
    expect(page3.total).toBe(50);
  });
});
