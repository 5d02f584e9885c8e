import type { AuthClaims } from '../auth/access-token';
import type { Queryable } from '../db/database';
import { unauthorized } from '../http/api-error';
import { findCustomerById, type CustomerRow } from './customer-store';

/**
 * The customer behind a verified access token. Access tokens are stateless, so the account
 * endpoints also refuse a token of a deleted account or one issued before the last password
 * change or reset (`tokens_valid_from`, compared in whole seconds like `iat`).
 */
export async function requireCustomer(db: Queryable, auth: AuthClaims | null, forUpdate = false): Promise<CustomerRow> {
  const id = auth && /^\d{1,18}$/.test(auth.sub) ? Number(auth.sub) : NaN;
  if (!Number.isSafeInteger(id)) throw unauthorized();
  const customer = await findCustomerById(db, id, forUpdate);
  if (!customer || !auth) throw unauthorized();
  if (customer.tokens_valid_from !== null) {
    const validFrom = Math.floor(new Date(customer.tokens_valid_from).getTime() / 1000);
    if (auth.iat < validFrom) throw unauthorized();
  }
  return customer;
}
