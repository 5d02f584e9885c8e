import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from './database';
import { openPgliteDatabase } from './pglite-database';

/**
 * The adapter prepares each SQL text once as a named statement and runs it by name in one call:
 * values, errors and transactions must behave as PGlite's own `query` does.
 */
describe('the PGlite adapter', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPgliteDatabase(undefined);
    await db.query('create table t (id integer primary key, name text not null, tags text[], doc jsonb, at timestamptz, ok boolean)');
  }, 60_000);
  afterAll(async () => db.close());

  it('serialises and parses parameters of every kind the same on a first and a later run', async () => {
    const sql = 'insert into t (id, name, tags, doc, at, ok) values ($1, $2, $3, $4::jsonb, $5, $6) returning *';
    const at = new Date('2026-01-02T03:04:05.000Z');
    const first = await db.query(sql, [1, 'a "quoted", {braced} name', ['x', 'y "z"', 'a,b'], JSON.stringify({ k: [1, 'two'] }), at, true]);
    const second = await db.query(sql, [2, 'b', [], JSON.stringify({}), null, false]);
    expect(first).toEqual([{ id: 1, name: 'a "quoted", {braced} name', tags: ['x', 'y "z"', 'a,b'], doc: { k: [1, 'two'] }, at, ok: true }]);
    expect(second).toEqual([{ id: 2, name: 'b', tags: [], doc: {}, at: null, ok: false }]);
    expect(await db.query('select id from t where id = any($1::integer[]) order by id', [[2, 1]])).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('reports a refused statement with its code and goes on serving', async () => {
    await expect(db.query('select nonsense from')).rejects.toMatchObject({ code: '42601' });
    await expect(db.query('insert into t (id, name) values ($1, $2)', [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    // The same text again, now with its types cached, fails and recovers the same way.
    await expect(db.query('insert into t (id, name) values ($1, $2)', [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('select count(*)::integer as n from t')).toEqual([{ n: 2 }]);
  });

  it('rolls a transaction back whole when a statement in it fails, and commits one that succeeds', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values ($1, $2)', [10, 'ten']);
        await tx.query('insert into t (id, name) values ($1, $2)', [1, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('select id from t where id = $1', [10])).toEqual([]);
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values ($1, $2)', [11, 'eleven']);
      expect(await tx.query('select name from t where id = $1', [11])).toEqual([{ name: 'eleven' }]);
    });
    expect(await db.query('select name from t where id = $1', [11])).toEqual([{ name: 'eleven' }]);
  });

  it("reads a transaction's first statement, which opens it in the same call, whether its text is new or prepared", async () => {
    const read = (id: number) => db.transaction((tx) => tx.query<{ id: number; name: string }>('select id, name from t where id = $1 /* first in a transaction */', [id]));
    expect(await read(11)).toEqual([{ id: 11, name: 'eleven' }]);
    expect(await read(11)).toEqual([{ id: 11, name: 'eleven' }]);
    expect(await db.transaction(async () => 'nothing run')).toBe('nothing run');
    // Every statement of a transaction is in it: what the first wrote, the second reads, and a throw undoes both.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values ($1, $2)', [20, 'twenty']);
        expect(await tx.query('select name from t where id = $1', [20])).toEqual([{ name: 'twenty' }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.query('select id from t where id = $1', [20])).toEqual([]);
  });

  it('keeps a transaction whose first statement PostgreSQL refused aborted: later statements fail and nothing is committed', async () => {
    for (const first of ['select nonsense from /* new text */', 'insert into t (id, name) values ($1, $2)']) {
      await expect(
        db.transaction(async (tx) => {
          await tx.query(first, first.startsWith('insert') ? [1, 'duplicate'] : []).catch(() => undefined);
          await tx.query('insert into t (id, name) values ($1, $2)', [21, 'after a refusal']);
        }),
      ).rejects.toMatchObject({ code: '25P02' });
      // A caller that swallowed every error: the COMMIT became a ROLLBACK, which is an error too (PGlite's TransactionAbortedError).
      await expect(
        db.transaction(async (tx) => {
          await tx.query(first, first.startsWith('insert') ? [1, 'duplicate'] : []).catch(() => undefined);
          await tx.query('insert into t (id, name) values ($1, $2)', [21, 'after a refusal']).catch(() => undefined);
        }),
      ).rejects.toMatchObject({ code: '25P02', message: 'Transaction was rolled back instead of committed' });
      expect(await db.query('select id from t where id = $1', [21])).toEqual([]);
    }
  });

  it('refuses a statement sent through a transaction that has ended', async () => {
    let kept: Queryable | undefined;
    await db.transaction(async (tx) => {
      kept = tx;
      await tx.query('select 1');
    });
    await expect(kept!.query('select 1')).rejects.toThrow('Transaction is closed');
  });

  it('delivers a notification sent in a transaction once it commits', async () => {
    const heard: string[] = [];
    const stop = await db.listen('adapter_test', (payload) => heard.push(payload));
    await db.transaction(async (tx) => {
      await tx.query('select pg_notify($1, $2)', ['adapter_test', 'hello']);
    });
    await expect.poll(() => heard).toEqual(['hello']);
    await stop();
  });

  it('keeps a statement first prepared in a transaction that rolled back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('select id from t where name = $1', ['eleven']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.query('select id from t where name = $1', ['eleven'])).toEqual([{ id: 11 }]);
  });

  it('runs a statement prepared before its table gained a column, with the new column', async () => {
    await db.query('create table shape (id integer primary key)');
    await db.query('insert into shape (id) values (1)');
    expect(await db.query('select * from shape')).toEqual([{ id: 1 }]);
    await db.query('alter table shape add column label text');
    expect(await db.query('select * from shape')).toEqual([{ id: 1, label: null }]);
  });

  it('reads a FETCH with the columns of the cursor it names at that run', async () => {
    const fetched = (columns: string) =>
      db.transaction(async (tx) => {
        await tx.query(`declare adapter_cursor no scroll cursor for select ${columns} from t where id = 11`);
        return tx.query('fetch 1 from adapter_cursor');
      });
    expect(await fetched('id')).toEqual([{ id: 11 }]);
    expect(await fetched('name, id')).toEqual([{ name: 'eleven', id: 11 }]);
  });

  it('goes on serving statements once more texts were run than it keeps prepared', async () => {
    for (let i = 0; i < 600; i++) expect(await db.query(`select ${i}::integer + $1::integer as n`, [1])).toEqual([{ n: i + 1 }]);
    expect(await db.query('select 0::integer + $1::integer as n', [2])).toEqual([{ n: 2 }]);
    expect(await db.query('select name from t where id = $1', [11])).toEqual([{ name: 'eleven' }]);
  });
});
