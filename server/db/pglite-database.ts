import { mkdir } from 'node:fs/promises';
import { parse, PGlite, protocol, TransactionAbortedError } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable } from './database';

const { serialize } = protocol;
type Messages = Parameters<typeof parse.parseResults>[0];

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The messages of a call after those of the BEGIN that opened it (when `opened`), so the statement's own are read alone. */
function afterBegin(messages: Messages, opened: boolean): Messages {
  if (!opened) return messages;
  const end = messages.findIndex((message) => message.name === 'readyForQuery');
  return messages.slice(end + 1);
}

/** PostgreSQL's refusal of a prepared statement whose result columns changed since it was prepared. */
const STALE_RESULT_TYPE = { code: '0A000', message: 'cached plan must not change result type' };
const FETCH = /^\s*fetch\b/i;

/** A statement PostgreSQL has parsed under a name, with the parameter types and result columns it gave. */
interface Prepared {
  name: string;
  types: number[];
  /**
   * The columns of its rows (none for a statement that returns no rows), as the description of a run
   * would give them; null for a FETCH, whose columns are those of whichever cursor has the name when it runs.
   */
  columns: Messages | null;
}

/**
 * PGlite's own `query` sends a statement's extended-protocol messages (parse, describe, bind,
 * describe, execute, sync) one call into the database at a time, asks each time for the types of its
 * parameters, and has PostgreSQL parse, analyse and plan the SQL text afresh every time. This parses
 * each SQL text once, as a named prepared statement (its parameter types and result columns asked for
 * then), and runs it by name in one call (bind, execute, sync): PostgreSQL's plan cache keeps the
 * analysed statement and, once a generic plan is as good as the per-call ones, the plan. The parameters are serialised by PGlite's own
 * serialisers and the rows parsed by its own parsers. PGlite is one session, so every caller shares
 * the statements. PostgreSQL analyses and plans one again when a table it reads changed.
 */
class PgliteStatements {
  /** Prepared statements by SQL text, least recently used first: that one is closed when full, in case some caller builds its SQL per call. */
  readonly #prepared = new Map<string, Prepared>();
  static readonly MAX_TEXTS = 500;
  #named = 0;
  /** Close messages of forgotten statements, not sent yet. */
  readonly #closing: Uint8Array[] = [];

  constructor(private readonly pg: PGlite) {}

  /**
   * `sql` prepared: from the cache (now the most recently used), else parsed under a new name (inside
   * the query lock). `first` goes into the database before the parse, in the same call (a BEGIN).
   */
  async #prepare(sql: string, first: readonly Uint8Array[] = []): Promise<Prepared> {
    const known = this.#prepared.get(sql);
    if (known) {
      this.#prepared.delete(sql);
      this.#prepared.set(sql, known);
      return known;
    }
    const name = `s${++this.#named}`;
    if (this.#prepared.size >= PgliteStatements.MAX_TEXTS) this.#forget(this.#prepared.keys().next().value as string);
    const messages = [...this.#closing.splice(0), ...first];
    try {
      const described = afterBegin(await this.pg.execProtocolStream(concat([...messages, serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name })]), { syncToFs: false }), first.length > 0);
      const prepared = { name, types: parse.parseDescribeStatementResults(described), columns: FETCH.test(sql) ? null : described.filter((message) => message.name === 'rowDescription') };
      this.#prepared.set(sql, prepared);
      return prepared;
    } catch (error) {
      // A statement PostgreSQL refused: end the failed exchange as PGlite does, then report it.
      await this.pg.execProtocolStream(serialize.sync(), { syncToFs: false });
      if (error instanceof Error) Object.assign(error, { query: sql });
      throw error;
    }
  }

  /** Forgets a prepared statement; it is closed along with the next one parsed. */
  #forget(sql: string): void {
    const statement = this.#prepared.get(sql);
    if (!statement) return;
    this.#prepared.delete(sql);
    this.#closing.push(serialize.close({ type: 'S', name: statement.name }));
  }

  /**
   * Runs one statement; the caller holds PGlite's query lock (and its transaction lock outside a
   * transaction). With `begin`, a BEGIN goes first in the same call: a transaction's first statement
   * opens it (with the parse, when the text is new), so opening costs no call of its own.
   */
  async run<T>(sql: string, params: readonly unknown[], { begin = false, retry = true }: { begin?: boolean; retry?: boolean } = {}): Promise<T[]> {
    const opening = begin ? [serialize.query('BEGIN')] : [];
    const known = this.#prepared.has(sql);
    const { name, types, columns } = await this.#prepare(sql, opening);
    // A new text was parsed in the call that opened the transaction.
    const first = known ? opening : [];
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = types[i];
      const serializer = oid === undefined ? undefined : this.pg.serializers[oid];
      // As PGlite: a type without a serialiser gets the value's own string.
      return serializer ? serializer(param) : (param as { toString(): string }).toString();
    });
    let messages: Messages;
    try {
      messages = afterBegin(
        await this.pg.execProtocolStream(
          concat([...first, serialize.bind({ statement: name, values }), ...(columns ? [] : [serialize.describe({ type: 'P' })]), serialize.execute({}), serialize.sync()]),
          { syncToFs: false },
        ),
        first.length > 0,
      );
    } catch (error) {
      // A table whose columns changed since a `select *` was prepared: PostgreSQL refuses the old
      // statement. Parsed again it runs; outside a transaction at once, inside one on the next call
      // (the refusal aborted the transaction, as the same change would have under PGlite's own query).
      if (error instanceof Error && (error as { code?: string }).code === STALE_RESULT_TYPE.code && error.message.includes(STALE_RESULT_TYPE.message)) {
        this.#forget(sql);
        if (retry && !this.pg.isInTransaction()) return this.run<T>(sql, params, { retry: false });
      }
      if (error instanceof Error) Object.assign(error, { query: sql, params });
      throw error;
    }
    // Its columns as described when it was prepared: they cannot change without PostgreSQL refusing
    // the statement (the stale result type above), so each run does not describe them again.
    return parse.parseResults(columns ? [...columns, ...messages] : messages, this.pg.parsers)[0]!.rows as T[];
  }
}

