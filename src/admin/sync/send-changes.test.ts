import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { isStatusChange, type AdminOrder } from '../orders/admin-order';
import { AdminDatabase } from '../store/admin-db';
import { AdminDevice } from '../store/admin-device';
import type { AdminApi, Outcome } from './admin-api';
import { sendChanges } from './send-changes';

const order: AdminOrder = { order_id: 'o-1', increment_id: '100001', status: 'pending', email: 'a@example.com', created_at: '2026-11-28T08:00:00Z', change_seq: 1, items: [] };

/** An API answering from a script, recording what it was sent. */
function scriptedApi(replies: Outcome<unknown>[]) {
  const sent: { path: string; key: string | undefined; body: unknown }[] = [];
  const api = {
    client: undefined as never,
    async call(path: string, options: { idempotencyKey?: string; body?: unknown } = {}) {
      sent.push({ path, key: options.idempotencyKey, body: options.body });
      return replies.shift() ?? { kind: 'unknown' };
    },
  } as unknown as AdminApi;
  return { api, sent };
}

async function deviceWith(name: string) {
  const device = await AdminDevice.open(new AdminDatabase(name));
  await device.signIn('token');
  await device.putOrders([order]);
  return device;
}

describe('sending queued status changes', () => {
  it('sends one order\'s changes in order, retries an unknown outcome with the same key, and drops each once done', async () => {
    const device = await deviceWith('send-ok');
    const packing = await device.queueChange(order, { status: 'processing' }, 0);
    await device.queueChange(order, { status: 'shipped', carrier: 'DPD', tracking_number: 'T1' }, 0);
    const { api, sent } = scriptedApi([{ kind: 'unknown' }, { kind: 'done', result: { ...order, status: 'processing' }, meta: undefined }, { kind: 'done', result: { ...order, status: 'shipped' }, meta: undefined }]);
    let now = 10;
    await sendChanges(device, api, () => now);
    expect(sent).toHaveLength(1); // the shipped change waits behind the unknown one
    expect(device.changes()[0]).toMatchObject({ key: packing.key, attempts: 1, state: 'queued' });
    now += 60_000;
    await sendChanges(device, api, () => now);
    await sendChanges(device, api, () => now);
    expect(sent.map((s) => s.key).slice(0, 2)).toEqual([packing.key, packing.key]);
    expect(sent[2]!.key).not.toBe(packing.key);
    expect(sent.map((s) => (s.body as { status: string }).status)).toEqual(['processing', 'processing', 'shipped']);
    expect(device.changes()).toEqual([]);
    expect(device.order('o-1')?.status).toBe('shipped');
  });

  it('keeps a refused change on the order with the server\'s message, and signs out on a revoked token keeping the change', async () => {
    const device = await deviceWith('send-refused');
    await device.queueChange(order, { status: 'processing' }, 0);
    const refusal = 'An order that is "cancelled" cannot become "processing". Its status is final.';
    await sendChanges(device, scriptedApi([{ kind: 'refused', code: 409, message: refusal, meta: undefined }]).api, () => 1);
    expect(device.changes('o-1')).toMatchObject([{ state: 'refused', message: refusal }]);

    await device.queueChange(order, { status: 'cancelled' }, 0);
    const revoked = 'This needs a live admin token: this one is not an admin token, or it has been revoked';
    await sendChanges(device, scriptedApi([{ kind: 'refused', code: 403, message: revoked, meta: undefined }]).api, () => 1);
    expect(device.token).toBeNull();
    expect(device.signedOutBecause).toBe(revoked);
    expect(device.order('o-1')).toBeUndefined();
    const reopened = await AdminDevice.open(new AdminDatabase('send-refused'));
    expect(reopened.changes().map((c) => [isStatusChange(c) ? c.body.status : c.kind, c.state])).toEqual([
      ['processing', 'refused'],
      ['cancelled', 'queued'],
    ]);
  });

  it('sends pick ticks in turn with the status changes; the line counts the server\'s picks and the ticks still queued, never a refused one', async () => {
    const device = await deviceWith('send-ticks');
    const withLine: AdminOrder = { ...order, items: [{ sku: 'ANCH-10', qty_ordered: 3 }], picks: [{ sku: 'ANCH-10', picked: 1 }] };
    await device.putOrders([withLine]);
    const first = await device.queueTick(withLine, { sku: 'ANCH-10', quantity: 1 }, 0);
    await device.queueChange(withLine, { status: 'processing' }, 0);
    expect(device.picked('o-1', 'ANCH-10')).toBe(2);

    const { api, sent } = scriptedApi([
      { kind: 'done', result: { order_id: 'o-1', change_seq: 5, picks: [{ sku: 'ANCH-10', picked: 2 }] }, meta: undefined },
      { kind: 'done', result: { ...order, status: 'processing', change_seq: 6 }, meta: undefined },
    ]);
    await sendChanges(device, api, () => 1);
    await sendChanges(device, api, () => 1);
    expect(sent.map((s) => [s.path, s.key === first.key])).toEqual([
      ['/api/admin/orders/o-1/picks', true],
      ['/api/admin/orders/o-1/status', false],
    ]);
    // The tick's key is also its tick_id, which the server keeps longer than the key's reply.
    expect(sent[0]!.body).toEqual({ sku: 'ANCH-10', quantity: 1, tick_id: first.key });
    expect(device.changes()).toEqual([]);
    expect(device.picked('o-1', 'ANCH-10')).toBe(2);
    expect(device.order('o-1')).toMatchObject({ status: 'processing', picks: [{ sku: 'ANCH-10', picked: 2 }] });

    await device.queueTick(withLine, { sku: 'ANCH-10', quantity: 1 }, 0);
    const tooMany = 'One too many: all 3 of ANCH-10 are picked already. Put it back.';
    await sendChanges(device, scriptedApi([{ kind: 'refused', code: 409, message: tooMany, meta: undefined }]).api, () => 1);
    expect(device.changes('o-1')).toMatchObject([{ kind: 'pick', state: 'refused', message: tooMany }]);
    expect(device.picked('o-1', 'ANCH-10')).toBe(2);
  });
});
