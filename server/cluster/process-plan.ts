import type { Config } from '../config';

export interface ProcessPlan {
  /** API processes to run: 1 runs the server in this process, more start a supervisor. */
  processes: number;
  /** Said once on start-up when the plan differs from what was asked. */
  notice?: { level: 'info' | 'warn'; message: string };
}

/**
 * How many API processes serve the shop. On PostgreSQL each is a full API process: LISTEN/NOTIFY keeps
 * their catalogues and change streams in step, advisory locks and SKIP LOCKED keep their writes apart.
 *
 * The embedded database (PGlite) is one PostgreSQL session in one process, so it runs one API process.
 * Sharing it through one owner (the primary serving it over a socket, @electric-sql/pglite-socket) was
 * measured and turned down: 0.2.17 pins PGlite 0.5.14 (we run 0.5.16); a query through it took 421 µs
 * against 260 µs direct, all still on the owner's one thread; and every connection is the same session,
 * so a second connection took an advisory lock the first held (our migration, seed, catalogue-write and
 * order-feed locks would exclude nothing) and a query waited without end while another connection had a
 * transaction open. Catalogue reads are answered from memory and need no database; the way to more
 * processes is DATABASE_URL.
 */
export function processPlan(config: Pick<Config, 'databaseUrl' | 'webConcurrency'>, asked: boolean): ProcessPlan {
  if (config.databaseUrl || config.webConcurrency === 1) return { processes: config.webConcurrency };
  const message =
    `one API process: the embedded database (PGlite) can only be opened by one process. ` +
    `Set DATABASE_URL to a PostgreSQL server to serve with ${config.webConcurrency} processes (WEB_CONCURRENCY${asked ? '' : ', by default one per core'}).`;
  return { processes: 1, notice: { level: asked ? 'warn' : 'info', message } };
}
