import { randomBytes } from 'node:crypto';
import type { Config } from './config';
import type { Database } from './db/database';

export interface Secrets {
  /** Signs access tokens. Kept in the database so every API process on it agrees. */
  authSecret: string;
}

/** Uses AUTH_SECRET when given; otherwise generates one on first start and keeps it in `meta`. */
export async function loadSecrets(db: Database, config: Pick<Config, 'authSecret'>): Promise<Secrets> {
  if (config.authSecret) return { authSecret: config.authSecret };
  const candidate = randomBytes(32).toString('base64url');
  await db.query("insert into meta (key, value) values ('auth_secret', $1::jsonb) on conflict (key) do nothing", [JSON.stringify(candidate)]);
  const rows = await db.query<{ value: string }>("select value from meta where key = 'auth_secret'");
  const stored = rows[0]?.value;
  if (typeof stored !== 'string') throw new Error('auth secret missing from meta table');
  return { authSecret: stored };
}
