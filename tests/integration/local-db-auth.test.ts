import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../replication/api/api-client';
import type { ApiClient } from '../../replication/api/api-types';
import { createTaskRunner } from '../../replication/tasks/task-runner';
import type { ShopDatabase } from '../../src/db/database-types';
import { LOCAL, readLocal } from '../../src/db/local-state';
import { endSessionAfterTokenFailure, sessionTokenStore, signIn } from '../../src/db/session/session';
import { syncTaskStore } from '../../src/db/sync/sync-task-store';
import { recordingFetch, type RecordingFetch } from '../doubles/recording-fetch';
import { fakeBrowser, openTestDatabase } from '../doubles/test-database';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { waitUntil } from '../helpers/wait-until';

/**
 * The server stamps exp = floor(now in s) + TTL, so a token lives between TTL - 1 and TTL seconds;
 * a TTL of 2 s keeps every fresh token usable for at least a second.
 */
const TTL_S = 1;
// A token lives at least TTL_S and less than TTL_S + 1 seconds (expiry rounded up to the second).
const EXPIRE_MS = (TTL_S + 1) * 1000 + 100;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: TTL_S });
});
afterAll(async () => server?.close());

let db: ShopDatabase;
let net: RecordingFetch;
let api: ApiClient;
afterEach(async () => db?.close());

/**
 * Until the server refuses the access token this page holds (asked past the page's client, so nothing
 * refreshes it): the next request of the page meets an expired token.
 */
async function untilTokenExpires(): Promise<void> {
  const { token } = await readLocal(db, LOCAL.session);
  const refused = async () => (await server.request('GET', '/api/user/me', undefined, { authorization: `Bearer ${String(token)}` })).status === 401;
  await waitUntil(refused, 2 * EXPIRE_MS, 'the access token expired');
}

const browser = fakeBrowser();
let page = 0;
/** Opens the shop's database in a page of one browser; `reload` reopens the same database. */
async function openPage(reload = false) {
  if (!reload) page++;
  db = await openTestDatabase({ browser, name: `auth_page_${page}`, collections: ['sync_tasks', 'notifications', 'cart', 'lists'] });
  net = recordingFetch();
  api = createApiClient({ baseUrl: server.url, fetch: net.fetch, tokens: sessionTokenStore(db), onAuthFailure: () => endSessionAfterTokenFailure(db) });
}

async function customerSession(email: string) {
  const created = await server.request('POST', '/api/user/create', { customer: { email, firstname: 'Tess', lastname: 'Fixer' }, password: 'Secret-pass-123' });
  expect(created.status).toBe(200);
  await openPage();
  expect(await signIn(db, api, email, 'Secret-pass-123')).toEqual({ ok: true });
}

const refreshCalls = () => net.requests.filter((r) => r.startsWith('/api/user/refresh')).length;

describe('token refresh against the real server (access tokens live 1-2 s)', () => {
  it('refreshes once per expiry and keeps the shopper logged in through 10 expiries in a row', async () => {
    await customerSession('ten-expiries@example.com');
    expect((await readLocal(db, LOCAL.currentUser))?.email).toBe('ten-expiries@example.com');
    for (let i = 1; i <= 10; i++) {
      await untilTokenExpires();
      const me = await api.request<{ email: string }>('/api/user/me');
      expect(me.code, `expiry ${i}`).toBe(200);
      expect(me.result.email).toBe('ten-expiries@example.com');
      expect(refreshCalls()).toBe(i);
    }
    const session = await readLocal(db, LOCAL.session);
    expect(session.token).toBeTruthy();
    expect((await readLocal(db, LOCAL.ui)).signUpModal).toBe(false);
  });

  it('runs one refresh for requests that meet an expired token together', async () => {
    await customerSession('together@example.com');
    await untilTokenExpires();
    const replies = await Promise.all(Array.from({ length: 4 }, () => api.request('/api/user/me')));
    expect(replies.map((r) => r.code)).toEqual([200, 200, 200, 200]);
    expect(refreshCalls()).toBe(1);
  });

  it('on a refused refresh logs out silently, clears the untransmitted tasks and raises the sign-up modal', async () => {
    await customerSession('refused@example.com');
    const runner = createTaskRunner({ api, store: syncTaskStore(db), cartId: async () => null, notify: async () => undefined });
    net.offline = true;
    await runner.queue({ url: '/api/user/me', payload: { method: 'POST', body: { customer: { firstname: 'Queued' } } } });
    await runner.process();
    net.offline = false;
    expect(await db.sync_tasks.find({ selector: { transmited: false } }).exec()).toHaveLength(1);
    // Someone else rotates the stored refresh token, so the one this browser holds is now spent.
    const { refreshToken } = await readLocal(db, LOCAL.session);
    expect((await server.request('POST', '/api/user/refresh', { refreshToken })).status).toBe(200);
    await untilTokenExpires();
    const me = await api.request('/api/user/me');
    expect(me).toEqual({ code: 401, result: 'User is not authorized to access the resource' });
    expect(await readLocal(db, LOCAL.session)).toMatchObject({ token: null, refreshToken: null });
    expect(await readLocal(db, LOCAL.currentUser)).toBeNull();
    expect(await db.sync_tasks.count().exec()).toBe(0);
    expect((await readLocal(db, LOCAL.ui)).signUpModal).toBe(true);
    expect(await db.notifications.count().exec()).toBe(0); // silent: no "You're logged out"
  });

  it('keeps a profile update queued offline through a reload and sends it once online', async () => {
    await customerSession('queued-profile@example.com');
    const runner = createTaskRunner({ api, store: syncTaskStore(db), cartId: async () => null, notify: async () => undefined });
    net.offline = true;
    const queued = await runner.queue({ url: '/api/user/me?token={{token}}', payload: { method: 'POST', body: { customer: { firstname: 'Renamed' } } }, callback_event: 'user-after-update' });
    await runner.process();
    await db.close();

    await openPage(true);
    const finished: string[] = [];
    const reloaded = createTaskRunner({ api, store: syncTaskStore(db), cartId: async () => null, notify: async () => undefined });
    reloaded.on('user-after-update', (task) => finished.push(task.task_id));
    await reloaded.process();
    expect(finished).toEqual([queued.task_id]);
    const task = (await db.sync_tasks.findOne(queued.task_id).exec())!.toJSON();
    expect(task).toMatchObject({ transmited: true, code: 200, resultCode: 200, acknowledged: false, result: { firstname: 'Renamed' } });
    const me = await api.request<{ firstname: string }>('/api/user/me');
    expect(me.result.firstname).toBe('Renamed');
  });
});
