import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type OrderReply } from '../../schemas/api/order';
import type { OrderWithdrawal } from '../../schemas/api/order-lookup';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { customerAuth, ensureCustomers, orderBody, setStock } from './cart-fixtures';

/**
 * The shopper cancels an order queued on the device: POST /api/order/{id}/withdraw answers and decides
 * in one step, so a send of that order still on its way can never be placed after "withdrawn".
 */
let server: TestServer;
let seq = 0;
const nextId = (label: string) => `withdraw-${label}-${Date.now()}-${++seq}`;
const LINE = { sku: 'CR-EP-585', qty: 1 };
const place = (orderId: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) => server.request<OrderReply>('POST', '/api/order', orderBody(orderId, [LINE], extra), headers);
const withdraw = (orderId: string, headers: Record<string, string> = {}) => server.request<OrderWithdrawal>('POST', `/api/order/${orderId}/withdraw`, undefined, headers);
const lookup = (orderId: string) => server.request('GET', `/api/order/${orderId}`);

beforeAll(async () => {
  server = await startTestServer();
  await ensureCustomers(server, ['9701', '9702'], 0);
  await setStock(server, 'CR-EP-585', 10_000);
});
afterAll(async () => {
  await server?.close();
});

describe('withdrawing a queued order', () => {
  it('an order the shop never had is withdrawn for good: asked again, the same answer; a late send of it is refused', async () => {
    const id = nextId('never');
    expect((await withdraw(id)).body).toEqual({ code: 200, result: { state: 'withdrawn' } });
    expect((await withdraw(id)).body).toEqual({ code: 200, result: { state: 'withdrawn' } });
    expect((await place(id)).body).toEqual({ code: 409, result: ORDER_MESSAGES.withdrawn });
    expect((await lookup(id)).status).toBe(404);
  });

  it('an order the shop has is not withdrawn: its stored reply comes back and it stays placed', async () => {
    const id = nextId('placed');
    const placed = await place(id);
    expect(placed.status).toBe(200);
    expect((await withdraw(id)).body).toEqual({ code: 200, result: { state: 'placed', order: placed.body.result } });
    expect((await place(id)).body).toEqual(placed.body);
  });

  it("another customer's order is refused; its own customer, or no token, gets the answer", async () => {
    const alice = customerAuth(server, '9701', 0);
    const bob = customerAuth(server, '9702', 0);
    const id = nextId('alice');
    expect((await place(id, alice, { user_id: '9701' })).status).toBe(200);
    expect((await withdraw(id, bob)).body).toEqual({ code: 403, result: 'You do not have access to this order' });
    expect((await withdraw(id, alice)).body.result).toMatchObject({ state: 'placed' });
    expect((await withdraw(id)).body.result).toMatchObject({ state: 'placed' });
  });

  it('racing a send of the same order, the two agree every time: placed and kept, or withdrawn and refused', async () => {
    for (let i = 0; i < 12; i++) {
      const id = nextId(`race${i}`);
      // Staggered both ways, so either may reach the order id's lock first.
      const [sent, withdrawn] = i % 2 === 0 ? await Promise.all([place(id), withdraw(id)]) : await Promise.all([withdraw(id), place(id)]).then(([w, p]) => [p, w] as const);
      const found = (await lookup(id)).status;
      if (withdrawn.body.result.state === 'placed') {
        expect(sent.status).toBe(200);
        expect(found).toBe(200);
      } else {
        expect(sent.body).toEqual({ code: 409, result: ORDER_MESSAGES.withdrawn });
        expect(found).toBe(404);
      }
    }
  });

  it('refuses a malformed order id with a clear 400', async () => {
    const reply = await withdraw('no');
    expect(reply.status).toBe(400);
  });
});
