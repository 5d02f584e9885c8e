import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { openPgliteDatabase } from '../../server/db/pglite-database';
import { untilNextDue } from '../../server/webhooks/webhook-delivery';
import { TMP_ROOT } from '../helpers/test-config';

let db: Database;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(TMP_ROOT, 'next-due-'));
  db = await openPgliteDatabase(path.join(dataDir, 'pg'));
  await migrate(db);
});
afterAll(async () => {
  await db?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the webhook worker’s wait until the next delivery', () => {
  it('is none when nothing is pending, so an idle worker sleeps until its poll', async () => {
    expect(await untilNextDue(db)).toBeUndefined();
  });

  it('is the time until the next pending delivery, and zero once it is due', async () => {
    const [endpoint] = await db.query<{ id: string }>("insert into webhook_endpoints (url, secret) values ('http://127.0.0.1:9/hook', 's') returning id");
    await db.query("insert into webhook_events (id, type, data) values ('evt-1', 'order.created', '{}'), ('evt-2', 'order.created', '{}')");
    await db.query("insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at) values ('evt-1', $1, now() + interval '60 seconds')", [endpoint!.id]);
    const wait = await untilNextDue(db);
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    await db.query("insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at) values ('evt-2', $1, now() - interval '5 seconds')", [endpoint!.id]);
    expect(await untilNextDue(db)).toBe(0);
  });
});
