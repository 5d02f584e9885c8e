import { randomToken, tokenDigest } from '../auth/opaque-token';
import type { Queryable } from '../db/database';

/** Prefix of every admin token: secret scanners and people can tell one from other strings. */
export const ADMIN_TOKEN_PREFIX = 'fxa_';

export interface AdminTokenInfo {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

interface AdminTokenRow {
  id: string | number;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const toInfo = (row: AdminTokenRow): AdminTokenInfo => ({
  id: Number(row.id),
  name: row.name,
  created_at: iso(row.created_at)!,
  last_used_at: iso(row.last_used_at),
  revoked_at: iso(row.revoked_at),
});

/** Creates a token; the clear value is returned once and only its digest is stored. */
export async function createAdminToken(db: Queryable, name: string): Promise<AdminTokenInfo & { token: string }> {
  const token = ADMIN_TOKEN_PREFIX + randomToken();
  const rows = await db.query<AdminTokenRow>(
    'insert into admin_tokens (name, token_hash) values ($1, $2) returning id, name, created_at, last_used_at, revoked_at',
    [name, tokenDigest(token)],
  );
  return { ...toInfo(rows[0]!), token };
}

export async function listAdminTokens(db: Queryable): Promise<AdminTokenInfo[]> {
  const rows = await db.query<AdminTokenRow>('select id, name, created_at, last_used_at, revoked_at from admin_tokens order by id');
  return rows.map(toInfo);
}

/** Revokes by id or by name (every live token of that name); returns the tokens revoked now. */
export async function revokeAdminToken(db: Queryable, idOrName: string): Promise<AdminTokenInfo[]> {
  const byId = /^\d{1,15}$/.test(idOrName);
  const rows = await db.query<AdminTokenRow>(
    `update admin_tokens set revoked_at = now() where revoked_at is null and ${byId ? 'id = $1::bigint' : 'name = $1'}
     returning id, name, created_at, last_used_at, revoked_at`,
    [idOrName],
  );
  return rows.map(toInfo);
}

/**
 * Whether a presented token is a live admin token. Its last use is recorded at most once a minute,
 * so a busy integration does not write on every call.
 */
export async function isLiveAdminToken(db: Queryable, token: string): Promise<boolean> {
  if (!token.startsWith(ADMIN_TOKEN_PREFIX) || token.length > 200) return false;
  const rows = await db.query<{ id: string | number }>(
    `update admin_tokens set last_used_at = now()
     where token_hash = $1 and revoked_at is null and (last_used_at is null or last_used_at < now() - interval '1 minute')
     returning id`,
    [tokenDigest(token)],
  );
  if (rows.length > 0) return true;
  const live = await db.query('select 1 from admin_tokens where token_hash = $1 and revoked_at is null', [tokenDigest(token)]);
  return live.length > 0;
}
