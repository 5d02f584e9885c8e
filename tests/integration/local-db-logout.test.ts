import { describe, expect, it } from 'vitest';
import type { ShopDatabase } from '../../src/db/database-types';
import { LOCAL, modifyLocal, readLocal } from '../../src/db/local-state';
import { ENDING_SESSIONS } from '../../src/db/session/server-logout';
import { manualConnectivity } from '../../src/db/sync/connectivity';
import { createShopSync, type ShopSync } from '../../src/db/sync/shop-sync';
import { openTestDatabase } from '../doubles/test-database';
import { scriptedFetch, type ScriptedFault, type ScriptedFetch } from '../helpers/scripted-faults';
import type { TestServer } from '../helpers/test-server';
import { closedAfterEach, closeDevice, serverForThisFile } from './device-shop';

/**
 * Logging out on the device ends the session on the server too: at once when it can, in the
 * background after a lost reply, a 5xx or a 429, or once the device is back online; the device's own
 * logout never waits for the network.
 */
let server: TestServer;
const PASSWORD = 'Logout-pass-123';
serverForThisFile([], (started) => (server = started));

interface Tab {
  db: ShopDatabase;
  net: ScriptedFetch;
  online: ReturnType<typeof manualConnectivity>;
  shop: ShopSync;
}
const tabs = closedAfterEach<Tab>((tab) => closeDevice({ db: tab.db, sync: tab.shop }));

let count = 0;
/** A signed-in tab of a new customer; resolves with the refresh token the device holds. */
async function signedInTab(): Promise<Tab & { refreshToken: string }> {
  const email = `logout.device.${++count}@example.com`;
  expect((await server.request('POST', '/api/user/create', { customer: { email, firstname: 'Lou', lastname: 'Gout' }, password: PASSWORD })).status).toBe(200);
  const db = await openTestDatabase({ name: `logout_${count}`, collections: ['cart', 'orders', 'sync_tasks', 'notifications', 'lists'] });
  const net = scriptedFetch();
  const online = manualConnectivity(true);
  const shop = createShopSync(db, { baseUrl: server.url, fetch: net.fetch, connectivity: online, catalogue: false, lockRetryMs: 50, timeoutMs: 5_000, retryBaseMs: 50, cartDebounceMs: 10 });
  shop.start();
  const tab = { db, net, online, shop };
  tabs.push(tab);
  expect(await shop.signIn(email, PASSWORD)).toEqual({ ok: true });
  const { refreshToken } = await readLocal(db, LOCAL.session);
  expect(refreshToken).toBeTruthy();
  return { ...tab, refreshToken: refreshToken! };
}

const refreshStatus = async (refreshToken: string) => (await server.request('POST', '/api/user/refresh', { refreshToken })).status;
const waiting = async (tab: Tab) => (await readLocal(tab.db, ENDING_SESSIONS)).sessions.length;

describe('logging out on the device', () => {
  it('ends the session on the server', async () => {
    const tab = await signedInTab();
    await tab.shop.signOut();
    expect((await readLocal(tab.db, LOCAL.session)).token).toBeNull();
    await expect.poll(() => waiting(tab)).toBe(0);
    expect(tab.net.reached('/api/user/logout')).toBe(1);
    expect(await refreshStatus(tab.refreshToken)).toBe(401);
  });

  it.each<ScriptedFault>(['dropReply', 'status503', 'status429', 'proxy502'])('sends the logout again after %s, until it is answered', async (fault) => {
    const tab = await signedInTab();
    tab.net.fault('/api/user/logout', fault, 2);
    await tab.shop.signOut();
    expect((await readLocal(tab.db, LOCAL.session)).token).toBeNull();
    await expect.poll(() => waiting(tab)).toBe(0);
    expect(tab.net.reached('/api/user/logout')).toBe(fault === 'dropReply' ? 3 : 1);
    expect(await refreshStatus(tab.refreshToken)).toBe(401);
  });

  it('does not wait for the network while offline, and tells the server when the connection returns', async () => {
    const tab = await signedInTab();
    tab.online.set(false);
    tab.net.offline = true;
    await tab.shop.signOut();
    expect((await readLocal(tab.db, LOCAL.session)).token).toBeNull();
    expect(await waiting(tab)).toBe(1);
    expect(await refreshStatus(tab.refreshToken)).toBe(200);
    tab.net.offline = false;
    tab.online.set(true);
    await expect.poll(() => waiting(tab)).toBe(0);
    // The refresh above rotated the token the device kept: the logout ends the family all the same.
    expect(await refreshStatus(tab.refreshToken)).toBe(401);
  });

  it('renews an access token that expired meanwhile, then ends the session', async () => {
    const tab = await signedInTab();
    // As a token past its lifetime: the server refuses it, the refresh token still holds. Signed out
    // offline, so no other request renews it first.
    await modifyLocal(tab.db, LOCAL.session, (s) => ({ ...s, token: `${s.token!.slice(0, -4)}AAAA` }));
    tab.online.set(false);
    await tab.shop.signOut();
    tab.online.set(true);
    await expect.poll(() => waiting(tab)).toBe(0);
    // The stale token was renewed (by the refused logout, or by another round's request that met the
    // 401 first), then a logout ended the session; a loaded machine may time one out and send it again.
    expect(tab.net.reached('/api/user/refresh')).toBeGreaterThanOrEqual(1);
    expect(tab.net.reached('/api/user/logout')).toBeGreaterThanOrEqual(1);
    expect(await refreshStatus(tab.refreshToken)).toBe(401);
  });
});
