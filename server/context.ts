import type { FastifyBaseLogger } from 'fastify';
import type { CatalogService } from './catalog/catalog-service';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Secrets } from './secrets';

/** What every route module gets: configuration, the database and the shared services. */
export interface AppContext {
  config: Config;
  db: Database;
  secrets: Secrets;
  catalog: CatalogService;
  log: FastifyBaseLogger;
  /** Random per process; lets the local catalogue import command call the running server. */
  adminToken: string;
}
