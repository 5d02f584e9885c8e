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

/** The listen connection's name in pg_stat_activity (per schema: shops and test runs share a server). */
export const listenApplicationName = (schema: string) => `fixings-listen:${schema}`.slice(0, 63);

/** PostgreSQL server: several API processes share it and hear each other through LISTEN/NOTIFY. */
export async function openPostgresDatabase(url: string, schema: string): Promise<Database> {
  const options = schema === 'public' ? undefined : `-c search_path=${schema}`;
  const pool = new pg.Pool({ connectionString: url, types, max: 10, options });
  if (schema !== 'public') await createSchema(pool, schema);
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  async function listenConnection(): Promise<pg.Client> {
    if (listenClient) return listenClient;
    const client = new pg.Client({ connectionString: url, types, options, application_name: listenApplicationName(schema) });
    await client.connect();
    client.on('notification', (message) => {
      for (const callback of listeners.get(message.channel) ?? []) callback(message.payload ?? '');
    });
    const dropped = () => {
      if (listenClient !== client) return;
      listenClient = undefined;
      client.end().catch(() => undefined);
      scheduleRelisten(1000);
    };
    client.on('error', dropped);
    client.on('end', dropped);
    listenClient = client;
    return client;
  }

  /**
   * A dropped listen connection (a database restart, a network blip, an idle-session kill) is opened
   * again with every channel listened to again, backing off to 30 s, so this process keeps hearing the
   * catalogue, order and webhook notifications; what was sent during the gap is caught up by each
   * listener's own poll or resync.
   */
  function scheduleRelisten(delayMs: number): void {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void (async () => {
        try {
          const client = await listenConnection();
          for (const channel of listeners.keys()) await client.query(`listen "${channel}"`);
        } catch {
          if (listenClient) await listenClient.end().catch(() => undefined);
          listenClient = undefined;
          scheduleRelisten(Math.min(delayMs * 2, 30_000));
        }
      })();
    }, delayMs);
    reconnectTimer.unref();
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
      closed = true;
      clearTimeout(reconnectTimer);
      const client = listenClient;
      listenClient = undefined;
      await client?.end().catch(() => undefined);
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
