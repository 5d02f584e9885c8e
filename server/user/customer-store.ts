import type { ApiAddress, ApiCustomer } from '../../schemas/api/user';
import type { Queryable } from '../db/database';

/** The `customers` table; the only module that reads or writes it. */
export interface CustomerRow {
  id: number;
  email: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  group_id: number;
  tokens_valid_from: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** New accounts join group 1 ("General"); group 0 is the guest group. */
export const DEFAULT_GROUP_ID = 1;

const COLUMNS = 'id, email, password_hash, firstname, lastname, group_id, tokens_valid_from, created_at, updated_at';

export async function findCustomerByEmail(db: Queryable, email: string): Promise<CustomerRow | undefined> {
  const rows = await db.query<CustomerRow>(`select ${COLUMNS} from customers where email = $1`, [email.toLowerCase()]);
  return rows[0];
}

export async function findCustomerById(db: Queryable, id: number, forUpdate = false): Promise<CustomerRow | undefined> {
  const rows = await db.query<CustomerRow>(`select ${COLUMNS} from customers where id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0];
}

/** Inserts the account; undefined when the e-mail is taken (the unique index decides, race-free). */
export async function insertCustomer(db: Queryable, input: { email: string; passwordHash: string; firstname: string; lastname: string }): Promise<CustomerRow | undefined> {
  const rows = await db.query<CustomerRow>(
    `insert into customers (email, password_hash, firstname, lastname, group_id) values ($1, $2, $3, $4, $5)
     on conflict (email) do nothing returning ${COLUMNS}`,
    [input.email.toLowerCase(), input.passwordHash, input.firstname, input.lastname, DEFAULT_GROUP_ID],
  );
  return rows[0];
}

/**
 * Changes name and e-mail. A taken e-mail fails on the unique index (SQLSTATE 23505, see
 * `isUniqueViolation`); the caller turns that into the duplicate-account message.
 */
export async function updateCustomerProfile(db: Queryable, id: number, changes: { email: string; firstname: string; lastname: string }): Promise<void> {
  await db.query('update customers set email = $2, firstname = $3, lastname = $4, updated_at = now() where id = $1', [id, changes.email.toLowerCase(), changes.firstname, changes.lastname]);
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** A new password also invalidates every access token issued before it (tokens_valid_from). */
export async function setCustomerPassword(db: Queryable, id: number, passwordHash: string, now = new Date()): Promise<void> {
  await db.query('update customers set password_hash = $2, tokens_valid_from = $3, updated_at = now() where id = $1', [id, passwordHash, now.toISOString()]);
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** The API shape: never the password hash. */
export function toApiCustomer(row: CustomerRow, addresses: ApiAddress[]): ApiCustomer {
  return {
    id: Number(row.id),
    group_id: Number(row.group_id),
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    addresses,
  };
}
