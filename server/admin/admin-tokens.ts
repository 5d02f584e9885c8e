import { randomToken, tokenDigest } from '../auth/opaque-token';
import type { Queryable } from '../db/database';
import type { AdminScope } from '../../schemas/api/admin-scopes';

/** Prefix of every admin token: secret scanners and people can tell one from other strings. */
export const ADMIN_TOKEN_PREFIX = 'fxa_';

export interface AdminTokenInfo {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** Null: every scope. */
  scopes: AdminScope[] | null;
}

interface AdminTokenRow {
  id: string | number;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
  scopes: string[] | null;
}

const COLUMNS = 'id, name, created_at, last_used_at, revoked_at, scopes';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const toInfo = (row: AdminTokenRow): AdminTokenInfo => ({
  id: Number(row.id),
  name: row.name,
  created_at: iso(row.created_at)!,
  last_used_at: iso(row.last_used_at),
  revoked_at: iso(row.revoked_at),
  scopes: row.scopes === null ? null : (row.scopes as AdminScope[]),
});

/** Creates a token; the clear value is returned once and only its digest is stored. */
export async function createAdminToken(db: Queryable, name: string, scopes: readonly AdminScope[] | null = null): Promise<AdminTokenInfo & { token: string }> {
  const token = ADMIN_TOKEN_PREFIX + randomToken();
  const rows = await db.query<AdminTokenRow>(`insert into admin_tokens (name, token_hash, scopes) values ($1, $2, $3::text[]) returning ${COLUMNS}`, [
    name,
    tokenDigest(token),
    scopes === null ? null : [...scopes],
  ]);
  return { ...toInfo(rows[0]!), token };
}

export async function listAdminTokens(db: Queryable): Promise<AdminTokenInfo[]> {
  const rows = await db.query<AdminTokenRow>(`select ${COLUMNS} from admin_tokens order by id`);
  return rows.map(toInfo);
}

/** Revokes by id or by name (every live token of that name); returns the tokens revoked now. */
export async function revokeAdminToken(db: Queryable, idOrName: string): Promise<AdminTokenInfo[]> {
  const byId = /^\d{1,15}$/.test(idOrName);
  const rows = await db.query<AdminTokenRow>(
    `update admin_tokens set revoked_at = now() where revoked_at is null and ${byId ? 'id = $1::bigint' : 'name = $1'}
     returning ${COLUMNS}`,
    [idOrName],
  );
  return rows.map(toInfo);
}

/**
 * The scopes of a presented live admin token (null: all of them), or undefined when it is not one.
 * Its last use is recorded at most once a minute, so a busy integration does not write on every call.
 */
export async function liveAdminTokenScopes(db: Queryable, token: string): Promise<AdminScope[] | null | undefined> {
  if (!token.startsWith(ADMIN_TOKEN_PREFIX) || token.length > 200) return undefined;
  const digest = tokenDigest(token);
  const touched = await db.query<{ scopes: string[] | null }>(
    `update admin_tokens set last_used_at = now()
     where token_hash = $1 and revoked_at is null and (last_used_at is null or last_used_at < now() - interval '1 minute')
     returning scopes`,
    [digest],
  );
  const [row] = touched.length > 0 ? touched : await db.query<{ scopes: string[] | null }>('select scopes from admin_tokens where token_hash = $1 and revoked_at is null', [digest]);
  if (!row) return undefined;
  return row.scopes === null ? null : (row.scopes as AdminScope[]);
}
