import pg from 'pg';
import type { Database, Queryable } from './database';

// bigint and numeric come back as strings by default; our values fit in a double.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  },
};

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as T[];
    },
  };
}

/** PostgreSQL server: several API processes share it and hear each other through LISTEN/NOTIFY. */
export async function openPostgresDatabase(url: string, schema: string): Promise<Database> {
  const options = schema === 'public' ? undefined : `-c search_path=${schema}`;
  const pool = new pg.Pool({ connectionString: url, types, max: 10, options });
  if (schema !== 'public') await createSchema(pool, schema);
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.Client | undefined;

  async function listenConnection(): Promise<pg.Client> {
    if (listenClient) return listenClient;
    const client = new pg.Client({ connectionString: url, types, options });
    await client.connect();
    client.on('notification', (message) => {
      for (const callback of listeners.get(message.channel) ?? []) callback(message.payload ?? '');
    });
    client.on('error', () => {
      // A dropped listen connection is re-opened on the next listen; callers resync on reconnect.
      listenClient = undefined;
    });
    listenClient = client;
    return client;
  }

  const root = wrap(pool);
  return {
    kind: 'postgres',
    query: (sql, params) => root.query(sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onMessage) {
      const client = await listenConnection();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`listen "${channel}"`);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
      };
    },
    channel: (name) => (schema === 'public' ? name : `${schema}_${name}`),
    async close() {
      await listenClient?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/** `create schema if not exists` is not safe when two processes start together: the loser sees a duplicate key. */
async function createSchema(pool: pg.Pool, schema: string): Promise<void> {
  try {
    await pool.query(`create schema if not exists ${schema}`);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw error;
  }
}
