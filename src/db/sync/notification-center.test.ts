import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom, filter } from 'rxjs';
import type { ShopDatabase } from '../database-types';
import { addNotification, dismissNotification, watchNotifications } from './notification-center';
import { openTestDatabase } from '../../../tests/doubles/test-database';

let db: ShopDatabase;
afterEach(async () => db?.close());

describe('the notifications collection', () => {
  it('stores a notice with its OK action and 5000 ms lifetime, and ignores a repeat of the last one', async () => {
    db = await openTestDatabase({ collections: ['notifications'] });
    const first = await addNotification(db, { type: 'success', message: 'Product has been added to the cart!' }, 1000);
    expect(first).toMatchObject({ action1: { label: 'OK' }, timeToLive: 5000, hasNoTimeout: false });
    expect(await addNotification(db, { type: 'success', message: 'Product has been added to the cart!' }, 2000)).toBeNull();
    await addNotification(db, { type: 'success', message: 'Product quantity has been updated!' }, 2500);
    expect(await addNotification(db, { type: 'success', message: 'Product has been added to the cart!' }, 3000)).not.toBeNull();
    expect(await db.notifications.find().exec()).toHaveLength(3);
  });

  it('drops expired notices when a new one comes, and a repeat after expiry is shown again', async () => {
    db = await openTestDatabase({ collections: ['notifications'] });
    await addNotification(db, { type: 'error', message: 'Out of the stock!' }, 0);
    expect(await addNotification(db, { type: 'error', message: 'Out of the stock!' }, 5000)).not.toBeNull();
    expect((await db.notifications.find().exec()).map((n) => n.created_at)).toEqual([5000]);
  });

  it('shows current notices to every subscriber and removes a dismissed one', async () => {
    db = await openTestDatabase({ collections: ['notifications'] });
    const notice = (await addNotification(db, { type: 'warning', message: 'Order waiting!', hasNoTimeout: true }, 0))!;
    const shown = await firstValueFrom(watchNotifications(db).pipe(filter((list) => list.length === 1)));
    expect(shown[0]!.message).toBe('Order waiting!');
    await dismissNotification(db, notice.id);
    expect(await db.notifications.find().exec()).toEqual([]);
  });
});