/** Embedded PostgreSQL in a folder: a new shop needs no database server. */
export async function openPgliteDatabase(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // loadDataDir: a tarball of a data folder (a backup) unpacked into the new, empty dataDir.
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}), extensions: { pg_trgm } });
  const statements = new PgliteStatements(pg);
  // As PGlite's query: one statement at a time, never inside another caller's transaction, and the
  // file system synced after a statement outside a transaction.
  const root: Queryable = {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      await pg._checkReady();
      return pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(async () => {
          const rows = await statements.run<T>(sql, params);
          await pg.syncToFs();
          return rows;
        }),
      );
    },
  };
  /**
   * A transaction as PGlite's own (one at a time, under its transaction lock; rolled back when `fn`
   * throws; a COMMIT that PostgreSQL turns into a ROLLBACK, after a statement in it failed, is an
   * error) in fewer calls into the database: PGlite's sends BEGIN, COMMIT and ROLLBACK each as a query
   * and then a sync, two calls apiece. Here BEGIN goes in the call of the first statement (`run`'s
   * `begin`), and COMMIT or ROLLBACK is one call; a transaction that ran no statement sends nothing.
   * The file system is synced after the commit, as after a statement outside a transaction.
   */
  async function transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    await pg._checkReady();
    return pg._runExclusiveTransaction(async () => {
      let open = false;
      let closed = false;
      const tx: Queryable = {
        async query<R>(sql: string, params: readonly unknown[] = []) {
          if (closed) throw new Error('Transaction is closed');
          return pg._runExclusiveQuery(() => {
            const begin = !open;
            open = true;
            return statements.run<R>(sql, params, { begin });
          });
        },
      };
      const end = (command: 'COMMIT' | 'ROLLBACK') => pg._runExclusiveQuery(() => pg.execProtocolStream(serialize.query(command), { syncToFs: false }));
      try {
        const result = await fn(tx);
        closed = true;
        if (open) {
          const ended = await end('COMMIT');
          if (ended.some((message) => message.name === 'commandComplete' && (message as { text?: string }).text === 'ROLLBACK')) {
            throw Object.assign(new TransactionAbortedError(), { query: 'COMMIT' });
          }
          await pg.syncToFs();
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          if (open) await end('ROLLBACK');
        }
        throw error;
      }
    });
  }
  return {
    kind: 'pglite',
    query: (sql, params) => root.query(sql, params),
    transaction,
    async listen(channel, onMessage) {
      const unsubscribe = await pg.listen(channel, onMessage);
      return async () => unsubscribe();
    },
    channel: (name) => name,
    close: () => pg.close(),
    async dumpDataDir() {
      // A checkpoint first writes committed changes into the tables' files, so a restore has little
      // write-ahead log to replay. Every query and transaction of this PGlite holds its transaction
      // lock, so under that lock none is half done (PGlite's own dumpDataDir waits only for the
      // statement running, not for the rest of an open transaction). Uncompressed: the caller
      // compresses after the lock is released, so orders wait for the copy only, not for gzip.
      await pg.exec('CHECKPOINT');
      return pg._runExclusiveTransaction(() => pg.dumpDataDir('none'));
    },
  };
}
