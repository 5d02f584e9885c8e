import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../../replication/api/api-errors';
import type { ApiClient, ApiEnvelope } from '../../../replication/api/api-types';
import type { ShopDatabase } from '../database-types';
import { LOCAL, readLocal, writeLocal } from '../local-state';
import { signOut } from '../session/session';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { keepOrderHistory, lastOrderHistory, ORDER_HISTORY_CACHE, readOrderHistory } from './order-history-cache';

let db: ShopDatabase;
afterEach(async () => db?.close());

const PAGE = { pageSize: 20, currentPage: 1 };
const PATH = '/api/user/order-history';
const history = (status: string) => ({ items: [{ order_id: 'o-1', increment_id: '000001001', status }], total_count: 1 });

/** An API client whose every request gets this outcome (a reply, or a thrown error). */
function answering(outcome: ApiEnvelope | Error): Pick<ApiClient, 'request'> {
  return { request: <T>() => (outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome as ApiEnvelope<T>)) };
}

async function signedInAs(email: string): Promise<void> {
  await writeLocal(db, LOCAL.currentUser, { email, firstname: 'Ann' });
}

describe('the order history kept on the device', () => {
  it('answers with the server when it can, and keeps the reply for the signed-in customer', async () => {
    db = await openTestDatabase({ collections: [] });
    await signedInAs('ann@example.com');
    const read = await readOrderHistory(db, answering({ code: 200, result: history('processing') }), 'ann@example.com', PATH, PAGE);
    expect(read).toEqual({ reply: history('processing'), asOf: null });
    expect((await lastOrderHistory(db, 'ANN@example.com', { currentPage: 1, pageSize: 20 }))?.reply).toEqual(history('processing'));
  });

  it('offline, or with the server out of reach, shows the last reply with the time it came', async () => {
    db = await openTestDatabase({ collections: [] });
    await signedInAs('ann@example.com');
    await keepOrderHistory(db, 'ann@example.com', PAGE, history('shipped'), 1_750_000_000_000);
    for (const outcome of [new NetworkError(new TypeError('Failed to fetch')), { code: 503, result: 'Service unavailable' }, { code: 429, result: 'Too many requests' }]) {
      expect(await readOrderHistory(db, answering(outcome), 'ann@example.com', PATH, PAGE)).toEqual({ reply: history('shipped'), asOf: 1_750_000_000_000 });
    }
    // Another page or filter was never kept: the failure shows.
    await expect(readOrderHistory(db, answering(new NetworkError(new TypeError('Failed to fetch'))), 'ann@example.com', PATH, { ...PAGE, currentPage: 2 })).rejects.toThrow(
      'Check your Network conection.',
    );
    // A refusal is not hidden behind old data.
    await expect(readOrderHistory(db, answering({ code: 401, result: 'User is not authorized to access the resource' }), 'ann@example.com', PATH, PAGE)).rejects.toThrow(
      'User is not authorized to access the resource',
    );
  });

  it('never shows one customer the orders of another on the same device, and logging out removes them', async () => {
    db = await openTestDatabase({ collections: ['cart', 'lists', 'notifications'] });
    await signedInAs('ann@example.com');
    await keepOrderHistory(db, 'ann@example.com', PAGE, history('shipped'));
    expect(await lastOrderHistory(db, 'bob@example.com', PAGE)).toBeNull();
    await expect(readOrderHistory(db, answering(new NetworkError(new TypeError('offline'))), 'bob@example.com', PATH, PAGE)).rejects.toThrow();

    // Bob's reply replaces Ann's.
    await signedInAs('bob@example.com');
    await readOrderHistory(db, answering({ code: 200, result: history('pending') }), 'bob@example.com', PATH, PAGE);
    expect(await lastOrderHistory(db, 'ann@example.com', PAGE)).toBeNull();
    expect((await lastOrderHistory(db, 'bob@example.com', PAGE))?.reply).toEqual(history('pending'));

    await signOut(db, { silent: true });
    expect(await readLocal(db, ORDER_HISTORY_CACHE)).toBeNull();
    // A reply that arrives after the logout is shown but not kept.
    await readOrderHistory(db, answering({ code: 200, result: history('pending') }), 'bob@example.com', PATH, PAGE);
    expect(await readLocal(db, ORDER_HISTORY_CACHE)).toBeNull();
  });
});
