import * as v from 'valibot';
import { deviceIdField } from '../../schemas/api/order';
import type { ShopDatabase } from './database-types';

/**
 * The browser database's id (RxDB's storage token, shared by its tabs): an order carries it as
 * `device_id` (the server tells a second tab's or a stale queued copy of a checkout from another
 * device's order by it), and the cart's writes as `X-Device-Id` (it tells this device's sets from
 * another device's). Undefined where the storage has no such token.
 */
export async function deviceIdOf(db: ShopDatabase): Promise<string | undefined> {
  const token: unknown = await db.storageToken;
  return v.is(deviceIdField, token) ? token : undefined;
}
