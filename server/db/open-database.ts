import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgresDatabase(config.databaseUrl, config.databaseSchema);
  return openPgliteDatabase(path.join(config.dataDir, 'pg'));
}
