import type { Queryable } from '../../../server/db/database';

/**
 * The tables a request could change. A digest is, per table, the row count and a hash of every
 * row's text, so a difference names the table that changed.
 * The catalogue is large and only ever changes through the admin import, so its count and highest
 * seq stand for it. Throttle counters (`attempt_throttle`) are left out on purpose: counting a
 * refused attempt is the one change a refused request is allowed to make.
 */
const TABLES = [
  'customers',
  'customer_addresses',
  'carts',
  'cart_items',
  'orders',
  'order_status_history',
  'stock',
  'reviews',
  'form_submissions',
  'newsletter_subscribers',
  'mail_outbox',
  'refresh_tokens',
  'password_reset_tokens',
  'coupons',
] as const;

export type Digest = Record<string, string>;

const SQL = [
  // A sum of 64-bit row hashes: order-free, so no sort, and cheap enough to run around every request.
  ...TABLES.map((table) => `select '${table}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(t::text, 0))::text, '-') as digest from ${table} t`),
  "select 'catalog_documents' as name, count(*)::text || ':' || coalesce(max(seq)::text, '-') as digest from catalog_documents",
].join(' union all ');

export async function digestTables(db: Queryable): Promise<Digest> {
  const rows = await db.query<{ name: string; digest: string }>(SQL);
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

/** The tables whose digest differs, e.g. `['carts (3:ab… → 4:cd…)']`; empty when nothing changed. */
export function changedTables(before: Digest, after: Digest): string[] {
  return Object.keys({ ...before, ...after })
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name} (${before[name] ?? 'none'} → ${after[name] ?? 'none'})`);
}
