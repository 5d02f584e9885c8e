import type { AddressInput, ApiAddress } from '../../schemas/api/user';
import type { Queryable } from '../db/database';
import { ApiError, badRequest } from '../http/api-error';
import { USER_MESSAGES } from './user-messages';

/**
 * The `customer_addresses` table: its columns are the API address fields. Every query names the
 * customer, so no one reaches another's rows.
 */
type AddressRow = ApiAddress;

function toApiAddress(row: AddressRow): ApiAddress {
  return { ...row, id: Number(row.id), customer_id: Number(row.customer_id) };
}

export async function listAddresses(db: Queryable, customerId: number): Promise<ApiAddress[]> {
  const rows = await db.query<AddressRow>(
    `select id, customer_id, firstname, lastname, street, city, postcode, country_id, region, telephone, company, vat_id, default_shipping, default_billing
     from customer_addresses where customer_id = $1 order by id`,
    [customerId],
  );
  return rows.map(toApiAddress);
}

function values(address: AddressInput): unknown[] {
  return [
    address.firstname, address.lastname, JSON.stringify(address.street), address.city, address.postcode, address.country_id,
    address.region ? JSON.stringify(address.region) : null, address.telephone ?? null, address.company ?? null, address.vat_id ?? null,
    address.default_shipping ?? false, address.default_billing ?? false,
  ];
}

/** At most one default shipping and one default billing address. */
function checkDefaults(addresses: readonly AddressInput[]): void {
  for (const flag of ['default_shipping', 'default_billing'] as const) {
    if (addresses.filter((a) => a[flag]).length > 1) throw badRequest(`customer.addresses: only one address can have ${flag}`);
  }
}

/**
 * Makes the customer's addresses exactly `incoming`: ids update their row, addresses without an id
 * are added, the rest are removed. An id (or customer_id) that is not this customer's is a 403
 * before anything is written: the reference system's IDOR guard, kept.
 */
export async function replaceAddresses(tx: Queryable, customerId: number, incoming: readonly AddressInput[]): Promise<void> {
  checkDefaults(incoming);
  const owned = new Set((await tx.query<{ id: number }>('select id from customer_addresses where customer_id = $1', [customerId])).map((r) => Number(r.id)));
  const seen = new Set<number>();
  for (const address of incoming) {
    const foreignOwner = address.customer_id != null && Number(address.customer_id) !== customerId;
    if (foreignOwner || (address.id !== undefined && !owned.has(address.id))) throw new ApiError(403, USER_MESSAGES.foreignAddress);
    if (address.id !== undefined && seen.has(address.id)) throw badRequest(`customer.addresses: address ${address.id} is listed twice`);
    if (address.id !== undefined) seen.add(address.id);
  }
  const removed = [...owned].filter((id) => !seen.has(id));
  if (removed.length > 0) await tx.query('delete from customer_addresses where customer_id = $1 and id = any($2::bigint[])', [customerId, removed]);
  for (const address of incoming) {
    if (address.id === undefined) await insertAddress(tx, customerId, address);
    else {
      await tx.query(
        `update customer_addresses set firstname = $3, lastname = $4, street = $5::jsonb, city = $6, postcode = $7, country_id = $8, region = $9::jsonb,
           telephone = $10, company = $11, vat_id = $12, default_shipping = $13, default_billing = $14, updated_at = now()
         where id = $1 and customer_id = $2`,
        [address.id, customerId, ...values(address)],
      );
    }
  }
}

export async function insertAddresses(tx: Queryable, customerId: number, addresses: readonly AddressInput[]): Promise<void> {
  checkDefaults(addresses);
  for (const address of addresses) await insertAddress(tx, customerId, address);
}

async function insertAddress(tx: Queryable, customerId: number, address: AddressInput): Promise<void> {
  if (address.customer_id != null && Number(address.customer_id) !== customerId) throw new ApiError(403, USER_MESSAGES.foreignAddress);
  await tx.query(
    `insert into customer_addresses (customer_id, firstname, lastname, street, city, postcode, country_id, region, telephone, company, vat_id, default_shipping, default_billing)
     values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13)`,
    [customerId, ...values(address)],
  );
}
