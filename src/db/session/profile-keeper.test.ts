import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../../replication/api/api-errors';
import type { ApiClient } from '../../../replication/api/api-types';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal } from '../local-state';
import { manualConnectivity } from '../sync/connectivity';
import { keepProfileLoaded, type ProfileKeeper } from './profile-keeper';

let db: ShopDatabase;
let keeper: ProfileKeeper | null = null;
afterEach(async () => {
  keeper?.unsubscribe();
  await db?.close();
});

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("the leading tab's reads of a missing profile", () => {
  it('say when the next read runs while the profile cannot be read, and nothing once it is in (orders held for the customer wait for it)', async () => {
    db = await openTestDatabase({ collections: [] });
    let reachable = false;
    let reads = 0;
    const api = {
      request: async () => {
        reads++;
        if (!reachable) throw new NetworkError(new Error('connect ETIMEDOUT'));
        return { code: 200, result: { id: 7, email: 'site@example.com', firstname: 'Sam', lastname: 'Fixer', group_id: 1 } };
      },
    } as unknown as ApiClient;
    await modifyLocal(db, LOCAL.session, (s) => ({ ...s, token: 'access', sessionStartedAt: 1 }));
    keeper = keepProfileLoaded(db, { api, connectivity: manualConnectivity(true) });
    await until(() => reads >= 1 && keeper!.retryDueInMs() !== null);
    expect(keeper.retryDueInMs()).toBeLessThanOrEqual(2_500);
    reachable = true;
    await until(async () => (await readLocal(db, LOCAL.currentUser)) !== null);
    expect(keeper.retryDueInMs()).toBeNull();
  });
});
